// Many seeded games in a row, with the counts `red7 simulate` and the benchmark report.
import { makeRng } from './rng.ts';
import { playGame, type GameOptions } from './random-game.ts';

export interface SimulationOptions extends GameOptions {
  games: number;
  seed: number;
}

export interface SimulationSummary {
  games: number;
  players: number;
  advanced: boolean;
  actions: boolean;
  seed: number;
  rounds: number;
  turns: number;
  commands: number;
  eliminations: number;
  illegalAttempted: number;
  illegalRejected: number;
  canvasFirst: number;
  onesWhileBehind: number;
  seconds: number;
  gamesPerSecond: number;
}

/** Plays the games; throws InvariantError if any invariant of the run breaks or a game does not end. */
export function simulate(options: SimulationOptions): SimulationSummary {
  const rng = makeRng(options.seed);
  const totals = { rounds: 0, turns: 0, commands: 0, eliminations: 0, illegalAttempted: 0, illegalRejected: 0, canvasFirst: 0, onesWhileBehind: 0 };
  const started = performance.now();
  for (let g = 0; g < options.games; g++) {
    const table = playGame(rng, options);
    for (const key of Object.keys(totals) as Array<keyof typeof totals>) totals[key] += table.counts[key];
  }
  const seconds = (performance.now() - started) / 1000;
  return {
    games: options.games, players: options.players, advanced: options.advanced, actions: options.actions, seed: options.seed,
    ...totals,
    seconds: Number(seconds.toFixed(3)),
    gamesPerSecond: Math.round(options.games / Math.max(seconds, 1e-6)),
  };
}
