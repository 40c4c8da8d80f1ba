// The table at a glance, on a tablet (1280×800) and a phone (390×844) side by side: the banner
// with the rule and who leads (and why) in type readable across a table, whose turn set apart
// from the lead, an illegal play with its icon and sound, the hint before DONE, a won round, the
// advanced scores by round with their chart, and the game's summary. A screenshot of each
// moment at both sizes goes to test-artifacts/web/glance-*.png.
import { join } from 'node:path';
import request from 'supertest';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, PIN } from '../helpers.ts';
import { startStack, type Stack } from '../e2e/stack.ts';
import { ARTIFACTS, ensureClientBuilt, launchChromium, sendCommands, signInAsReferee } from './chromium.ts';

const tid = (id: string) => `[data-testid="${id}"]`;
let stack: Stack;
let browser: { context: BrowserContext; close(): Promise<void> };
let tablet: Page;
let phone: Page;
let seq = 0;

async function send(...commands: Array<Record<string, unknown>>): Promise<void> {
  seq = await sendCommands(stack.url, [tablet, phone], commands);
}

async function shots(name: string): Promise<void> {
  for (const [p, size] of [[tablet, 'tablet'], [phone, 'phone']] as const) {
    await p.evaluate(() => window.scrollTo(0, 0));
    await p.screenshot({ path: join(ARTIFACTS, `glance-${name}-${size}.png`) });
  }
}

async function text(p: Page, id: string): Promise<string> {
  return (await p.textContent(tid(id)))?.replace(/\s+/g, ' ').trim() ?? '';
}

/** Every card face on the page keeps its value, letter, name and symbol inside its own box. */
async function clippedFaces(p: Page): Promise<string[]> {
  return p.$$eval('.card', (cards) => cards.flatMap((card) => {
    const box = card.getBoundingClientRect();
    if (box.width === 0) return [];
    return [...card.children].filter((part) => {
      const r = part.getBoundingClientRect();
      const overflows = part instanceof HTMLElement && part.scrollWidth > part.clientWidth + 1;
      return overflows || r.left < box.left - 0.5 || r.right > box.right + 0.5 || r.top < box.top - 0.5 || r.bottom > box.bottom + 0.5;
    }).map((part) => `${card.getAttribute('aria-label')}: ${part.className.toString() || part.tagName}`);
  }));
}

beforeAll(async () => {
  ensureClientBuilt();
  stack = await startStack();
  browser = await launchChromium();
  tablet = await browser.context.newPage();
  phone = await browser.context.newPage();
  await phone.setViewportSize({ width: 390, height: 844 });
  await signInAsReferee(tablet, stack.url);
  // The same origin keeps the PIN: the phone is the referee's too.
  await phone.goto(stack.url);
  await phone.waitForSelector('body[data-role="referee"]');
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await stack?.destroy();
});

describe('the table at a glance', () => {
  it('shows the rule and who leads, and why, in the biggest type; whose turn apart from the lead', async () => {
    await send({ type: 'newGame', players: ['Ann', 'Ben', 'Cy'], advanced: true },
      { type: 'deal', seat: 0, card: 'R7' }, { type: 'deal', seat: 1, card: 'O2' }, { type: 'deal', seat: 2, card: 'B1' });
    for (const p of [tablet, phone]) {
      expect(await text(p, 'rule')).toContain('Red — highest card');
      expect(await text(p, 'leader')).toContain('Ann — highest card, Red 7');
      expect(await text(p, 'turn')).toBe('▶ Turn: Ben');
      expect(await p.$(tid('seat-0-leader'))).not.toBeNull();
      expect(await p.$(tid('seat-1-turn'))).not.toBeNull();
      // Nobody has played yet this turn: no hint.
      expect(await p.$(tid('hint'))).toBeNull();
    }
    // Readable at 1.5 m on the tablet: at least 32 px.
    for (const id of ['rule', 'leader']) {
      const px = await tablet.$eval(tid(id), (el) => parseFloat(getComputedStyle(el).fontSize));
      expect(px, id).toBeGreaterThanOrEqual(32);
    }
    // Turn and lead look different: the turn is a filled block, the leader's line plain text.
    const turnBg = await tablet.$eval(tid('turn'), (el) => getComputedStyle(el).backgroundColor);
    const leadBg = await tablet.$eval(tid('leader'), (el) => getComputedStyle(el).backgroundColor);
    expect(turnBg).not.toBe(leadBg);
    await shots('turn');
  });

  it('hints before DONE when the player whose turn it is is not winning', async () => {
    await send({ type: 'play', seat: 1, to: 'palette', card: 'G1' });
    for (const p of [tablet, phone]) expect(await text(p, 'hint')).toContain('Ben is not winning under Red: DONE puts Ben out');
    await shots('hint');
  });

  it('shows an illegal play in the banner, with its reason, an icon and a sound, until it is resolved', async () => {
    const before = await tablet.evaluate(() => Number(document.body.dataset.alertSounds ?? 0));
    const r = await request(stack.url).post('/api/commands').set(bearer(PIN)).send({ type: 'play', seat: 1, to: 'canvas', card: 'Y1' });
    expect(r.status).toBe(422);
    for (const p of [tablet, phone]) {
      await p.waitForSelector(tid('warning'));
      expect(await text(p, 'warning')).toMatch(/^⚠ ?Illegal play/);
      expect(await p.$(`${tid('banner')} [role="alert"] ${tid('warning')}`)).not.toBeNull();
      // The hint gives way to the warning while it stands.
      expect(await p.$(tid('hint'))).toBeNull();
    }
    await tablet.waitForFunction((n) => Number(document.body.dataset.alertSounds ?? 0) > n, before);
    await shots('illegal');
    // Ben ends his turn not winning: he is out, and the warning goes.
    await send({ type: 'endTurn', seat: 1 });
    for (const p of [tablet, phone]) expect(await p.$(tid('warning'))).toBeNull();
  });

  it('announces the round won', async () => {
    await send({ type: 'pass', seat: 2 });
    for (const p of [tablet, phone]) {
      expect(await text(p, 'leader')).toContain('Ann wins round 1 — scores 7 with Red 7');
      expect(await text(p, 'outcome')).toBe('♛Round 1 is over: Ann 7, Ben 0, Cy 0 (first to 35)');
    }
    expect(await text(tablet, 'score-total-0')).toBe('7');
    await shots('round-won');
  });

  it('keeps the score by round and draws the race to the target after three rounds', async () => {
    // Round 2: Ben leads with Orange 6, the others pass. Round 3: Cy with Green 5.
    await send({ type: 'nextRound' }, { type: 'deal', seat: 0, card: 'I1' }, { type: 'deal', seat: 1, card: 'O6' }, { type: 'deal', seat: 2, card: 'V2' },
      { type: 'pass', seat: 2 }, { type: 'pass', seat: 0 });
    await send({ type: 'nextRound' }, { type: 'deal', seat: 0, card: 'V3' }, { type: 'deal', seat: 1, card: 'I2' }, { type: 'deal', seat: 2, card: 'G5' },
      { type: 'pass', seat: 0 }, { type: 'pass', seat: 1 });
    for (const p of [tablet, phone]) {
      expect(await text(p, 'scores')).toContain('first to 35');
      expect(await text(p, 'score-0-r1')).toBe('+7 (7)');
      expect(await text(p, 'score-1-r2')).toBe('+6 (6)');
      expect(await text(p, 'score-2-r3')).toBe('+5 (5)');
      expect(await text(p, 'score-0-r3')).toBe('· (7)');
      const label = await p.getAttribute(tid('score-chart'), 'aria-label');
      expect(label).toContain('target 35');
      expect(label).toContain('Ann 7, 7, 7');
      expect(await p.$$eval(`${tid('score-chart')} .series-label`, (els) => els.map((e) => e.textContent))).toEqual(['Ann 7', 'Ben 6', 'Cy 5']);
    }
    for (const [p, size] of [[tablet, 'tablet'], [phone, 'phone']] as const) {
      await p.$eval(tid('scores-panel'), (el) => el.scrollIntoView());
      await p.screenshot({ path: join(ARTIFACTS, `glance-chart-${size}.png`) });
    }
  });

  it('sums the game up at game over: winner, scores, rounds and the cards scored', async () => {
    const sevens = ['Y7', 'B7', 'I7', 'V7'];
    const low = [['R1', 'R2'], ['Y2', 'G2'], ['B2', 'Y3'], ['R3', 'G3']];
    for (const [k, card] of sevens.entries()) {
      // Ann leads with a 7; Ben and Cy, after her, pass.
      await send({ type: 'nextRound' }, { type: 'deal', seat: 0, card }, { type: 'deal', seat: 1, card: low[k]![0]! }, { type: 'deal', seat: 2, card: low[k]![1]! },
        { type: 'pass', seat: 1 }, { type: 'pass', seat: 2 });
    }
    for (const p of [tablet, phone]) {
      expect(await text(p, 'phase')).toBe('Game over');
      expect(await text(p, 'leader')).toContain('Ann wins the game with 35 points');
      expect(await text(p, 'outcome')).toContain('Game over after 7 rounds: Ann 35, Ben 6, Cy 5');
      const summary = await text(p, 'game-summary');
      expect(summary).toContain('Ann wins after 7 rounds');
      expect(summary).toContain('Red 7, Yellow 7, Blue 7, Indigo 7, Violet 7');
    }
    await shots('game-over');
    for (const [p, size] of [[tablet, 'tablet'], [phone, 'phone']] as const) {
      await p.$eval(tid('scores-panel'), (el) => el.scrollIntoView());
      await p.screenshot({ path: join(ARTIFACTS, `glance-summary-${size}.png`) });
    }
  });

  it('lists the games with their transcripts in the chosen language and the export', async () => {
    await tablet.click(tid('games-refresh'));
    await tablet.waitForSelector(tid('game-1-transcript'));
    expect(await text(tablet, 'game-1')).toContain('Ann, Ben, Cy — finished');
    await tablet.selectOption(tid('games-language'), 'de');
    await tablet.click(tid('game-1-transcript'));
    await tablet.waitForFunction((sel) => (document.querySelector(sel)?.textContent ?? '').length > 100, tid('transcript'));
    const german = await text(tablet, 'transcript');
    await tablet.selectOption(tid('games-language'), 'en');
    await tablet.click(tid('game-1-transcript'));
    await tablet.waitForFunction((de) => document.querySelector('[data-testid="transcript"]')?.textContent?.replace(/\s+/g, ' ').trim() !== de, german);
    expect(await text(tablet, 'transcript')).toContain('Ann');
    const [download] = await Promise.all([tablet.waitForEvent('download'), tablet.click(tid('game-1-export'))]);
    expect(download.suggestedFilename()).toBe('red7-game-1.json');
  });

  it('clips no card face on the phone or the tablet, in normal or large text', async () => {
    for (const p of [tablet, phone]) {
      expect(await clippedFaces(p)).toEqual([]);
      await p.check(tid('set-large'));
      await p.waitForSelector('html[data-size="large"]');
      expect(await clippedFaces(p)).toEqual([]);
      // "Hand: 5" stays on one line.
      const lines = await p.$$eval('.counts > span', (els) => els.map((e) => Math.round(e.getBoundingClientRect().height / parseFloat(getComputedStyle(e).lineHeight))));
      expect(lines.every((n) => n <= 1)).toBe(true);
      await p.uncheck(tid('set-large'));
    }
  });

  it('keeps the referee’s card picker and seat buttons on one phone screen, with one scroll container', async () => {
    await send({ type: 'newGame', players: ['Ann', 'Ben', 'Cy'] },
      { type: 'deal', seat: 0, card: 'O3' }, { type: 'deal', seat: 1, card: 'G5' }, { type: 'deal', seat: 2, card: 'B2' });
    await phone.$eval(tid('card-picker'), (el) => el.scrollIntoView());
    const picker = (await phone.$(tid('card-picker')))!;
    const pickerBox = (await picker.boundingBox())!;
    const done = (await phone.$(tid('vp-2-done')))!;
    const doneBox = (await done.boundingBox())!;
    for (const box of [pickerBox, doneBox]) {
      expect(box.y).toBeGreaterThanOrEqual(-1);
      expect(box.y + box.height).toBeLessThanOrEqual(844 + 1);
    }
    await phone.screenshot({ path: join(ARTIFACTS, 'glance-phone-referee-controls.png') });
    // No element but the page scrolls.
    for (const p of [tablet, phone]) {
      const scrollers = await p.$$eval('body *', (els) => els.filter((e) => {
        const s = getComputedStyle(e);
        return /(auto|scroll)/.test(s.overflowY) && e.scrollHeight > e.clientHeight;
      }).map((e) => e.getAttribute('data-testid') ?? e.className));
      expect(scrollers).toEqual([]);
    }
  });

  it('scrolls back to the top after "Start new game"', async () => {
    await tablet.fill(tid('player-name-0'), 'Ann');
    await tablet.fill(tid('player-name-1'), 'Ben');
    await tablet.$eval(tid('start-game'), (el) => el.scrollIntoView());
    expect(await tablet.evaluate(() => window.scrollY)).toBeGreaterThan(0);
    // A game is running: the first press arms, the second replaces it.
    await tablet.click(tid('start-game'));
    await tablet.click(tid('start-game'));
    await tablet.waitForSelector(`body[data-seq="1"]`);
    await tablet.waitForFunction(() => window.scrollY === 0);
  });
});
