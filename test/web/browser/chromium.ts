// Debian's chromium driven by playwright-core, never a downloaded browser; and the dashboard
// build, redone when its sources are newer than web/client/dist.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type BrowserContext } from 'playwright-core';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
export const ARTIFACTS = join(ROOT, 'test-artifacts', 'web');
const CHROMIUM = '/usr/bin/chromium';

function newest(path: string): number {
  const st = statSync(path);
  if (!st.isDirectory()) return st.mtimeMs;
  let t = st.mtimeMs;
  for (const name of readdirSync(path)) {
    if (name === 'dist' || name === 'node_modules') continue;
    t = Math.max(t, newest(join(path, name)));
  }
  return t;
}

/** Builds the dashboard if dist is missing or older than any of its sources. */
export function ensureClientBuilt(): void {
  const index = join(ROOT, 'web/client/dist/index.html');
  const sources = Math.max(newest(join(ROOT, 'web/client')), newest(join(ROOT, 'web/protocol.ts')), newest(join(ROOT, 'device/rules/cards.ts')));
  if (existsSync(index) && statSync(index).mtimeMs >= sources) return;
  execFileSync('npx', ['vite', 'build', '--config', 'web/client/vite.config.ts'], { cwd: ROOT, stdio: 'pipe' });
}

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
