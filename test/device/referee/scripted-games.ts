// Whole games as command lists, recorded from the seeded simulation in device/simulation (the
// random player sends every move through Table.send; we listen there and pass everything on).
import type { GameCommand } from '../../../device/rules/index.ts';
import { playGame, type GameOptions } from '../../../device/simulation/random-game.ts';
import { makeRng } from '../../../device/simulation/rng.ts';
import { Table } from '../../../device/simulation/table.ts';

/** The accepted commands of one seeded simulated game, newGame first. */
export function recordGame(seed: number, options: GameOptions): GameCommand[] {
  const log: GameCommand[] = [];
  const original = Table.prototype.send;
  Table.prototype.send = function send(this: Table, cmd: GameCommand) {
    log.push(structuredClone(cmd));
    return original.call(this, cmd);
  };
  try {
    playGame(makeRng(seed), options);
  } finally {
    Table.prototype.send = original;
  }
  return log;
}

/** A game of `min` to `max` commands (advanced, card actions, four players), searching seeds from `seed`. */
export function longGame(min: number, seed = 1, max = Number.POSITIVE_INFINITY): GameCommand[] {
  for (let s = seed; s < seed + 500; s++) {
    const game = recordGame(s, { players: 4, advanced: true, actions: true });
    if (game.length >= min && game.length <= max) return game;
  }
  throw new Error(`no simulated game of ${min} to ${max} commands from seed ${seed}`);
}
