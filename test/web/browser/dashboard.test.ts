// A whole 3-player game refereed from the dashboard alone (virtual seat panel and manual
// entry) against the real referee, checked on screen after every turn, on two dashboards.
import { join } from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PIN } from '../helpers.ts';
import { startStack, type Stack } from '../e2e/stack.ts';
import { ARTIFACTS, ensureClientBuilt, launchChromium } from './chromium.ts';
import { PATIENCE_MS } from '../../helpers/patience.ts';

let stack: Stack;
let browser: { context: BrowserContext; close(): Promise<void> };
let referee: Page;
let watcher: Page;
let seq = 0;
const consoleErrors: string[] = [];

const tid = (id: string) => `[data-testid="${id}"]`;

async function waitSeq(n: number): Promise<void> {
  for (const p of [referee, watcher]) await p.waitForSelector(`body[data-seq="${n}"]`, { timeout: PATIENCE_MS });
}

/** One accepted command more: both dashboards must show it. */
async function accepted(): Promise<void> {
  seq += 1;
  await waitSeq(seq);
}

async function pick(card: string): Promise<void> {
  await referee.click(tid(`pick-${card}`));
  await referee.waitForSelector(`${tid(`pick-${card}`)}[aria-pressed="true"]`);
}

async function key(seat: number, k: 'palette' | 'canvas' | 'draw' | 'done', card?: string): Promise<void> {
  if (card !== undefined) await pick(card);
  await referee.click(tid(`vp-${seat}-${k}`));
}

async function manual(seat: number, action: string, card?: string): Promise<void> {
  if (card !== undefined) await pick(card);
  await referee.selectOption(tid('manual-seat'), String(seat));
  await referee.selectOption(tid('manual-action'), action);
  await referee.click(tid('manual-send'));
}

/** Holds a button down for 1.7 s (DONE held to pass). */
async function hold(p: Page, id: string): Promise<void> {
  const el = (await p.$(tid(id)))!;
  await el.scrollIntoViewIfNeeded();
  const box = (await el.boundingBox())!;
  await p.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await p.mouse.down();
  await p.waitForTimeout(1700);
  await p.mouse.up();
}

async function palette(p: Page, seat: number): Promise<string[]> {
  return p.$$eval(`${tid(`seat-${seat}-palette`)} [data-card]`, (els) => els.map((e) => e.getAttribute('data-card')!));
}

async function text(p: Page, id: string): Promise<string> {
  return (await p.textContent(tid(id)))?.trim() ?? '';
}

/** What both dashboards must agree on after a turn. */
async function expectTable(want: { palettes: string[][]; active: number | null; leader: string; rule?: string; out?: number[] }): Promise<void> {
  for (const p of [referee, watcher]) {
    for (const [i, cards] of want.palettes.entries()) expect(await palette(p, i), `seat ${i} palette`).toEqual(cards);
    for (let i = 0; i < 3; i++) {
      expect(await p.$(tid(`seat-${i}-turn`)) !== null, `seat ${i} active`).toBe(want.active === i);
      expect(await p.$(tid(`seat-${i}-out`)) !== null, `seat ${i} out`).toBe((want.out ?? []).includes(i));
    }
    expect(await text(p, 'leader')).toContain(want.leader);
    if (want.rule !== undefined) expect(await text(p, 'rule')).toContain(want.rule);
  }
}

async function shot(p: Page, name: string): Promise<void> {
  await p.screenshot({ path: join(ARTIFACTS, `${name}.png`), fullPage: true });
}

beforeAll(async () => {
  ensureClientBuilt();
  stack = await startStack();
  browser = await launchChromium();
  await browser.context.tracing.start({ screenshots: true, snapshots: true });
  referee = await browser.context.newPage();
  // Another origin (localhost rather than 127.0.0.1) keeps its own storage: a second, signed-out dashboard.
  watcher = await browser.context.newPage();
  for (const p of [referee, watcher]) {
    p.on('console', (m) => { if (m.type() === 'error') consoleErrors.push(m.text()); });
    p.on('pageerror', (e) => consoleErrors.push(e.message));
  }
  const port = new URL(stack.url).port;
  await referee.goto(stack.url);
  await watcher.goto(`http://localhost:${port}/`);
  for (const p of [referee, watcher]) await p.waitForSelector('body[data-ready="true"]');
}, 120_000);

afterAll(async () => {
  await browser?.context.tracing.stop({ path: join(ARTIFACTS, 'trace.zip') }).catch(() => undefined);
  await browser?.close();
  await stack?.destroy();
});

describe('the dashboard in chromium, against the real referee', () => {
  it('signs the referee in with the PIN; the watcher has no controls', async () => {
    await referee.fill(tid('pin-input'), PIN);
    await referee.click(tid('pin-submit'));
    await referee.waitForSelector('body[data-role="referee"]');
    expect(await referee.isVisible(tid('new-game'))).toBe(true);
    expect(await watcher.isVisible(tid('new-game'))).toBe(false);
    expect(await watcher.isVisible(tid('virtual-panel'))).toBe(false);
    await shot(watcher, 'watcher-before-game');
  });

  it('plays a whole 3-player game through the virtual panel and manual entry, checked after every turn', async () => {
    await referee.fill(tid('player-name-0'), 'Ann');
    await referee.fill(tid('player-name-1'), 'Ben');
    await referee.fill(tid('player-name-2'), 'Cy');
    await referee.click(tid('start-game'));
    await accepted();
    expect(await text(watcher, 'phase')).toContain('dealing');

    // Starting cards, entered by hand.
    await manual(0, 'deal', 'O3');
    await accepted();
    await manual(1, 'deal', 'G5');
    await accepted();
    await manual(2, 'deal', 'B2');
    await accepted();
    // Ben leads under Red with Green 5, so Cy, on his left, starts.
    await expectTable({ palettes: [['O3'], ['G5'], ['B2']], active: 2, leader: 'Ben', rule: 'Red — highest card' });
    await shot(referee, 'referee-after-deal');

    // Cy: Red 6 to the palette, DONE.
    await key(2, 'palette', 'R6');
    await accepted();
    await key(2, 'done');
    await accepted();
    await expectTable({ palettes: [['O3'], ['G5'], ['B2', 'R6']], active: 0, leader: 'Cy' });
    expect(await watcher.getAttribute(`${tid('seat-2-palette')} ${tid('card-R6')}`, 'data-counting')).toBe('true');

    // Ann: Yellow 7 to the palette, DONE.
    await key(0, 'palette', 'Y7');
    await accepted();
    await key(0, 'done');
    await accepted();
    await expectTable({ palettes: [['O3', 'Y7'], ['G5'], ['B2', 'R6']], active: 1, leader: 'Ann' });

    // Ben: Violet 1 to the palette, then Green 2 to the canvas — illegal, he would not be winning.
    await key(1, 'palette', 'V1');
    await accepted();
    await key(1, 'canvas', 'G2');
    for (const p of [referee, watcher]) {
      await p.waitForSelector(tid('warning'));
      expect(await text(p, 'warning')).toMatch(/Illegal play/);
    }
    expect(await referee.$$(`${tid('canvas')} ${tid('canvas-top')}`)).toHaveLength(0);
    await shot(watcher, 'watcher-illegal-play');
    // He takes the card back and ends his turn not winning: he is out.
    await key(1, 'done');
    await accepted();
    await expectTable({ palettes: [['O3', 'Y7'], ['G5', 'V1'], ['B2', 'R6']], active: 2, leader: 'Ann', out: [1] });
    for (const p of [referee, watcher]) expect(await p.$(tid('warning'))).toBeNull();

    // A reload mid-game shows the same table.
    await watcher.reload();
    await watcher.waitForSelector(`body[data-seq="${seq}"]`);
    // It also shows the announcements so far (the kept updates of the current game).
    expect(await watcher.$$eval(`${tid('log')} li`, (els) => els.length)).toBeGreaterThan(5);
    await expectTable({ palettes: [['O3', 'Y7'], ['G5', 'V1'], ['B2', 'R6']], active: 2, leader: 'Ann', out: [1] });

    // Cy: Blue 1 to the palette by manual entry, then Violet 5 to the canvas on the panel: most cards below 4.
    await manual(2, 'palette', 'B1');
    await accepted();
    await key(2, 'canvas', 'V5');
    await accepted();
    await expectTable({ palettes: [['O3', 'Y7'], ['G5', 'V1'], ['B2', 'R6', 'B1']], active: 2, leader: 'Cy', rule: 'Violet — most cards below 4', out: [1] });
    expect(await referee.getAttribute(tid('canvas-top'), 'data-card')).toBe('V5');
    await key(2, 'done');
    await accepted();
    await shot(referee, 'referee-mid-game');

    // Ann: Red 2 to the palette, now two cards below 4 with the better one (Orange 3).
    await key(0, 'palette', 'R2');
    await accepted();
    await key(0, 'done');
    await accepted();
    await expectTable({ palettes: [['O3', 'Y7', 'R2'], ['G5', 'V1'], ['B2', 'R6', 'B1']], active: 2, leader: 'Ann', out: [1] });
    for (const p of [referee, watcher]) {
      const counting = await p.$$eval(`${tid('seat-0-palette')} [data-counting="true"]`, (els) => els.map((e) => e.getAttribute('data-card')));
      expect(counting.sort()).toEqual(['O3', 'R2']);
    }

    // Cy holds DONE for 1.5 s: he passes, and Ann wins the (basic) game.
    await hold(referee, 'vp-2-done');
    await accepted();
    for (const p of [referee, watcher]) {
      expect(await text(p, 'phase')).toBe('Game over');
      expect(await p.$(tid('seat-2-out'))).not.toBeNull();
      expect(await text(p, 'rounds')).toContain('Ann');
      expect((await text(p, 'announcement')).length).toBeGreaterThan(0);
    }
    await shot(referee, 'referee-game-over');
    await shot(watcher, 'watcher-game-over');
  }, 180_000);

  it('undoes from the shared UNDO button on both dashboards', async () => {
    await referee.click(tid('vp-undo'));
    await accepted();
    for (const p of [referee, watcher]) {
      expect(await text(p, 'phase')).toBe('Round 1');
      expect(await p.$(tid('seat-2-turn'))).not.toBeNull();
    }
  });

  it('runs under its Content-Security-Policy without a single script error', async () => {
    const r = await referee.goto(stack.url);
    expect(r?.headers()['content-security-policy']).toContain("script-src 'self'");
    await referee.waitForSelector('body[data-ready="true"]');
    expect(consoleErrors).toEqual([]);
  });

  it('names every control and marks every card with words and a symbol', async () => {
    for (const p of [referee, watcher]) {
      const unnamed = await p.$$eval('button, select, input', (els) => els.filter((el) => {
        const e = el as HTMLElement;
        if (e.offsetParent === null) return false; // hidden
        const label = e.getAttribute('aria-label') ?? (e.id !== '' ? document.querySelector(`label[for="${e.id}"]`)?.textContent : null) ?? e.closest('label')?.textContent ?? e.textContent;
        return (label ?? '').trim() === '';
      }).map((e) => e.outerHTML.slice(0, 80)));
      expect(unnamed).toEqual([]);
      const cards = await p.$$eval(`${tid('seats')} .card`, (els) => els.map((e) => ({ label: e.getAttribute('aria-label'), sym: e.querySelector('svg.sym') !== null, text: e.textContent })));
      for (const c of cards) {
        expect(c.label).toMatch(/^(Red|Orange|Yellow|Green|Blue|Indigo|Violet) [1-7]/);
        expect(c.sym).toBe(true);
      }
    }
  });

  it('switches to the high-contrast palette and remembers it across a reload', async () => {
    await watcher.click(tid('high-contrast'));
    await watcher.waitForSelector('html[data-theme="high-contrast"]');
    await shot(watcher, 'watcher-high-contrast');
    await watcher.reload();
    await watcher.waitForSelector('body[data-ready="true"]');
    expect(await watcher.getAttribute('html', 'data-theme')).toBe('high-contrast');
    expect(await watcher.isChecked(tid('set-contrast'))).toBe(true);
    await watcher.click(tid('high-contrast'));
    // Large text from the settings panel, for a tablet read from across the table.
    await watcher.check(tid('set-large'));
    await watcher.waitForSelector('html[data-size="large"]');
    await shot(watcher, 'watcher-large-text');
    await watcher.uncheck(tid('set-large'));
  });

  it('pairs a phone to a seat and shows that seat its private view and buttons', async () => {
    await referee.click(tid('pair-seat-2'));
    await referee.waitForFunction((sel) => /Code for Cy: [A-Z2-9]{6}/.test(document.querySelector(sel)?.textContent ?? ''), tid('pair-code-2'));
    const code = /([A-Z2-9]{6})/.exec(await text(referee, 'pair-code-2'))![1]!;
    await watcher.setViewportSize({ width: 390, height: 844 });
    await watcher.fill(tid('pair-input'), code);
    await watcher.click(tid('pair-submit'));
    await watcher.waitForSelector('body[data-role="seat"]');
    expect(await text(watcher, 'my-seat-title')).toContain('You are Cy');
    expect(await watcher.isVisible(tid('vp-2-palette'))).toBe(true);
    expect(await watcher.$(tid('vp-0-palette'))).toBeNull();
    expect(await watcher.$(tid('vp-undo'))).toBeNull();
    await shot(watcher, 'phone-seat-view');
    // The phone plays for its own seat: Cy passes by holding DONE — from the keyboard this time.
    await watcher.focus(tid('vp-2-done'));
    await watcher.keyboard.down('Enter');
    await watcher.waitForTimeout(1700);
    await watcher.keyboard.up('Enter');
    await accepted();
    expect(await text(referee, 'phase')).toBe('Game over');
  });
});
