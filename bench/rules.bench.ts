// Rules engine: leader evaluations per second on random 2–4 player positions, and complete
// basic 4-player games per second through `simulate` (the reducer, the random policy and the
// invariant checks after every command).
import { ALL_CARDS, RULES, leader, type Card, type Rule } from '../device/rules/index.ts';
import { makeRng } from '../device/simulation/rng.ts';
import { simulate } from '../device/simulation/simulate.ts';
import { median, timed, type BenchRow } from './types.ts';

/** Random positions like a round's: 2–4 players with 1–7 palette cards each, and a rule. */
function positions(count: number, seed: number): Array<{ palettes: Card[][]; rule: Rule }> {
  const rng = makeRng(seed);
  return Array.from({ length: count }, () => {
    const deck = rng.shuffle([...ALL_CARDS]);
    const players = 2 + rng.int(3);
    const palettes = Array.from({ length: players }, () => deck.splice(0, 1 + rng.int(7)));
    return { palettes, rule: rng.pick(RULES) };
  });
}

/** Evaluations per wall second and per CPU second over 25 passes of the samples. */
function leaderRate(samples: Array<{ palettes: Card[][]; rule: Rule }>): { wall: number; cpu: number } {
  let sink = 0;
  const passes = 25;
  const t = timed(() => {
    for (let pass = 0; pass < passes; pass++) {
      for (let i = 0; i < samples.length; i++) {
        const s = samples[i]!;
        sink += leader(s.palettes, s.rule) ?? 0;
      }
    }
  });
  if (sink < 0) throw new Error('unreachable');
  const n = passes * samples.length;
  return { wall: n / t.wall, cpu: n / t.cpu };
}

/** Games per wall second and per CPU second. */
function gameRate(games: number, seed: number, advanced: boolean): { wall: number; cpu: number } {
  const t = timed(() => simulate({ games, players: 4, seed, advanced, actions: advanced }));
  return { wall: games / t.wall, cpu: games / t.cpu };
}

const fmt = (x: number) => Math.round(x).toLocaleString('en-US');

export default async function rulesBench(): Promise<BenchRow[]> {
  const samples = positions(20_000, 42);
  leaderRate(samples); // warm-up: let the JIT settle before measuring
  const leaders = Array.from({ length: 7 }, () => leaderRate(samples));
  gameRate(500, 1, false);
  const basic = Array.from({ length: 5 }, (_, i) => gameRate(2000, 100 + i, false));
  const advanced = Array.from({ length: 3 }, (_, i) => gameRate(300, 200 + i, true));
  const wall = (xs: Array<{ wall: number }>) => fmt(median(xs.map((x) => x.wall)));
  return [
    { name: 'rules: leader evaluations (2–4 players)', value: median(leaders.map((x) => x.cpu)), unit: 'per CPU s', target: '>= 4,000,000', note: `7 runs of 500k; wall-clock median ${wall(leaders)}/s` },
    { name: 'rules: simulate basic 4-player games', value: median(basic.map((x) => x.cpu)), unit: 'games/CPU s', target: '>= 2,000', note: `5 runs of 2,000 games, invariants checked; wall ${wall(basic)}/s` },
    { name: 'rules: simulate advanced 4-player games + actions', value: median(advanced.map((x) => x.cpu)), unit: 'games/CPU s', note: `3 runs of 300 games; wall ${wall(advanced)}/s` },
  ];
}
