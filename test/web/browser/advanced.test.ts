// An advanced game on the dashboard: the score table after a round, and the next round started
// from the referee's controls.
import { join } from 'node:path';
import request from 'supertest';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, PIN } from '../helpers.ts';
import { startStack, type Stack } from '../e2e/stack.ts';
import { ARTIFACTS, ensureClientBuilt, launchChromium, signInAsReferee } from './chromium.ts';

const tid = (id: string) => `[data-testid="${id}"]`;
let stack: Stack;
let browser: { context: BrowserContext; close(): Promise<void> };
let page: Page;

beforeAll(async () => {
  ensureClientBuilt();
  stack = await startStack();
  browser = await launchChromium();
  page = await browser.context.newPage();
  // Record what the dashboard speaks instead of sounding it (headless chromium has no voices).
  await page.addInitScript(() => {
    const w = window as unknown as { spoken: Array<{ text: string; lang: string }> };
    w.spoken = [];
    Object.defineProperty(window.speechSynthesis, 'speak', { value: (u: SpeechSynthesisUtterance) => { w.spoken.push({ text: u.text, lang: u.lang }); } });
  });
  await signInAsReferee(page, stack.url);
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await stack?.destroy();
});

describe('an advanced game on the dashboard', () => {
  it('shows the score table after a round and starts the next round', async () => {
    await page.fill(tid('player-name-0'), 'Ann');
    await page.fill(tid('player-name-1'), 'Ben');
    await page.check(tid('opt-advanced'));
    await page.selectOption(tid('opt-language'), 'de');
    await page.click(tid('start-game'));
    await page.waitForSelector('body[data-seq="1"]');
    // Ann leads under Red with Blue 3; Ben, first to play, passes: Ann wins and scores her Blue 3.
    for (const c of [{ type: 'deal', seat: 0, card: 'B3' }, { type: 'deal', seat: 1, card: 'G2' }, { type: 'pass', seat: 1 }]) {
      expect((await request(stack.url).post('/api/commands').set(bearer(PIN)).send(c)).status).toBe(200);
    }
    await page.waitForSelector('body[data-seq="4"]');
    expect(await page.textContent(tid('phase'))).toBe('Round 1 is over');
    expect(await page.textContent(tid('score-total-0'))).toBe('3');
    expect(await page.textContent(tid('score-total-1'))).toBe('0');
    expect(await page.textContent(tid('scores'))).toContain('first to 40');
    expect(await page.textContent(tid('seat-0-score'))).toContain('3');
    // The announcements are in the table's language (German here).
    expect(await page.textContent(tid('announcement'))).not.toBe('');
    expect(await page.isVisible(tid('next-round'))).toBe(true);
    await page.screenshot({ path: join(ARTIFACTS, 'referee-advanced-round-over.png'), fullPage: true });
    // Every announcement was spoken, in German, and none twice.
    const spoken = await page.evaluate(() => (window as unknown as { spoken: Array<{ text: string; lang: string }> }).spoken);
    expect(spoken.length).toBeGreaterThan(3);
    expect(new Set(spoken.map((s) => s.lang))).toEqual(new Set(['de-DE']));
    expect(spoken.map((s) => s.text)).toContain(await page.textContent(`${tid('log')} li:first-child`));
    // Muted, the next round is announced on screen but not spoken.
    await page.click(tid('mute'));
    await page.waitForSelector(`${tid('mute')}[aria-pressed="true"]`);
    await page.click(tid('next-round'));
    await page.waitForSelector('body[data-seq="5"]');
    expect(await page.textContent(tid('phase'))).toBe('Round 2: dealing starting cards');
    expect(await page.isVisible(tid('next-round'))).toBe(false);
    expect(await page.textContent(tid('rounds'))).toContain('Ann');
    expect(await page.evaluate(() => (window as unknown as { spoken: unknown[] }).spoken.length)).toBe(spoken.length);
    await page.click(tid('mute'));
  });
});
