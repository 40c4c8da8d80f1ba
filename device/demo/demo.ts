// `npm start -- --demo`: replays a recorded game through the whole pipeline — each card is
// rendered, photographed on the scan tray, read by the classifier when its seat's PALETTE or
// CANVAS key is pressed on the simulated panel, and played through the referee to the dashboard.
import { readFileSync } from 'node:fs';
import type { Logger } from 'pino';
import { applyCommand, type GameCommand, type GameState } from '../rules/index.ts';
import type { RefereeApi, RefereeUpdate } from '../referee/types.ts';
import type { PanelKey, PressKind, VirtualPanel } from '../hardware/panel/index.ts';
import type { TrayCamera } from './tray-camera.ts';

/** The recorded game (device/demo/record.ts wrote it). */
export function recordedGame(): GameCommand[] {
  const file = new URL('./recorded-game.json', import.meta.url);
  return (JSON.parse(readFileSync(file, 'utf8')) as { commands: GameCommand[] }).commands;
}

export interface DemoParts {
  referee: RefereeApi;
  panel: VirtualPanel;
  tray: TrayCamera;
  logger: Logger;
  /** Pause between steps; about 1.4 s plays the recorded game in a minute. */
  paceMs: number;
  /** Aborting stops the demo between steps. */
  signal?: AbortSignal;
}

export interface DemoReport {
  steps: number;
  /** Cards the classifier read from their photo and the referee played. */
  read: number;
  /** Cards the classifier was unsure of: entered by hand, as the referee would at a table. */
  enteredByHand: number;
  refused: number;
}

/** The panel key that carries a command, and the card to lay on the tray first. */
function keyFor(c: GameCommand): { seat: number; key: PanelKey; press: PressKind; card?: string } | null {
  switch (c.type) {
    case 'play': return { seat: c.seat, key: c.to, press: 'short', card: c.card };
    case 'endTurn': return { seat: c.seat, key: 'done', press: 'short' };
    case 'pass': return { seat: c.seat, key: 'done', press: 'long' };
    case 'draw': return { seat: c.seat, key: 'draw', press: 'short' };
    case 'discard': return { seat: c.seat, key: c.to === 'canvas' ? 'canvas' : 'draw', press: 'short', card: c.card };
    case 'take': return { seat: c.seat, key: 'draw', press: 'short', card: c.card };
    default: return null;
  }
}

/** Resolves with the referee's next update, or null after `ms`. */
function nextUpdate(referee: RefereeApi, ms: number): Promise<RefereeUpdate | null> {
  return new Promise((resolve) => {
    const stop = referee.subscribe((u) => {
      clearTimeout(timer);
      stop();
      resolve(u);
    });
    const timer = setTimeout(() => {
      stop();
      resolve(null);
    }, ms);
  });
}

/** Waits ms, or less when aborted; the abort listener goes with the wait, so steps add none. */
export const pause = (ms: number, signal?: AbortSignal) => new Promise<void>((resolve) => {
  const done = (): void => {
    clearTimeout(t);
    signal?.removeEventListener('abort', done);
    resolve();
  };
  const t = setTimeout(done, ms);
  signal?.addEventListener('abort', done, { once: true });
});

/** Plays the recorded game; resolves when it is over (or aborted). */
export async function runDemo(parts: DemoParts, commands = recordedGame()): Promise<DemoReport> {
  const { referee, panel, tray, logger } = parts;
  const report: DemoReport = { steps: 0, read: 0, enteredByHand: 0, refused: 0 };
  // A shadow of the rules tells which recorded commands the table will accept.
  let shadow: GameState | null = null;
  for (const [i, command] of commands.entries()) {
    if (parts.signal?.aborted) break;
    await pause(parts.paceMs, parts.signal);
    const expected = applyCommand(shadow, command);
    if (expected.ok) shadow = expected.state;
    else report.refused++;
    report.steps++;
    const key = keyFor(command);
    if (key === null) {
      // Setting up is done on the dashboard: the referee enters the game and the starting cards.
      await referee.submit({ ...command, source: 'demo', id: `demo-${i}` });
      continue;
    }
    if (key.card !== undefined) await tray.lay(key.card);
    const before = referee.publicView().seq;
    const heard = nextUpdate(referee, 2500);
    const pressed = panel.press(key.seat, key.key, key.press);
    if (!pressed.ok) logger.warn({ step: i }, `demo press refused: ${pressed.error}`);
    await heard;
    const moved = referee.publicView().seq !== before;
    if (moved && key.card !== undefined) report.read++;
    if (!moved && expected.ok) {
      // The classifier was not sure (a rescan): the referee enters the card by hand instead.
      report.enteredByHand++;
      logger.info({ step: i, card: key.card }, 'demo: the card was not read surely; entered by hand');
      await referee.submit({ ...command, source: 'demo', id: `demo-${i}` });
    }
  }
  logger.info(report, 'demo finished');
  return report;
}
