// `red7 games [--data DIR] [--json]`: the kept games, one line each.
import { DEFAULT_DATA_DIR, startReferee } from '../referee/cli-support.ts';
import { parseOptions, writeJsonLine, type CommandRun } from './io.ts';

const USAGE = 'usage: red7 games [--data DIR] [--json]\n';

/** Runs `red7 games`. */
export const run: CommandRun = async (args, io) => {
  const { options, positional } = parseOptions(args);
  const unknown = [...options.keys()].filter((k) => k !== 'data' && k !== 'json');
  if (unknown.length > 0 || positional.length > 0 || options.get('data') === true || (options.has('json') && options.get('json') !== true)) {
    io.stderr.write(`red7 games: unexpected ${[...positional, ...unknown.map((k) => `--${k}`)].join(' ') || 'option value'}\n${USAGE}`);
    return 2;
  }
  const dataDir = (options.get('data') as string | undefined) ?? DEFAULT_DATA_DIR;
  const referee = await startReferee({ dataDir, readonly: true }, io.stderr, 'games');
  if (referee === null) return 1;
  try {
    const games = referee.listGames();
    if (options.has('json')) {
      for (const g of games) writeJsonLine(io.stdout, g);
      return 0;
    }
    if (games.length === 0) {
      io.stdout.write(`no games kept in ${dataDir}\n`);
      return 0;
    }
    const rows = [['game', 'started', 'players', 'phase', 'commands'], ...games.map((g) => [String(g.id), g.startedAt, g.players.join(', '), g.phase ?? '-', String(g.commands)])];
    const widths = rows[0]!.map((_, c) => Math.max(...rows.map((r) => r[c]!.length)));
    for (const r of rows) io.stdout.write(`${r.map((cell, c) => cell.padEnd(widths[c]!)).join('  ').trimEnd()}\n`);
    return 0;
  } finally {
    await referee.stop();
  }
};
