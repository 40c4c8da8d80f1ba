// Builds what the suites share before any of them runs, each only when a source is newer than the
// last build: dist/ (the suites that spawn `node bin/red7.js` run the code under test) and the
// dashboard (two browser suites starting together must not build it at the same time).
import { ensureBuilt } from '../../scripts/build.mjs';
import { ensureClientBuilt } from '../../scripts/ensure-client.mjs';

export default function setup(): void {
  ensureBuilt();
  ensureClientBuilt();
}
