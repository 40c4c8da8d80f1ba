// `red7 export <game> [--data DIR]`: a kept game's commands and events as JSON.
import { DEFAULT_DATA_DIR, gameIdArgument, startReferee, unexpectedOptions } from '../referee/cli-support.ts';
import { parseOptions, type CommandRun } from './io.ts';

const USAGE = 'usage: red7 export <game> [--data DIR]\n';

/** Runs `red7 export`. */
export const run: CommandRun = async (args, io) => {
  const { options, positional } = parseOptions(args);
  const id = gameIdArgument(positional[0]);
  const bad = unexpectedOptions(options, ['data'], positional, 1) ?? (typeof id === 'string' ? id : null);
  if (bad !== null) {
    io.stderr.write(`red7 export: ${bad}\n${USAGE}`);
    return 2;
  }
  const dataDir = (options.get('data') as string | undefined) ?? DEFAULT_DATA_DIR;
  const referee = await startReferee({ dataDir, readonly: true }, io.stderr, 'export');
  if (referee === null) return 1;
  try {
    const game = referee.exportGame(id as number);
    if (game === null) {
      io.stderr.write(`red7 export: no game ${id} is kept in ${dataDir}\n`);
      return 1;
    }
    io.stdout.write(`${JSON.stringify(game, null, 2)}\n`);
    return 0;
  } finally {
    await referee.stop();
  }
};
