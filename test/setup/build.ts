// The suites that spawn `node bin/red7.js` run the compiled dist/: build it first when a source is
// newer than the last build, so they always run the code under test.
// @ts-expect-error -- a plain .mjs script without type declarations
import { ensureBuilt } from '../../scripts/build.mjs';

export default function setup(): void {
  ensureBuilt();
}
