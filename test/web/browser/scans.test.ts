// Scans on the dashboard: a player's phone uploads a photo that is played for their seat, the
// referee corrects the misread with the photo and the top guesses in view, an unsure camera read
// is confirmed by a tap on a guess, and a phone identifies a card privately. The classifier and
// the table camera are deterministic stand-ins with the real contracts (the card reader's).
import { join } from 'node:path';
import sharp from 'sharp';
import request from 'supertest';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, PIN } from '../helpers.ts';
import { startStack, type PhotoClassify, type Stack } from '../e2e/stack.ts';
import { ARTIFACTS, ensureClientBuilt, launchChromium, signInAsReferee } from './chromium.ts';

const tid = (id: string) => `[data-testid="${id}"]`;
let stack: Stack;
let browser: { context: BrowserContext; close(): Promise<void> };
let referee: Page;
let phone: Page;
const classified: string[][] = [];
const answers: Array<Awaited<ReturnType<PhotoClassify>>> = [
  // The phone's first photo: read, wrongly, as Red 6 (it is Orange 6).
  { card: 'R6', confidence: 0.91, alternatives: [{ card: 'R6', p: 0.91 }, { card: 'O6', p: 0.07 }] },
  // The second: only identified, never played.
  { card: 'B4', confidence: 0.97, alternatives: [{ card: 'B4', p: 0.97 }] },
];
const classify: PhotoClassify = async (_image, exclude) => {
  classified.push(exclude);
  const next = answers.shift();
  if (next === undefined) throw new Error('no more planned reads');
  return next;
};

async function palette(p: Page, seat: number): Promise<string[]> {
  return p.$$eval(`${tid(`seat-${seat}-palette`)} [data-card]`, (els) => els.map((e) => e.getAttribute('data-card')!));
}

beforeAll(async () => {
  ensureClientBuilt();
  stack = await startStack({
    classify,
    // The table camera: never sure, so the table confirms by tapping a guess.
    scanner: async () => ({ rescan: true, alternatives: [{ card: 'O1', p: 0.55 }, { card: 'R1', p: 0.3 }], reason: 'the card is blurred' }),
  });
  for (const c of [
    { type: 'newGame', players: ['Ann', 'Ben', 'Cy'] },
    { type: 'deal', seat: 0, card: 'O3' }, { type: 'deal', seat: 1, card: 'G5' }, { type: 'deal', seat: 2, card: 'B2' },
  ]) expect((await request(stack.url).post('/api/commands').set(bearer(PIN)).send(c)).status).toBe(200);
  browser = await launchChromium();
  referee = await browser.context.newPage();
  phone = await browser.context.newPage();
  await phone.setViewportSize({ width: 390, height: 844 });
  await referee.goto(stack.url);
  await phone.goto(`http://localhost:${new URL(stack.url).port}/`);
  await signInAsReferee(referee);
  await referee.click(tid('pair-seat-2'));
  await referee.waitForFunction((sel) => /[A-Z2-9]{6}/.test(document.querySelector(sel)?.textContent ?? ''), tid('pair-code-2'));
  const code = /([A-Z2-9]{6})/.exec((await referee.textContent(tid('pair-code-2')))!)![1]!;
  await phone.fill(tid('pair-input'), code);
  await phone.click(tid('pair-submit'));
  await phone.waitForSelector('body[data-role="seat"]');
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await stack?.destroy();
});

describe('scans on the dashboard', () => {
  it('plays a photo from the player\'s phone for their seat, with the visible cards ruled out', async () => {
    const photo = await sharp({ create: { width: 120, height: 168, channels: 3, background: '#f57c00' } }).png().toBuffer();
    await phone.selectOption(tid('photo-to'), 'palette');
    await phone.setInputFiles(tid('photo-file'), { name: 'card.png', mimeType: 'image/png', buffer: photo });
    await referee.waitForSelector('body[data-seq="5"]');
    expect(await palette(referee, 2)).toEqual(['B2', 'R6']);
    expect(new Set(classified[0])).toEqual(new Set(['O3', 'G5', 'B2']));
    // The referee's screen can hear of the play before the phone's own upload has its answer.
    await phone.waitForFunction((sel) => (document.querySelector(sel)?.textContent ?? '').includes('Red 6'), tid('identify-result'));
  });

  it('corrects the misread from the referee\'s screen, showing the photo and the top guesses', async () => {
    await referee.click(tid('correct-open'));
    await referee.click(tid('correct-pick-5'));
    await referee.waitForSelector(tid('correct-photo'));
    expect(await referee.$eval(tid('correct-photo'), (img) => (img as HTMLImageElement).naturalWidth)).toBe(120);
    await referee.click(tid('guess-O6'));
    await referee.waitForSelector(`${tid('pick-O6')}[aria-pressed="true"]`);
    await referee.screenshot({ path: join(ARTIFACTS, 'referee-correct-misread.png'), fullPage: true });
    await referee.click(tid('correct-send'));
    await referee.waitForFunction((sel) => [...document.querySelectorAll(`${sel} [data-card]`)].map((e) => e.getAttribute('data-card')).join() === 'B2,O6', tid('seat-2-palette'));
    await phone.waitForFunction((sel) => [...document.querySelectorAll(`${sel} [data-card]`)].map((e) => e.getAttribute('data-card')).join() === 'B2,O6', tid('seat-2-palette'));
  });

  it('asks for a rescan when the camera is unsure, and a tap on a guess plays it', async () => {
    // Nothing on the tray: CANVAS leaves the card to the table camera, which cannot read it surely.
    await referee.click(tid('tray-clear'));
    await referee.click(tid('vp-2-canvas'));
    await referee.waitForSelector(tid('rescan-guesses'));
    expect(await referee.textContent(tid('warning'))).toContain('Scan again');
    await phone.waitForSelector(tid('rescan-guesses'));
    await referee.screenshot({ path: join(ARTIFACTS, 'referee-rescan.png') });
    await referee.click(tid('rescan-guess-O1'));
    await referee.click(tid('vp-2-canvas'));
    await referee.waitForFunction(() => document.querySelector('[data-testid="canvas-top"]')?.getAttribute('data-card') === 'O1');
    expect(await referee.textContent(tid('rule'))).toContain('Orange — most of one number');
    expect(await referee.$(tid('warning'))).toBeNull();
  });

  it('identifies a card privately on the phone without playing it', async () => {
    const seq = await referee.getAttribute('body', 'data-seq');
    const photo = await sharp({ create: { width: 60, height: 84, channels: 3, background: '#1565c0' } }).jpeg().toBuffer();
    await phone.selectOption(tid('photo-to'), 'identify');
    await phone.setInputFiles(tid('photo-file'), { name: 'hand.jpg', mimeType: 'image/jpeg', buffer: photo });
    await phone.waitForFunction((sel) => (document.querySelector(sel)?.textContent ?? '').includes('Blue 4'), tid('identify-result'));
    expect(await referee.getAttribute('body', 'data-seq')).toBe(seq);
    await phone.screenshot({ path: join(ARTIFACTS, 'phone-identify.png'), fullPage: true });
  });
});
