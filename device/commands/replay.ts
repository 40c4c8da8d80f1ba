// `red7 replay <game> [--data DIR] [--lang xx]`: a kept game as a readable transcript.
import { DEFAULT_DATA_DIR, gameIdArgument, languageOption, startReferee, unexpectedOptions } from '../referee/cli-support.ts';
import { parseOptions, type CommandRun } from './io.ts';

const USAGE = 'usage: red7 replay <game> [--data DIR] [--lang en|de|pt|ru|ko]\n';

/** Runs `red7 replay`. */
export const run: CommandRun = async (args, io) => {
  const { options, positional } = parseOptions(args);
  const lang = languageOption(options);
  const id = gameIdArgument(positional[0]);
  const bad = unexpectedOptions(options, ['data', 'lang'], positional, 1)
    ?? (typeof id === 'string' ? id : null)
    ?? ('error' in lang ? lang.error : null);
  if (bad !== null) {
    io.stderr.write(`red7 replay: ${bad}\n${USAGE}`);
    return 2;
  }
  const dataDir = (options.get('data') as string | undefined) ?? DEFAULT_DATA_DIR;
  const referee = await startReferee({ dataDir, readonly: true }, io.stderr, 'replay');
  if (referee === null) return 1;
  try {
    const text = referee.transcript(id as number, 'language' in lang ? lang.language : undefined);
    if (text === null) {
      io.stderr.write(`red7 replay: no game ${id} is kept in ${dataDir}\n`);
      return 1;
    }
    io.stdout.write(text);
    return 0;
  } finally {
    await referee.stop();
  }
};
