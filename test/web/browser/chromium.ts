// Debian's chromium driven by playwright-core, never a downloaded browser; and the dashboard
// build, redone when its sources are newer than web/client/dist.
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type BrowserContext } from 'playwright-core';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
export const ARTIFACTS = join(ROOT, 'test-artifacts', 'web');
const CHROMIUM = '/usr/bin/chromium';

/** Builds the dashboard if dist is missing or older than any of its sources (scripts/ensure-client.mjs). */
export { ensureClientBuilt } from '../../../scripts/ensure-client.mjs';

/** A headless chromium with a fresh profile; close() also deletes the profile. */
export async function launchChromium(): Promise<{ context: BrowserContext; close(): Promise<void> }> {
  if (!existsSync(CHROMIUM)) throw new Error(`${CHROMIUM} is missing: install Debian's chromium package (npm test installs it as root)`);
  mkdirSync(ARTIFACTS, { recursive: true });
  const profile = mkdtempSync(join(tmpdir(), 'red7-chromium-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    headless: true,
    viewport: { width: 1280, height: 800 },
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
  });
  return {
    context,
    async close() {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    },
  };
}
