// `red7 replay <game> [--data DIR] [--lang xx]`: a kept game as a readable transcript.
import { DATA_NEEDS, gameIdArgument, languageOption, startReferee } from './journal-options.ts';
import { parseCommandArgs, type CommandRun } from './io.ts';

const USAGE = 'usage: red7 replay <game> [--data DIR] [--lang en|de|pt|ru|ko]\n';

/** Runs `red7 replay`. */
export const run: CommandRun = async (args, io, root) => {
  const parsed = parseCommandArgs(args, { data: { type: 'string' }, lang: { type: 'string' } }, { positionals: 1, needs: { ...DATA_NEEDS, lang: 'a language' } });
  const lang = languageOption(parsed.ok ? parsed.values.lang : undefined);
  const id = parsed.ok ? gameIdArgument(parsed.positionals[0]) : 0;
  const bad = !parsed.ok ? parsed.problem : typeof id === 'string' ? id : 'error' in lang ? lang.error : null;
  if (bad !== null || !parsed.ok || 'error' in lang) {
    io.stderr.write(`red7 replay: ${bad}\n${USAGE}`);
    return 2;
  }
  const parts = root();
  const referee = await startReferee(parts, { data: parsed.values.data, readonly: true }, io.stderr, 'replay');
  if (referee === null) return 1;
  const text = referee.transcript(id as number, lang.language);
  if (text === null) {
    io.stderr.write(`red7 replay: no game ${id} is kept in ${parts.dataDir(parsed.values.data)}\n`);
    return 1;
  }
  io.stdout.write(text);
  return 0;
};
