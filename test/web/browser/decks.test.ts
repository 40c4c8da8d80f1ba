// Teaching the companion a deck, and what the camera saw, on the referee's dashboard in Debian's
// chromium: the whole companion runs in this process with the real classifier, a virtual seat
// panel and a tray camera that photographs whichever card the test lays on it.
import { join } from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCompanion, type Companion } from '../../../device/main.ts';
import { VirtualPanel } from '../../../device/hardware/panel/index.ts';
import type { CameraSource } from '../../../device/hardware/camera/index.ts';
import { ALL_CARDS, formatCard, parseCard, type Card } from '../../../device/rules/cards.ts';
import { CardClassifier } from '../../../vision/classifier.ts';
import { deckFacePool, photoOfCard, photoOfNothing, photoOfTwoCards, type FacePool } from '../../../vision/dataset.ts';
import { makeRng, mixSeed } from '../../../vision/random.ts';
import { lampOnEmptyTray } from '../../helpers/lamp.ts';
import { freshDataDir } from '../../helpers/service.ts';
import { PIN } from '../helpers.ts';
import { ARTIFACTS, ensureClientBuilt, launchChromium, sendCommands, seriousViolations, signInAsReferee } from './chromium.ts';

// The README's two pictures are taken again only when asked (npm run docs:screenshots), so a test
// run leaves the checkout as it found it; every run keeps its own copies among the artifacts.
const README_PICTURES = process.env.RED7_DOCS_SCREENSHOTS === '1' ? join(import.meta.dirname, '../../../docs') : ARTIFACTS;
const tid = (id: string) => `[data-testid="${id}"]`;
const TABLET = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };

/** What lies on the tray: a card, nothing, two cards, or nothing under a lamp's blown-out reflection. */
let onTray: string | 'nothing' | 'two' | 'lamp' = 'nothing';
let shots = 0;
let pool: FacePool;
const tray: CameraSource = {
  describe: 'test tray',
  start: async () => undefined,
  stop: async () => undefined,
  async capture() {
    const rng = makeRng(mixSeed(77, ++shots));
    if (onTray === 'nothing') return (await photoOfNothing(rng, 1280, 960)).jpeg;
    if (onTray === 'two') return (await photoOfTwoCards(pool, rng, 1280, 960)).jpeg;
    if (onTray === 'lamp') return lampOnEmptyTray();
    return (await photoOfCard(pool, parseCard(onTray) as number, rng, 1280, 960)).jpeg;
  },
};

let companion: Companion;
let browser: { context: BrowserContext; close(): Promise<void> };
let page: Page;
const panel = new VirtualPanel();
/** Cards of this printing the base model reads surely and rightly. */
const sure: string[] = [];

/** axe at both sizes, with a screenshot of the part at each. */
async function checkAndShoot(selector: string, name: string): Promise<void> {
  for (const size of [TABLET, PHONE]) {
    await page.setViewportSize(size);
    expect(await seriousViolations(page), `${name} at ${size.width}×${size.height}`).toEqual([]);
    await page.locator(selector).screenshot({ path: join(ARTIFACTS, `${name}-${size.width}.png`) });
  }
  await page.setViewportSize(TABLET);
}

const count = async () => Number(await page.getAttribute(tid('teach-progress'), 'value'));

beforeAll(async () => {
  ensureClientBuilt();
  pool = await deckFacePool(mixSeed(29, 2), 300, 'training');
  const classifier = await CardClassifier.load();
  for (const card of ALL_CARDS) {
    const read = await classifier.classify((await photoOfCard(pool, card, makeRng(mixSeed(78, card)), 1280, 960)).jpeg);
    if (read.card === formatCard(card as Card)) sure.push(read.card);
    if (sure.length >= 8) break;
  }
  companion = await startCompanion({
    port: 0, panel, camera: tray, logger: pino({ level: 'silent' }),
    env: { RED7_DATA: freshDataDir(), RED7_HOST: '127.0.0.1', RED7_PIN: PIN, RED7_GPIO: 'off', RED7_SPEECH: 'false' },
  });
  browser = await launchChromium();
  page = await browser.context.newPage();
  await signInAsReferee(page, companion.url);
}, 300_000);

afterAll(async () => {
  await browser?.close();
  await companion?.stop();
});

describe('teaching the companion a deck from the dashboard', () => {
  it('asks for each card by value, name, letter and symbol, captures with Capture or PALETTE, flags a mixed-up card, and finishes into the deck list', async () => {
    expect(sure.length).toBeGreaterThanOrEqual(4);
    await page.waitForSelector(tid('deck-none'));
    await page.click(tid('teach-open'));
    await page.waitForSelector(`${tid('teach-ask')}[data-card="R1"]`);
    expect(await page.textContent(tid('teach-card-words'))).toBe('Red 1 (R1)');
    const asked = page.locator(tid('teach-card'));
    expect(await asked.getAttribute('aria-label')).toBe('Red 1');
    expect(await asked.locator('.l').textContent()).toBe('R');
    expect(await asked.locator('svg.sym').count()).toBe(1);
    expect(await count()).toBe(0);

    // Any order: the first sure card, captured with the button; the frame comes back outlined.
    const [a, b, c, d] = sure as [string, string, string, string];
    await page.click(tid(`teach-cell-${a}`));
    await page.waitForSelector(`${tid('teach-ask')}[data-card="${a}"]`);
    onTray = a;
    await page.click(tid('teach-capture'));
    await page.waitForSelector(`${tid('teach-last')}[data-card="${a}"][data-flagged="false"]`, { timeout: 60_000 });
    await page.waitForSelector(`${tid('teach-frame-outline')} polygon`);
    expect(await count()).toBe(1);
    expect(await page.getAttribute(tid(`teach-cell-${a}`), 'data-state')).toBe('taught');
    expect(await page.$$eval('[data-state="untaught"]', (cells) => cells.length)).toBe(48);

    // A mixed-up card: asked for b, the tray holds c, which the base model reads surely: flagged for a retake.
    await page.click(tid(`teach-cell-${b}`));
    await page.waitForSelector(`${tid('teach-ask')}[data-card="${b}"]`);
    onTray = c;
    await page.click(tid('teach-capture'));
    await page.waitForSelector(`${tid('teach-last')}[data-card="${b}"][data-flagged="true"]`, { timeout: 60_000 });
    expect(await page.textContent(tid('teach-flag'))).toMatch(/Retake/);
    expect(await page.getAttribute(tid(`teach-cell-${b}`), 'data-state')).toBe('flagged');
    expect(await count()).toBe(1);
    await checkAndShoot(tid('decks'), 'enrol-flagged');

    // Retaken with the right card, by PALETTE on a seat panel: the screen catches up by itself.
    onTray = b;
    panel.press(2, 'palette');
    await page.waitForSelector(`${tid(`teach-cell-${b}`)}[data-state="taught"]`, { timeout: 60_000 });
    expect(await count()).toBe(2);

    // An empty tray is named, and teaches nothing.
    await page.click(tid(`teach-cell-${c}`));
    await page.waitForSelector(`${tid('teach-ask')}[data-card="${c}"]`);
    onTray = 'nothing';
    await page.click(tid('teach-capture'));
    await page.waitForSelector(`${tid('teach-last')}[data-card="${c}"][data-problem*="no card"]`, { timeout: 60_000 });
    expect(await count()).toBe(2);

    // Skip moves on to the next card without teaching.
    await page.click(tid('teach-skip'));
    await page.waitForFunction(([sel, card]) => document.querySelector(sel!)?.getAttribute('data-card') !== card, [tid('teach-ask'), c] as const);
    expect(await count()).toBe(2);

    // Cancelled, the progress stays on the companion, and a reload offers to resume it.
    await page.click(tid('teach-cancel'));
    await page.waitForSelector(`${tid('teach')}[hidden]`, { state: 'attached' });
    await page.reload();
    await page.waitForSelector('body[data-role="referee"]');
    await page.waitForFunction((sel) => /Resume teaching .* \(2 of 49\)/.test(document.querySelector(sel)?.textContent ?? ''), tid('teach-open'));
    await page.click(tid('teach-open'));
    await page.waitForSelector(tid('teach-progress'));
    expect(await count()).toBe(2);
    await page.click(tid(`teach-cell-${d}`));
    await page.waitForSelector(`${tid('teach-ask')}[data-card="${d}"]`);
    onTray = d;
    await page.click(tid('teach-capture'));
    await page.waitForSelector(`${tid('teach-last')}[data-card="${d}"][data-flagged="false"]`, { timeout: 60_000 });
    await checkAndShoot(tid('decks'), 'enrol');
    await page.setViewportSize(TABLET);
    await page.locator(tid('decks')).screenshot({ path: join(README_PICTURES, 'enrol.png') });

    await page.click(tid('teach-finish'));
    await page.waitForSelector(`${tid('teach')}[hidden]`, { state: 'attached' });
    const deck = page.locator('[data-testid^="deck-"][data-active="true"]');
    await deck.waitFor();
    expect(await deck.textContent()).toMatch(/In use: 3 of 49 cards taught/);
  }, 300_000);

  it('renames a deck, reads with the base model only, makes the deck active again and deletes it', async () => {
    const id = (await page.getAttribute('[data-testid^="deck-"][data-active="true"]', 'data-testid'))!.replace('deck-', '');
    await page.fill(tid(`deck-name-${id}`), 'Club deck');
    await page.click(tid(`deck-rename-${id}`));
    await page.waitForFunction((sel) => (document.querySelector(sel) as HTMLInputElement | null)?.value === 'Club deck', tid(`deck-name-${id}`));
    await page.click(tid('deck-use-base'));
    await page.waitForSelector(tid('deck-base-active'));
    await page.click(tid(`deck-activate-${id}`));
    await page.waitForSelector(`${tid(`deck-${id}`)}[data-active="true"]`);
    await page.click(tid(`deck-delete-${id}`));
    expect(await page.textContent(tid(`deck-delete-${id}`))).toBe('Press again to delete');
    await page.click(tid(`deck-delete-${id}`));
    await page.waitForSelector(tid('deck-none'));
  }, 120_000);
});

describe('what the camera saw', () => {
  it('shows each tray read with its outline, card, confidence and top guesses, and a refused frame as a rescan prompt with why', async () => {
    const [a] = sure as [string];
    // A teaching session left open would take the PALETTE presses.
    expect((await fetch(`${companion.url}/api/teach`, { method: 'DELETE', headers: { Authorization: `Bearer ${PIN}` } })).status).toBe(200);
    await sendCommands(companion.url, [page], [
      { type: 'newGame', players: ['Ann', 'Ben'] }, { type: 'deal', seat: 0, card: 'O3' }, { type: 'deal', seat: 1, card: 'G5' },
    ]);
    const active = companion.referee.publicView().active!;
    onTray = 'two';
    panel.press(active, 'palette');
    const refused = page.locator(`${tid('rescan-prompt')} .rescan-box`);
    await refused.waitFor({ timeout: 60_000 });
    expect(await refused.textContent()).toMatch(/more than one card in the frame \(several-cards\)/);
    await page.waitForSelector(`${tid('rescan-frame')} img`);

    onTray = a;
    panel.press(active, 'palette');
    const read = page.locator(`[data-testid^="seen-"][data-card="${a}"]`).first();
    await read.waitFor({ timeout: 60_000 });
    expect(await read.textContent()).toMatch(/\d+% sure/);
    expect(await read.locator('polygon').count()).toBe(2);
    expect(await read.locator('.guess').count()).toBeGreaterThanOrEqual(1);
    expect(await read.locator('.guess').count()).toBeLessThanOrEqual(3);
    // The newest frame was read: no rescan prompt stands.
    await page.waitForFunction((sel) => document.querySelector(sel)?.childElementCount === 0, tid('rescan-prompt'));

    onTray = 'nothing';
    panel.press(companion.referee.publicView().active!, 'palette');
    await page.waitForFunction((sel) => /no card found in the frame \(no-card\)/.test(document.querySelector(sel)?.textContent ?? ''), tid('rescan-prompt'), { timeout: 60_000 });
    expect(await page.locator(tid('rescan-advice')).count()).toBe(0);
    // A lamp's reflection blown out on the tray: the prompt says what to do about it.
    onTray = 'lamp';
    panel.press(companion.referee.publicView().active!, 'palette');
    await page.waitForSelector(tid('rescan-advice'), { timeout: 60_000 });
    expect(await page.textContent(tid('rescan-advice'))).toMatch(/lamp's reflection.*move the lamp or tilt the card/);
    // A guess tapped on the strip goes onto the tray.
    const guess = read.locator('.guess').first();
    const guessed = (await guess.getAttribute('data-testid'))!.split('-').pop()!;
    await guess.click();
    await page.waitForSelector(`${tid(`pick-${guessed}`)}[aria-pressed="true"]`);
    await checkAndShoot(tid('scan-strip'), 'scan-strip');
    await page.setViewportSize(TABLET);
    await page.locator(tid('scan-strip')).screenshot({ path: join(README_PICTURES, 'scan-strip.png') });
  }, 300_000);
});
