// Debian's chromium driven by playwright-core, never a downloaded browser; and the dashboard
// build, redone when its sources are newer than web/client/dist. Free of vitest, so that
// `npm run bench` can launch the browser outside a test run.
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import request from 'supertest';
import { bearer, PIN } from '../helpers.ts';
import { PATIENCE_MS } from '../../helpers/patience.ts';

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

/** Opens the dashboard at `url` (unless it is open already) and signs in with the referee PIN. */
export async function signInAsReferee(page: Page, url?: string): Promise<void> {
  if (url !== undefined) await page.goto(url);
  await page.fill('[data-testid="pin-input"]', PIN);
  await page.click('[data-testid="pin-submit"]');
  await page.waitForSelector('body[data-role="referee"]');
}

/** Sends commands as the referee over HTTP, each accepted, and waits until every page shows the last; returns its seq. */
export async function sendCommands(url: string, pages: Page[], commands: Array<Record<string, unknown>>): Promise<number> {
  let seq = 0;
  for (const c of commands) {
    const r = await request(url).post('/api/commands').set(bearer(PIN)).send(c);
    if (r.status !== 200) throw new Error(`the referee's ${JSON.stringify(c)} was answered ${r.status}: ${JSON.stringify(r.body)}`);
    seq = (r.body as { seq: number }).seq;
  }
  for (const p of pages) await p.waitForSelector(`body[data-seq="${seq}"]`, { timeout: PATIENCE_MS });
  return seq;
}

const AXE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** axe-core's serious and critical findings on the page as it is now. */
export async function seriousViolations(p: Page): Promise<string[]> {
  // Evaluated over the DevTools protocol, which the page's Content-Security-Policy does not block.
  if (!(await p.evaluate(() => 'axe' in window))) await p.evaluate(AXE);
  const found = await p.evaluate(async () => {
    const axe = (window as unknown as { axe: { run(o: unknown): Promise<{ violations: Array<{ id: string; impact: string; nodes: Array<{ target: string[] }> }> }> } }).axe;
    const r = await axe.run({ resultTypes: ['violations'] });
    return r.violations.map((v) => ({ id: v.id, impact: v.impact, where: v.nodes.slice(0, 3).map((n) => n.target.join(' ')).join(', ') }));
  });
  return found.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id} (${v.impact}) at ${v.where}`);
}
