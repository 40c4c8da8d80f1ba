// The whole companion end to end: the real firmware in panel-sim as the seat panel,
// a folder of rendered card photos as the camera, the shipped classifier, the referee and its
// journal, the server and a headless browser — a full advanced 3-player game with card actions,
// every card read from its photo, checked on the dashboard and in the journal at the end.
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { applyCommand, parseCard, type GameCommand, type GameState } from '../../device/rules/index.ts';
import { impossibleCards, type ScanSource } from '../../device/referee/exclusions.ts';
import { Referee } from '../../device/referee/referee.ts';
import type { PublicView } from '../../device/referee/types.ts';
import { CardClassifier } from '../../vision/classifier.ts';
import { makeRng, mixSeed } from '../../vision/random.ts';
import { renderCard } from '../../vision/render/rasterise.ts';
import { randomStyle } from '../../vision/render/style.ts';
import { photograph } from '../../vision/augment/scene.ts';
import { buildFirmwareAndSim, PanelSim } from '../helpers/panel-sim.ts';
import { ensureClientBuilt, launchChromium } from '../web/browser/chromium.ts';
import { freshDataDir, getState, postCommand, startService, TEST_PIN, type Service } from '../helpers/service.ts';
import { scriptedCommands } from '../helpers/scripted-game.ts';

const ARTIFACTS = join(process.cwd(), 'test-artifacts', 'whole-system');

/** One advanced game, only the commands the table accepts (refusals have their own tests). */
function acceptedScript(): GameCommand[] {
  let state: GameState | null = null;
  const kept: GameCommand[] = [];
  for (const c of scriptedCommands(31, 1)) {
    const r = applyCommand(state, c);
    if (r.ok) {
      state = r.state;
      kept.push(c);
    }
  }
  return kept;
}
const SCRIPT = acceptedScript();

/** The panel key (and where its card comes from) that makes each command. */
function keyOf(c: GameCommand, state: GameState): { seat: number; key: string; hold?: boolean; card?: string; from?: ScanSource } | null {
  const seven = state.turn?.pending.some((p) => 'action' in p && p.action === 7) ?? false;
  switch (c.type) {
    case 'play': return { seat: c.seat, key: c.to === 'palette' ? 'P' : 'C', card: c.card, from: 'hand' };
    case 'endTurn': return { seat: c.seat, key: 'E' };
    case 'pass': return { seat: c.seat, key: 'E', hold: true };
    case 'draw': return { seat: c.seat, key: 'D' };
    case 'discard': return { seat: c.seat, key: c.to === 'canvas' && seven ? 'C' : 'D', card: c.card, from: 'own-palette' };
    case 'take': return { seat: c.seat, key: 'D', card: c.card, from: 'other-palette' };
    default: return null;
  }
}

let photos: string;
let expectedFinal: PublicView;
let scans = 0;

beforeAll(async () => {
  await buildFirmwareAndSim();
  ensureClientBuilt();
  mkdirSync(ARTIFACTS, { recursive: true });
  // Photograph every card the panel will scan, in order; keep only photos the shipped model
  // reads right with the same exclusions, so the folder camera's order never slips.
  photos = mkdtempSync(join(tmpdir(), 'red7-photos-'));
  const classifier = await CardClassifier.load();
  let state: GameState | null = null;
  for (const c of SCRIPT) {
    const key = state ? keyOf(c, state) : null;
    if (key?.card !== undefined) {
      const card = parseCard(key.card);
      for (let attempt = 0; ; attempt++) {
        expect(attempt, `no readable photo of ${key.card}`).toBeLessThan(10);
        const rng = makeRng(mixSeed(scans, attempt));
        const photo = (await photograph([await renderCard(card, randomStyle(card, rng), 200)], rng, { width: 1280, height: 960 })).jpeg;
        const read = await classifier.classify(photo, { exclude: impossibleCards(state, key.seat, key.from) });
        if (read.card === key.card) {
          writeFileSync(join(photos, `${String(scans).padStart(4, '0')}.jpg`), photo);
          break;
        }
      }
      scans++;
    }
    state = (applyCommand(state, c) as { state: GameState }).state;
  }
  // The state an uninterrupted in-process referee reaches.
  const referee = new Referee({ dataDir: freshDataDir() });
  await referee.start();
  for (const c of SCRIPT) await referee.submit(c);
  expectedFinal = referee.publicView();
  await referee.stop();
}, 600_000);

let sim: PanelSim | undefined;
let service: Service | undefined;
afterAll(async () => {
  await service?.kill('SIGTERM');
  await sim?.stop('SIGKILL');
});

/** Follows the table over the dashboard's WebSocket, as a tablet does (polling would hit the rate limit). */
class TableWatcher {
  seq = 0;
  /** The last few things the table said, for a failure message. */
  heard: string[] = [];
  private waiters: Array<() => void> = [];
  private constructor(private readonly socket: WebSocket) {}

  static async open(url: string): Promise<TableWatcher> {
    const socket = new WebSocket(`${url.replace('http', 'ws')}/ws`);
    const watcher = new TableWatcher(socket);
    await new Promise<void>((resolve, reject) => {
      socket.on('message', (data) => {
        const msg = JSON.parse(String(data));
        if (msg.type === 'snapshot' || msg.type === 'update') {
          watcher.seq = msg.seq;
          if (msg.type === 'update') watcher.heard.push(`${msg.seq}: ${msg.announcements.join(' ')} ${JSON.stringify(msg.view.warning)}`);
          if (msg.type === 'snapshot') resolve();
          for (const w of watcher.waiters.splice(0)) w();
        }
      });
      socket.once('error', reject);
    });
    return watcher;
  }

  /** Waits until the sequence number passes `seq`. */
  async passes(seq: number, what: string, log: () => string): Promise<void> {
    const deadline = performance.now() + 15_000;
    while (this.seq <= seq) {
      if (performance.now() > deadline) {
        writeFileSync(join(ARTIFACTS, 'service.log'), log());
        throw new Error(`the table did not take ${what} (still at seq ${this.seq})\n${this.heard.slice(-4).join('\n')}\n(the service's log is in ${join(ARTIFACTS, 'service.log')})`);
      }
      await new Promise<void>((resolve) => {
        this.waiters.push(resolve);
        setTimeout(resolve, 500);
      });
    }
  }

  close(): void {
    this.socket.close();
  }
}

describe('the whole companion', () => {
  it('referees a full advanced 3-player game with card actions from the panel, the camera and the classifier', async () => {
    expect(SCRIPT.length).toBeGreaterThan(100);
    const link = join(mkdtempSync(join(tmpdir(), 'red7-link-')), 'panel');
    sim = await PanelSim.start({ link });
    // The simulated panel falls behind real time on a loaded machine: its heartbeat can come
    // seconds late, which is not the dead link the 3 s default is there to catch.
    service = await startService(freshDataDir(), { RED7_PANEL: link, RED7_PANEL_DEAD_MS: '20000', RED7_CAMERA: 'folder', RED7_CAMERA_FOLDER: photos, RED7_LOG_LEVEL: 'info' });
    expect(service.output()).toMatch(/panel:\s+serial/);
    expect(service.output()).toMatch(/classifier:\s+\S+ backend/);
    const browser = await launchChromium();
    try {
      const page = await browser.context.newPage();
      await page.goto(service.url);
      const table = await TableWatcher.open(service.url);
      let state: GameState | null = null;
      let panelCommands = 0;
      for (const [i, c] of SCRIPT.entries()) {
        const key = state ? keyOf(c, state) : null;
        const before = table.seq;
        if (key === null) {
          // Setting up is the referee's, on the dashboard.
          const r = await postCommand(service.url, c);
          expect(r.body.ok, JSON.stringify(r.body)).toBe(true);
          await table.passes(before, `command ${i}`, service.output);
        } else {
          await sim.press(key.seat, key.key);
          await new Promise((r) => setTimeout(r, key.hold ? 1700 : 40));
          await sim.release(key.seat, key.key);
          await table.passes(before, `command ${i} ${JSON.stringify(c)}`, service.output);
          panelCommands++;
        }
        state = (applyCommand(state, c) as { state: GameState }).state;
      }
      table.close();
      const final = (await getState(service.url)) as PublicView;
      expect(final.phase).toBe('gameOver');
      expect(final).toEqual(expectedFinal);

      // The journal holds the game, the panel's commands marked as the panel's.
      const exported = await (await fetch(`${service.url}/api/games/${final.game}/export`, { headers: { authorization: `Bearer ${TEST_PIN}` } })).json();
      expect(exported.commands).toHaveLength(SCRIPT.length);
      expect(exported.commands.filter((e: { command: { source?: string } }) => e.command.source === 'panel')).toHaveLength(panelCommands);

      // The dashboard shows the end of the game: the winner and the scores.
      const winner = final.players[final.winner!]!;
      await page.waitForFunction((name) => document.body.innerText.includes(name) && /game over|wins/i.test(document.body.innerText), winner.name, { timeout: 15_000 });
      for (const p of final.players) expect(await page.locator('body').innerText()).toContain(p.name);
      await page.screenshot({ path: join(ARTIFACTS, 'game-over.png'), fullPage: true });
      console.log(`whole system: ${SCRIPT.length} commands, ${panelCommands} from the panel, ${scans} cards read from photos; ${winner.name} won ${final.players.map((p) => p.score).join('–')}`);
    } finally {
      await browser.close();
    }
  }, 900_000);
});
