// The referee with its journal on (SQLite, WAL, synchronous=FULL): commands per second, one
// acknowledged commit each, and the time start() takes to rebuild a 1,000-command game.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Referee } from '../device/referee/referee.ts';
import type { SubmitResult } from '../device/referee/types.ts';
import { makeRng } from '../device/simulation/rng.ts';
import { longGame, recordGame } from '../test/device/referee/scripted-games.ts';
import { median, percentile, type BenchRow } from './types.ts';

/** A game padded with undo/redo pairs (a table taking plays back) to exactly `n` accepted commands. */
function thousandCommandGame(n: number): unknown[] {
  const game = longGame(250, 3);
  const rng = makeRng(5);
  const out: unknown[] = [];
  let extra = n - game.length;
  for (const [i, c] of game.entries()) {
    out.push(c);
    // Spread the pairs over the game; an undo right after the newGame would have nothing to take back.
    while (i > 0 && extra >= 2 && rng.next() < extra / (2 * (game.length - i))) {
      out.push({ type: 'undo' }, c);
      extra -= 2;
    }
  }
  return out;
}

/** Plays a game through a fresh referee: one command at a time (each awaited), or all sent at once (pipelined). */
async function timeGame(commands: readonly unknown[], pipelined: boolean): Promise<{ perSecond: number; perCommandMs: number[] }> {
  const dir = mkdtempSync(join(tmpdir(), 'red7-bench-'));
  const referee = new Referee({ dataDir: dir });
  await referee.start();
  const perCommandMs: number[] = [];
  const t0 = performance.now();
  const check = (c: unknown, r: SubmitResult) => {
    if (!r.ok) throw new Error(`bench game refused ${JSON.stringify(c)}: ${r.error.code}`);
  };
  if (pipelined) {
    const results = await Promise.all(commands.map((c) => referee.submit(c)));
    results.forEach((r, i) => check(commands[i], r));
  } else {
    for (const c of commands) {
      const t = performance.now();
      check(c, await referee.submit(c));
      perCommandMs.push(performance.now() - t);
    }
  }
  const seconds = (performance.now() - t0) / 1000;
  await referee.stop();
  rmSync(dir, { recursive: true, force: true });
  return { perSecond: commands.length / seconds, perCommandMs };
}

export default async (): Promise<BenchRow[]> => {
  const games = [1, 2, 3, 4, 5, 6, 7].map((seed) => recordGame(seed, { players: 4, advanced: true, actions: true }));
  const sequential: number[] = [];
  const pipelined: number[] = [];
  const latencies: number[] = [];
  for (const g of games) {
    const one = await timeGame(g, false);
    sequential.push(one.perSecond);
    latencies.push(...one.perCommandMs);
    pipelined.push((await timeGame(g, true)).perSecond);
  }

  const big = thousandCommandGame(1000);
  const dir = mkdtempSync(join(tmpdir(), 'red7-bench-'));
  const writer = new Referee({ dataDir: dir });
  await writer.start();
  for (const c of big) {
    const r = await writer.submit(c);
    if (!r.ok) throw new Error(`bench game refused ${JSON.stringify(c)}: ${r.error.code}`);
  }
  const seq = writer.publicView().seq;
  await writer.stop();
  const rebuilds: number[] = [];
  for (let i = 0; i < 11; i++) {
    const referee = new Referee({ dataDir: dir });
    const t = performance.now();
    await referee.start();
    rebuilds.push(performance.now() - t);
    if (referee.publicView().seq !== seq) throw new Error('the rebuild did not reach the last command');
    await referee.stop();
  }
  rmSync(dir, { recursive: true, force: true });

  const gameSizes = games.map((g) => g.length).join(', ');
  return [
    {
      name: 'referee: commands/s, journal on (synchronous=FULL), commands sent together',
      value: median(pipelined),
      unit: 'commands/s',
      target: '>= 2000',
      note: `${games.length} simulated 4-player advanced games (${gameSizes} commands), each sent at once; waiting commands share a commit (group commit), each answered after it`,
    },
    {
      name: 'referee: commands/s, journal on (synchronous=FULL), one at a time',
      value: median(sequential),
      unit: 'commands/s',
      note: `each command awaited before the next: one fsync each; per command p50 ${median(latencies).toFixed(3)} ms, p99 ${percentile(latencies, 99).toFixed(3)} ms`,
    },
    {
      name: 'referee: rebuild a 1,000-command game at start()',
      value: median(rebuilds),
      unit: 'ms',
      target: '< 200',
      note: `${big.length} commands (a ${longGame(250, 3).length}-command game with undo/redo pairs), 11 starts, p99 ${percentile(rebuilds, 99).toFixed(1)} ms`,
    },
  ];
};
