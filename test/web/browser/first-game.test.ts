// A first game as a new referee plays it, in Debian's chromium against the real referee: the
// starting cards dealt from the seat panel (picked on screen, and read by the camera), a misread
// corrected, a play taken back with UNDO — and not one refusal the referee could not foresee.
import { join } from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CardScanner } from '../../../device/referee/types.ts';
import { startStack, type Stack } from '../e2e/stack.ts';
import { ARTIFACTS, ensureClientBuilt, launchChromium, signInAsReferee } from './chromium.ts';

const tid = (id: string) => `[data-testid="${id}"]`;
/** What the table camera reads, in order: Cy's starting card, then Cy's first play (misread). */
const reads: string[] = ['B2', 'R5'];
const scanner: CardScanner = async () => ({ card: reads.shift()! });

let stack: Stack;
let browser: { context: BrowserContext; close(): Promise<void> };
let page: Page;
let seq = 0;

async function accepted(): Promise<void> {
  seq += 1;
  await page.waitForSelector(`body[data-seq="${seq}"]`, { timeout: 15_000 });
  // Nothing was refused: no warning for the table, no error notice for the referee.
  expect(await page.$(tid('warning'))).toBeNull();
  expect(await page.$(`${tid('notice')}.error`)).toBeNull();
}

async function pick(card: string): Promise<void> {
  await page.click(tid(`pick-${card}`));
  await page.waitForSelector(`${tid(`pick-${card}`)}[aria-pressed="true"]`);
}

async function text(id: string): Promise<string> {
  return (await page.textContent(tid(id)))?.trim() ?? '';
}

async function shot(name: string): Promise<void> {
  await page.screenshot({ path: join(ARTIFACTS, `first-game-${name}.png`), fullPage: true });
}

beforeAll(async () => {
  ensureClientBuilt();
  stack = await startStack({ scanner });
  browser = await launchChromium();
  page = await browser.context.newPage();
  await page.addInitScript(() => {
    const w = window as unknown as { spoken: string[] };
    w.spoken = [];
    Object.defineProperty(window.speechSynthesis, 'speak', { value: (u: SpeechSynthesisUtterance) => { w.spoken.push(u.text); } });
  });
  await signInAsReferee(page, stack.url);
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await stack?.destroy();
});

describe('a first game, as a new referee plays it', () => {
  it('deals the starting cards from the seat panel, told at each step what is next', async () => {
    for (const [i, name] of ['Ann', 'Ben', 'Cy'].entries()) await page.fill(tid(`player-name-${i}`), name);
    await page.click(tid('start-game'));
    await accepted();
    expect(await text('next-step')).toBe("Next: deal the starting card of Ann, Ben, Cy. Pick the card (or lay it on the tray) and press that seat's PALETTE.");
    await shot('deal');
    await pick('O3');
    await page.click(tid('vp-0-palette'));
    await accepted();
    await pick('G5');
    await page.click(tid('vp-1-palette'));
    await accepted();
    expect(await text('next-step')).toContain('starting card of Cy.');
    // Nothing picked: the camera reads Cy's starting card.
    await page.click(tid('vp-2-palette'));
    await accepted();
    expect(await page.$(tid('next-step'))).toBeNull();
    expect(await text('phase')).toBe('Round 1');
    expect(await page.$(tid('seat-2-turn'))).not.toBeNull();
    expect(await page.getAttribute(`${tid('seat-2-palette')} ${tid('card-B2')}`, 'data-card')).toBe('B2');
  }, 120_000);

  it('corrects a misread from the list of plays that stand', async () => {
    // Cy lays Red 6; the camera misreads it as Red 5. Cy ends the turn.
    await page.click(tid('vp-2-palette'));
    await accepted();
    await page.click(tid('vp-2-done'));
    await accepted();
    expect(await page.getAttribute(`${tid('seat-2-palette')} ${tid('card-R5')}`, 'data-card')).toBe('R5');
    await page.click(tid('correct-open'));
    await page.waitForSelector(tid('correct-pick-5'));
    await shot('correct-list');
    await page.click(tid('correct-pick-5'));
    await pick('R6');
    await page.click(tid('correct-send'));
    await accepted();
    expect(await page.getAttribute(`${tid('seat-2-palette')} ${tid('card-R6')}`, 'data-card')).toBe('R6');
    expect(await text('announcement')).toContain('corrected to Red 6');
  }, 60_000);

  it('takes a play back with UNDO, says what it took back and whose turn it is, and speaks it', async () => {
    await pick('Y7');
    await page.click(tid('vp-0-palette'));
    await accepted();
    await page.click(tid('vp-undo'));
    await accepted();
    const said = "Taken back: Ann plays Yellow 7 to the palette. Cy leads with the highest card, Red 6. It is Ann's turn.";
    expect(await text('announcement')).toBe(said);
    const spoken = await page.evaluate(() => (window as unknown as { spoken: string[] }).spoken);
    expect(spoken.join(' ')).toContain('Taken back: Ann plays Yellow 7 to the palette.');
    expect(spoken).toContain("It is Ann's turn.");
    await shot('undo');
    // The play taken back is not offered for correction; the plays that stand are.
    await page.click(tid('correct-open'));
    await page.waitForSelector(tid('correct-pick-5'));
    const offered = await page.$$eval('[data-testid^="correct-pick-"]', (els) => els.map((e) => e.getAttribute('data-testid')));
    expect(offered).toEqual(['correct-pick-5', 'correct-pick-4', 'correct-pick-3', 'correct-pick-2']);
    expect(await text('correct-list')).not.toContain('Yellow 7');
    await shot('correct-after-undo');
    // The game goes on: Ann plays Yellow 7 again and ends her turn.
    await pick('Y7');
    await page.click(tid('vp-0-palette'));
    await accepted();
    await page.click(tid('vp-0-done'));
    await accepted();
    expect(await page.$(tid('seat-1-turn'))).not.toBeNull();
    await shot('after-undo-played-on');
  }, 60_000);
});
