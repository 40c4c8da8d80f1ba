// Accessibility of the dashboard in chromium: axe-core finds no serious or critical violation in
// the watcher's, the referee's and a paired seat's views at tablet and phone sizes; every card
// face still tells its value and colour (letter, name, symbol) under emulated colour-vision
// deficiencies (screenshots in test-artifacts/web/vision-*.png); announcements reach an
// aria-live region; every control is reached by the keyboard and has a name.
import { join } from 'node:path';
import request from 'supertest';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, PIN } from '../helpers.ts';
import { startStack, type Stack } from '../e2e/stack.ts';
import { ARTIFACTS, ensureClientBuilt, launchChromium, sendCommands, seriousViolations, signInAsReferee } from './chromium.ts';

const SIZES = [{ width: 1280, height: 800 }, { width: 390, height: 844 }];
const tid = (id: string) => `[data-testid="${id}"]`;
let stack: Stack;
let browser: { context: BrowserContext; close(): Promise<void> };
let referee: Page;
let watcher: Page;

async function send(...commands: Array<Record<string, unknown>>): Promise<void> {
  await sendCommands(stack.url, [referee, watcher], commands);
}

async function checkBothSizes(p: Page, who: string): Promise<void> {
  for (const size of SIZES) {
    await p.setViewportSize(size);
    expect(await seriousViolations(p), `${who} at ${size.width}×${size.height}`).toEqual([]);
  }
  await p.setViewportSize(SIZES[0]!);
}

beforeAll(async () => {
  ensureClientBuilt();
  stack = await startStack();
  browser = await launchChromium();
  referee = await browser.context.newPage();
  watcher = await browser.context.newPage();
  await signInAsReferee(referee, stack.url);
  // Another origin keeps its own storage: a signed-out watcher.
  await watcher.goto(`http://localhost:${new URL(stack.url).port}/`);
  await watcher.waitForSelector('body[data-ready="true"]');
  await send({ type: 'newGame', players: ['Ann', 'Ben', 'Cy'], advanced: true },
    { type: 'deal', seat: 0, card: 'O3' }, { type: 'deal', seat: 1, card: 'G5' }, { type: 'deal', seat: 2, card: 'B2' },
    { type: 'play', seat: 2, to: 'palette', card: 'R6' });
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await stack?.destroy();
});

describe('the dashboard for every reader', () => {
  it('has no serious or critical axe-core violation for the watcher or the referee, on a tablet or a phone', async () => {
    await checkBothSizes(watcher, 'watcher');
    await checkBothSizes(referee, 'referee');
    // With an illegal play in the banner too.
    expect((await request(stack.url).post('/api/commands').set(bearer(PIN)).send({ type: 'play', seat: 2, to: 'canvas', card: 'V7' })).status).toBe(422);
    await watcher.waitForSelector(tid('warning'));
    await checkBothSizes(watcher, 'watcher with a warning');
  });

  it('says every announcement in an aria-live region and every refusal in an alert', async () => {
    expect(await watcher.getAttribute(tid('announcement'), 'aria-live')).toBe('polite');
    expect(await watcher.$(`[role="alert"] ${tid('warning')}`)).not.toBeNull();
    // The live region is kept and only its words change, so screen readers announce them.
    await watcher.$eval(tid('announcement'), (el) => { (el as unknown as { kept: boolean }).kept = true; });
    const before = await watcher.textContent(tid('announcement'));
    await send({ type: 'endTurn', seat: 2 });
    const said = await watcher.textContent(tid('announcement'));
    expect(said).not.toBe(before);
    expect(said).toContain('Ann');
    expect(await watcher.$eval(tid('announcement'), (el) => (el as unknown as { kept?: boolean }).kept)).toBe(true);
    expect(await watcher.$(tid('warning'))).toBeNull();
  });

  it('tells every card apart under emulated protanopia, deuteranopia, tritanopia and achromatopsia', async () => {
    const cdp = await referee.context().newCDPSession(referee);
    await referee.$eval(tid('card-picker'), (el) => el.scrollIntoView());
    for (const type of ['protanopia', 'deuteranopia', 'tritanopia', 'achromatopsia']) {
      await cdp.send('Emulation.setEmulatedVisionDeficiency', { type: type as 'protanopia' });
      await (await referee.$(tid('card-picker')))!.screenshot({ path: join(ARTIFACTS, `vision-${type}.png`) });
    }
    await cdp.send('Emulation.setEmulatedVisionDeficiency', { type: 'none' });
    await cdp.detach();
    // What the screenshots show, checked in the page: each face's value, letter, name and symbol.
    const faces = await referee.$$eval(`${tid('card-picker')} .card`, (els) => els.map((e) => ({
      card: e.getAttribute('data-card'),
      v: e.querySelector('.v')?.textContent, l: e.querySelector('.l')?.textContent, n: e.querySelector('.n')?.textContent,
      sym: e.querySelector('svg.sym use')?.getAttribute('href'),
    })));
    expect(faces).toHaveLength(49);
    const symbolOf = new Map<string, string>();
    for (const f of faces) {
      expect(f.v).toBe(f.card!.slice(1));
      expect(f.l).toBe(f.card![0]);
      expect(f.n).toMatch(/^(Red|Orange|Yellow|Green|Blue|Indigo|Violet)$/);
      expect(f.n![0]).toBe(f.l);
      symbolOf.set(f.n!, f.sym!);
    }
    expect(new Set(symbolOf.values()).size).toBe(7);
  });

  it('reaches every control with the Tab key, each with a name', async () => {
    await referee.evaluate(() => window.scrollTo(0, 0));
    await referee.focus('body');
    const controls = await referee.$$eval('button, select, input, [tabindex="0"]', (els) => els.filter((e) => (e as HTMLElement).offsetParent !== null).length);
    const reached = new Set<string>();
    for (let i = 0; i < controls + 5; i++) {
      await referee.keyboard.press('Tab');
      const name = await referee.evaluate(() => {
        const e = document.activeElement as HTMLElement | null;
        if (e === null || e === document.body) return null;
        const label = e.getAttribute('aria-label') ?? (e.id === '' ? null : document.querySelector(`label[for="${e.id}"]`)?.textContent) ?? e.textContent;
        return `${e.tagName}#${e.dataset.testid ?? e.id}|${(label ?? '').trim()}`;
      });
      if (name !== null) reached.add(name);
    }
    expect(reached.size).toBeGreaterThanOrEqual(controls);
    for (const r of reached) expect(r.split('|')[1], r).not.toBe('');
  });

  it('has no serious or critical axe-core violation in a paired seat’s view', async () => {
    await referee.click(tid('pair-seat-1'));
    await referee.waitForFunction((sel) => /Code for Ben: [A-Z2-9]{6}/.test(document.querySelector(sel)?.textContent ?? ''), tid('pair-code-1'));
    const code = /([A-Z2-9]{6})/.exec((await referee.textContent(tid('pair-code-1')))!)![1]!;
    await watcher.fill(tid('pair-input'), code);
    await watcher.click(tid('pair-submit'));
    await watcher.waitForSelector('body[data-role="seat"]');
    await watcher.waitForSelector(tid('vp-1-palette'));
    await checkBothSizes(watcher, 'paired seat');
  });
});
