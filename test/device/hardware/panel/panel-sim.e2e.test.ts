// End to end: the real firmware (firmware/build/panel.elf) runs in simavr behind a pty, and the
// real driver opens it with the real serialport binding. Keys are pressed on the simulator's
// stdin; key events, referee commands and LED pin levels are checked as a user would see them.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PanelDriver } from '../../../../device/hardware/panel/driver.ts';
import type { PanelKeyEvent } from '../../../../device/hardware/panel/key-event.ts';
import type { PanelOutcome } from '../../../../device/table-inputs/key-commands.ts';
import { routePanelKeys } from '../../../../device/table-inputs/key-router.ts';
import { PanelSim, buildFirmwareAndSim } from '../../../helpers/panel-sim.ts';
import { PATIENCE_MS } from '../../../helpers/patience.ts';

const log = pino({ level: process.env.PANEL_E2E_LOG ?? 'warn' });
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Polls until `check` passes or the time is up (then rethrows its last failure). */
async function eventually(check: () => Promise<void> | void, timeoutMs = PATIENCE_MS): Promise<void> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    try {
      await check();
      return;
    } catch (err) {
      if (Date.now() > end) throw err;
      await sleep(50);
    }
  }
}

describe('the panel driver against the real firmware in simavr', () => {
  let dir: string;
  let link: string;
  let sim: PanelSim;
  let driver: PanelDriver;
  const keys: PanelKeyEvent[] = [];
  const outcomes: Array<{ outcome: PanelOutcome; event: PanelKeyEvent }> = [];
  const view = {
    phase: 'turn', active: 1, pending: null as null | { action: number } | { draw: string },
    players: [{ palette: ['R3'] }, { palette: ['B4'] }, { palette: ['O6', 'G2'] }],
  };
  const scans: number[] = [];

  /** Resolves with the next outcome after `count` outcomes were seen. */
  async function outcomeAfter(count: number, timeoutMs = PATIENCE_MS): Promise<PanelOutcome> {
    await eventually(() => expect(outcomes.length).toBeGreaterThan(count), timeoutMs);
    return outcomes[count]!.outcome;
  }

  beforeAll(async () => {
    await buildFirmwareAndSim();
    dir = await mkdtemp(join(tmpdir(), 'red7-panel-e2e-'));
    link = join(dir, 'panel');
    sim = await PanelSim.start({ link });
    driver = new PanelDriver({ path: link, logger: log });
    driver.on('key', (e) => keys.push(e));
    routePanelKeys(driver, {
      view: () => view,
      scanner: { scan: async (seat) => { scans.push(seat); return { card: 'V7' }; } },
      onOutcome: (outcome, event) => {
        outcomes.push({ outcome, event });
        // As the app would: blink the LED of a seat that pressed out of turn.
        if (outcome.kind === 'notYourTurn') driver.setLed(String(outcome.seat) as '0', 'BLINK');
      },
      logger: log,
    });
    await driver.start();
    await driver.waitUntilUp(15_000);
  }, 300_000);

  afterAll(async () => {
    await driver?.stop();
    await sim?.stop('SIGKILL');
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('hears the HELLO and lights the status LED green', async () => {
    expect(driver.phase).toBe('up');
    await eventually(async () => expect(await sim.leds()).toEqual({ 0: 0, 1: 0, 2: 0, 3: 0, G: 1, R: 0 }));
  });

  it('keeps the panel\'s red "no host" LED dark with its heartbeat', async () => {
    // The firmware blinks red by itself after 3 s without a host frame; the host's HB prevents it.
    const from = sim.ledChanges.length;
    await sleep(3500);
    expect(sim.ledChanges.slice(from).filter((c) => c.name === 'R')).toEqual([]);
    expect(await sim.leds()).toMatchObject({ G: 1, R: 0 });
  });

  it('turns the active seat\'s PALETTE press into a scanned play to the palette', async () => {
    const n = outcomes.length;
    await sim.press(1, 'P');
    const outcome = await outcomeAfter(n);
    await sim.release(1, 'P');
    expect(keys.at(-1)).toMatchObject({ seat: 1, key: 'palette', press: 'short' });
    expect(outcome).toMatchObject({ kind: 'command', command: { type: 'play', seat: 1, to: 'palette', card: 'V7', source: 'panel' } });
    expect(scans.at(-1)).toBe(1);
  });

  it('turns CANVAS into a play to the canvas, and into the 7\'s discard while it is pending', async () => {
    let n = outcomes.length;
    await sim.press(1, 'C');
    expect(await outcomeAfter(n)).toMatchObject({ kind: 'command', command: { type: 'play', to: 'canvas', card: 'V7' } });
    await sim.release(1, 'C');
    await sleep(20);
    view.pending = { action: 7 };
    n = outcomes.length;
    await sim.press(1, 'C');
    expect(await outcomeAfter(n)).toMatchObject({ kind: 'command', command: { type: 'discard', to: 'canvas', card: 'V7' } });
    await sim.release(1, 'C');
    view.pending = null;
  });

  it('turns DRAW/DECK into a draw while the 3\'s action is pending', async () => {
    view.pending = { action: 3 };
    const n = outcomes.length;
    await sim.press(1, 'D');
    expect(await outcomeAfter(n)).toMatchObject({ kind: 'command', command: { type: 'draw', seat: 1 } });
    await sim.release(1, 'D');
    view.pending = null;
  });

  it('ends the turn on a short DONE and passes on DONE held for 1.5 s', async () => {
    let n = outcomes.length;
    await sim.press(1, 'E');
    await sleep(100);
    await sim.release(1, 'E');
    expect(await outcomeAfter(n)).toMatchObject({ kind: 'command', command: { type: 'endTurn', seat: 1 } });
    n = outcomes.length;
    await sim.press(1, 'E');
    expect(await outcomeAfter(n, 4000)).toMatchObject({ kind: 'command', command: { type: 'pass', seat: 1 } });
    await sim.release(1, 'E');
    await sleep(100);
    expect(outcomes.length).toBe(n + 1); // the release after a long press sends nothing
    expect(keys.at(-1)).toMatchObject({ key: 'done', press: 'long' });
  });

  it('undoes on the shared UNDO key', async () => {
    const n = outcomes.length;
    await sim.press(null, 'U');
    expect(await outcomeAfter(n)).toMatchObject({ kind: 'command', command: { type: 'undo', source: 'panel' } });
    await sim.release(null, 'U');
  });

  it('answers another seat\'s key with "not your turn" and blinks that seat\'s LED', async () => {
    const n = outcomes.length;
    const scansBefore = scans.length;
    await sim.press(0, 'P');
    expect(await outcomeAfter(n)).toEqual({ kind: 'notYourTurn', seat: 0, active: 1 });
    await sim.release(0, 'P');
    expect(scans.length).toBe(scansBefore);
    const on = await sim.waitForLed((c) => c.name === '0' && c.on, PATIENCE_MS);
    const off = await sim.waitForLed((c) => c.name === '0' && !c.on, PATIENCE_MS);
    // 500 ms on / 500 ms off, read through a busy machine's stdout: loose bounds, but not ON.
    expect(off.at - on.at).toBeGreaterThan(300);
    expect(off.at - on.at).toBeLessThan(800);
    driver.setLed('0', 'OFF');
    await eventually(async () => expect((await sim.leds())['0']).toBe(0));
  });

  it('sets seat LEDs and the panel\'s pins follow', async () => {
    driver.setLed('2', 'ON');
    driver.setLed('R', 'ON');
    await eventually(async () => expect(await sim.leds()).toMatchObject({ 2: 1, R: 1 }));
    driver.setLed('R', 'OFF');
    await eventually(async () => expect(await sim.leds()).toMatchObject({ 2: 1, R: 0 }));
  });

  it('reconnects to a new simulator on the same link after a kill, re-sends the LEDs and loses no acked key', async () => {
    const pressed = keys.length;
    const downs: string[] = [];
    driver.on('down', (d) => downs.push(d.reason));
    driver.setLed('3', 'BLINK');
    // Two more presses that the driver acknowledges, then the board dies mid-game.
    await sim.press(1, 'P');
    await sim.press(null, 'U');
    await eventually(() => expect(keys.length).toBe(pressed + 2));
    const acked = keys.map((k) => `${k.at}:${k.seat}:${k.key}`);
    const hellos = driver.stats.hellos;
    await sim.stop('SIGKILL');
    await eventually(() => expect(driver.phase).not.toBe('up'), PATIENCE_MS);
    expect(downs).toHaveLength(1);

    await sleep(300);
    sim = await PanelSim.start({ link });
    await eventually(() => expect(driver.stats.hellos).toBe(hellos + 1), 15_000);
    // The LED state set before the kill is back on the new board: seat 2 on, seat 3 blinking.
    expect(driver.leds).toEqual({ 0: 'OFF', 1: 'OFF', 2: 'ON', 3: 'BLINK', G: 'ON', R: 'OFF' });
    await eventually(async () => expect(await sim.leds()).toMatchObject({ 0: 0, 1: 0, 2: 1, G: 1, R: 0 }));
    await sim.waitForLed((c) => c.name === '3' && c.on, PATIENCE_MS);
    await sim.waitForLed((c) => c.name === '3' && !c.on, PATIENCE_MS);
    // Every key acknowledged before the kill was reported, exactly once; none came back twice.
    expect(keys.slice(0, acked.length).map((k) => `${k.at}:${k.seat}:${k.key}`)).toEqual(acked);
    expect(keys.length).toBe(acked.length);

    const n = outcomes.length;
    await sim.press(1, 'P');
    expect(await outcomeAfter(n)).toMatchObject({ kind: 'command', command: { type: 'play', seat: 1, to: 'palette' } });
    await sim.release(1, 'P');
    expect(keys.at(-1)).toMatchObject({ seat: 1, key: 'palette' });
  });

  it('calls a frozen board\'s link dead after 3 s and comes back when it runs again', async () => {
    const opens = driver.stats.opens;
    const hellos = driver.stats.hellos;
    const downs: string[] = [];
    const onDown = (d: { reason: string }) => downs.push(d.reason);
    driver.on('down', onDown);
    const frozenAt = Date.now();
    sim.pause();
    try {
      await eventually(() => expect(downs).toEqual(['no frame from the panel for 3000 ms']), PATIENCE_MS);
      expect(Date.now() - frozenAt).toBeGreaterThanOrEqual(2900);
      // The driver reopens the port by itself while the board is still frozen.
      await eventually(() => expect(driver.stats.opens).toBeGreaterThan(opens), PATIENCE_MS);
    } finally {
      sim.resume();
      driver.off('down', onDown);
    }
    await eventually(() => expect(driver.stats.hellos).toBeGreaterThan(hellos), 15_000);
    await eventually(async () => expect(await sim.leds()).toMatchObject({ 2: 1, G: 1 }));
    const n = outcomes.length;
    await sim.press(null, 'U');
    expect(await outcomeAfter(n)).toMatchObject({ kind: 'command', command: { type: 'undo' } });
    await sim.release(null, 'U');
  });
});
