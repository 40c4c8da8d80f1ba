// `red7 export <game> [--data DIR]`: a kept game's commands and events as JSON.
import { DATA_NEEDS, DATA_OPTION, gameIdArgument, startReferee } from './journal-options.ts';
import { parseCommandArgs, type CommandRun } from './io.ts';

const USAGE = 'usage: red7 export <game> [--data DIR]\n';

/** Runs `red7 export`. */
export const run: CommandRun = async (args, io, root) => {
  const parsed = parseCommandArgs(args, DATA_OPTION, { positionals: 1, needs: DATA_NEEDS });
  const id = parsed.ok ? gameIdArgument(parsed.positionals[0]) : 0;
  const bad = !parsed.ok ? parsed.problem : typeof id === 'string' ? id : null;
  if (bad !== null || !parsed.ok) {
    io.stderr.write(`red7 export: ${bad}\n${USAGE}`);
    return 2;
  }
  const parts = root();
  const referee = await startReferee(parts, { data: parsed.values.data, readonly: true }, io.stderr, 'export');
  if (referee === null) return 1;
  const game = referee.exportGame(id as number);
  if (game === null) {
    io.stderr.write(`red7 export: no game ${id} is kept in ${parts.dataDir(parsed.values.data)}\n`);
    return 1;
  }
  io.stdout.write(`${JSON.stringify(game, null, 2)}\n`);
  return 0;
};
