// `red7 simulate --games N --players P --seed S [--advanced] [--actions]`
import { InvariantError } from '../simulation/table.ts';
import { simulate } from '../simulation/simulate.ts';
import { parseOptions, writeJsonLine, type CommandRun } from './io.ts';

const USAGE = 'usage: red7 simulate --games N --players P --seed S [--advanced] [--actions]\n';

function intOption(options: Map<string, string | true>, name: string, min: number, max: number, fallback?: number): number | string {
  const raw = options.get(name);
  if (raw === undefined && fallback !== undefined) return fallback;
  const n = typeof raw === 'string' && /^\d+$/.test(raw) ? Number(raw) : Number.NaN;
  if (!Number.isSafeInteger(n) || n < min || n > max) return `--${name} must be a whole number from ${min} to ${max}`;
  return n;
}

/** Runs `red7 simulate`. */
export const run: CommandRun = async (args, io) => {
  const { options, positional } = parseOptions(args);
  const known = new Set(['games', 'players', 'seed', 'advanced', 'actions']);
  const unknown = [...options.keys()].filter((k) => !known.has(k));
  if (positional.length > 0 || unknown.length > 0) {
    io.stderr.write(`red7 simulate: unexpected ${[...positional, ...unknown.map((k) => `--${k}`)].join(' ')}\n${USAGE}`);
    return 2;
  }
  for (const flag of ['advanced', 'actions']) {
    if (options.has(flag) && options.get(flag) !== true) {
      io.stderr.write(`red7 simulate: --${flag} takes no value\n${USAGE}`);
      return 2;
    }
  }
  const games = intOption(options, 'games', 1, 10_000_000, 1);
  const players = intOption(options, 'players', 2, 4, 4);
  const seed = intOption(options, 'seed', 0, 0xffffffff, 1);
  for (const v of [games, players, seed]) {
    if (typeof v === 'string') {
      io.stderr.write(`red7 simulate: ${v}\n${USAGE}`);
      return 2;
    }
  }
  try {
    const summary = simulate({
      games: games as number, players: players as number, seed: seed as number,
      advanced: options.has('advanced'), actions: options.has('actions'),
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
