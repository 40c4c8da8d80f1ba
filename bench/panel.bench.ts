// Seat panel latency: from `press` written to panel-sim's stdin (the real firmware in simavr,
// paced to real time, 5 ms debounce and 115200 baud included) to the referee command the driver's
// key router hands over. Also the parser's throughput on a clean frame stream.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pino } from 'pino';
import { PanelDriver } from '../device/hardware/panel/driver.ts';
import { FrameParser } from '../device/hardware/panel/frame-parser.ts';
import type { PanelOutcome } from '../device/table-inputs/key-commands.ts';
import { routePanelKeys } from '../device/table-inputs/key-router.ts';
import { encodeFrame, type Frame } from '../device/hardware/panel/protocol.ts';
import { PanelSim, buildFirmwareAndSim } from '../test/helpers/panel-sim.ts';
import { FakePanel, MockBinding } from '../test/device/hardware/panel/fake-panel.ts';
import { loadavg } from 'node:os';
import { median, percentile, type BenchRow } from './types.ts';

const PRESSES = 240;
const WARMUP = 10;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Per press: write to command, and write to the simulator's `OK` (its own scheduling delay). */
async function pressToCommand(): Promise<{ samples: number[]; simAnswer: number[] }> {
  await buildFirmwareAndSim();
  const dir = await mkdtemp(join(tmpdir(), 'red7-panel-bench-'));
  const sim = await PanelSim.start({ link: join(dir, 'panel') });
  const driver = new PanelDriver({ path: join(dir, 'panel'), logger: pino({ level: 'warn' }) });
  // The active seat 1 owes the 3's draw, so every key of the cycle below makes a command.
  const view = { phase: 'turn', active: 1, pending: { action: 3 }, players: [{ palette: [] }, { palette: [] }] };
  let waiter: ((o: PanelOutcome, at: number) => void) | undefined;
  routePanelKeys(driver, {
    view: () => view,
    scanner: { scan: async () => ({ card: 'B4' }) }, // the camera is not what is measured here
    onOutcome: (o) => waiter?.(o, performance.now()),
  });
  const samples: number[] = [];
  const simAnswer: number[] = [];
  try {
    await driver.start();
    await driver.waitUntilUp(15_000);
    const cycle: Array<[number | null, string]> = [[1, 'P'], [1, 'C'], [1, 'D'], [null, 'U']];
    for (let i = 0; i < WARMUP + PRESSES; i++) {
      const [seat, key] = cycle[i % cycle.length]!;
      const outcome = new Promise<{ o: PanelOutcome; at: number }>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no command for press ${i} (${seat} ${key}) within 2 s`)), 2000);
        waiter = (o, at) => {
          clearTimeout(timer);
          resolve({ o, at });
        };
      });
      const t0 = performance.now();
      await sim.press(seat, key);
      const answered = performance.now();
      const { o, at } = await outcome;
      if (o.kind !== 'command') throw new Error(`press ${i} made ${JSON.stringify(o)}, not a command`);
      if (i >= WARMUP) {
        samples.push(at - t0);
        simAnswer.push(answered - t0);
      }
      await sim.release(seat, key);
      await sleep(12); // past the 5 ms debounce of the release
    }
  } finally {
    await driver.stop();
    await sim.stop('SIGKILL');
    await rm(dir, { recursive: true, force: true });
  }
  return { samples, simAnswer };
}

/** The host's share alone: a KEY frame handed to the port (binding-mock) to the command out. */
async function hostOnly(): Promise<number[]> {
  MockBinding.reset();
  const panel = new FakePanel('/dev/ttyBENCH');
  const driver = new PanelDriver({ path: panel.path, binding: panel.binding, logger: pino({ level: 'warn' }) });
  const view = { phase: 'turn', active: 1, pending: null, players: [{ palette: [] }, { palette: [] }] };
  let waiter: ((at: number) => void) | undefined;
  routePanelKeys(driver, {
    view: () => view,
    scanner: { scan: async () => ({ card: 'B4' }) },
    onOutcome: () => waiter?.(performance.now()),
  });
  const samples: number[] = [];
  try {
    await driver.start();
    await driver.waitUntilUp(5000);
    for (let i = 0; i < 1000; i++) {
      const done = new Promise<number>((resolve) => { waiter = resolve; });
      const t0 = performance.now();
      panel.press(1, 'P');
      samples.push((await done) - t0);
    }
  } finally {
    await driver.stop();
    panel.dispose();
  }
  return samples;
}

/** Calibration: how late a 1 ms timer fires on this machine right now (other work competing). */
async function timerOvershoot(): Promise<number[]> {
  const late: number[] = [];
  for (let i = 0; i < 500; i++) {
    const t0 = performance.now();
    await sleep(1);
    late.push(performance.now() - t0 - 1);
  }
  return late;
}

function parserThroughput(): number {
  const frames: Frame[] = [];
  for (let i = 0; i < 1000; i++) frames.push({ type: 'KEY', seq: (i % 255) + 1, seat: (i % 4) as 0, key: 'P', kind: 'S' }, { type: 'HB', seq: (i % 255) + 1 });
  const chunk = Buffer.from(frames.map(encodeFrame).join(''), 'latin1');
  const parser = new FrameParser();
  let bytes = 0;
  const start = performance.now();
  while (performance.now() - start < 500) {
    parser.push(chunk);
    bytes += chunk.length;
  }
  return bytes / 1e6 / ((performance.now() - start) / 1000);
}

export default async function panelBench(): Promise<BenchRow[]> {
  const load = loadavg()[0]!.toFixed(1);
  const { samples, simAnswer } = await pressToCommand();
  const p99 = percentile(samples, 99);
  const note = `${samples.length} presses over panel-sim; p99 ${p99.toFixed(2)} ms, max ${Math.max(...samples).toFixed(2)} ms; load avg ${load}`;
  const host = await hostOnly();
  const late = await timerOvershoot();
  return [
    { name: 'panel: key press to command, median', value: median(samples), unit: 'ms', note },
    { name: 'panel: key press to command, p99', value: p99, unit: 'ms', target: '< 20', note: `${samples.length} presses; load avg ${load}` },
    {
      name: 'panel: panel-sim answering `press` (OK), median', value: median(simAnswer), unit: 'ms',
      note: `p99 ${percentile(simAnswer, 99).toFixed(2)} ms: the simulator's own scheduling delay, inside the figure above`,
    },
    { name: 'panel: host only, KEY frame to command, median', value: median(host), unit: 'ms', note: `binding-mock, ${host.length} frames; p99 ${percentile(host, 99).toFixed(3)} ms` },
    {
      name: 'machine: 1 ms timer overshoot, median', value: median(late), unit: 'ms',
      note: `p99 ${percentile(late, 99).toFixed(2)} ms: scheduling noise every figure above includes`,
    },
    { name: 'panel: frame parser throughput', value: parserThroughput(), unit: 'MB/s', note: 'clean KEY and HB frames, 115200 baud is 0.0115 MB/s' },
  ];
}
