// `red7 games [--data DIR] [--json]`: the kept games, one line each.
import { DATA_NEEDS, startReferee } from './journal-options.ts';
import { parseCommandArgs, writeJsonLine, type CommandRun } from './io.ts';

const USAGE = 'usage: red7 games [--data DIR] [--json]\n';

/** Runs `red7 games`. */
export const run: CommandRun = async (args, io, root) => {
  const parsed = parseCommandArgs(args, { data: { type: 'string' }, json: { type: 'boolean' } }, { needs: DATA_NEEDS });
  if (!parsed.ok) {
    io.stderr.write(`red7 games: ${parsed.problem}\n${USAGE}`);
    return 2;
  }
  const parts = root();
  const referee = await startReferee(parts, { data: parsed.values.data, readonly: true }, io.stderr, 'games');
  if (referee === null) return 1;
  const games = referee.listGames();
  if (parsed.values.json === true) {
    for (const g of games) writeJsonLine(io.stdout, g);
    return 0;
  }
  if (games.length === 0) {
    io.stdout.write(`no games kept in ${parts.dataDir(parsed.values.data)}\n`);
    return 0;
  }
  const rows = [['game', 'started', 'players', 'phase', 'commands'], ...games.map((g) => [String(g.id), g.startedAt, g.players.join(', '), g.phase ?? '-', String(g.commands)])];
  const widths = rows[0]!.map((_, c) => Math.max(...rows.map((r) => r[c]!.length)));
  for (const r of rows) io.stdout.write(`${r.map((cell, c) => cell.padEnd(widths[c]!)).join('  ').trimEnd()}\n`);
  return 0;
};
