// `red7 simulate --games N --players P --seed S [--advanced] [--actions]`
import { InvariantError } from '../simulation/table.ts';
import { simulate } from '../simulation/simulate.ts';
import { parseCommandArgs, writeJsonLine, type CommandRun } from './io.ts';

const USAGE = 'usage: red7 simulate --games N --players P --seed S [--advanced] [--actions]\n';

function intOption(raw: string | undefined, name: string, min: number, max: number, fallback: number): number | string {
  if (raw === undefined) return fallback;
  const n = /^\d+$/.test(raw) ? Number(raw) : Number.NaN;
  if (!Number.isSafeInteger(n) || n < min || n > max) return `--${name} must be a whole number from ${min} to ${max}`;
  return n;
}

/** Runs `red7 simulate`. */
export const run: CommandRun = async (args, io) => {
  const parsed = parseCommandArgs(args, {
    games: { type: 'string' }, players: { type: 'string' }, seed: { type: 'string' }, advanced: { type: 'boolean' }, actions: { type: 'boolean' },
  }, { needs: { games: 'a number', players: 'a number', seed: 'a number' } });
  if (!parsed.ok) {
    io.stderr.write(`red7 simulate: ${parsed.problem}\n${USAGE}`);
    return 2;
  }
  const options = parsed.values;
  const games = intOption(options.games, 'games', 1, 10_000_000, 1);
  const players = intOption(options.players, 'players', 2, 4, 4);
  const seed = intOption(options.seed, 'seed', 0, 0xffffffff, 1);
  for (const v of [games, players, seed]) {
    if (typeof v === 'string') {
      io.stderr.write(`red7 simulate: ${v}\n${USAGE}`);
      return 2;
    }
  }
  try {
    const summary = simulate({
      games: games as number, players: players as number, seed: seed as number,
      advanced: options.advanced === true, actions: options.actions === true,
    });
    writeJsonLine(io.stdout, summary);
    return 0;
  } catch (e) {
    if (e instanceof InvariantError) {
      io.stderr.write(`red7 simulate: invariant broken: ${e.message}\n`);
      return 1;
    }
    throw e;
  }
};
