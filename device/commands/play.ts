// `red7 play [--data DIR] [--lang xx]`: commands (SPEC section 8) as JSON lines on stdin, one
// answer line each. Every accepted command is journaled before its line is printed, so running
// it again on the same directory continues the same game.
import { DEFAULT_DATA_DIR, languageOption, startReferee, unexpectedOptions } from '../referee/cli-support.ts';
import type { Writable } from 'node:stream';
import { parseOptions, readLines, type CommandRun } from './io.ts';

const USAGE = 'usage: red7 play [--data DIR] [--lang en|de|pt|ru|ko]   (commands as JSON lines on stdin)\n';

/** Writes one answer line and waits until it is handed to the OS: stdout on a pipe is asynchronous on POSIX,
 * and an answer still queued in memory when the process dies was never an acknowledgement. */
function answer(out: Writable, value: unknown): Promise<void> {
  return new Promise((resolve, reject) => out.write(`${JSON.stringify(value)}\n`, (e) => (e ? reject(e) : resolve())));
}

/** Runs `red7 play`. */
export const run: CommandRun = async (args, io) => {
  const { options, positional } = parseOptions(args);
  const bad = unexpectedOptions(options, ['data', 'lang'], positional, 0);
  const lang = languageOption(options);
  if (bad !== null || 'error' in lang) {
    io.stderr.write(`red7 play: ${bad ?? ('error' in lang ? lang.error : '')}\n${USAGE}`);
    return 2;
  }
  const dataDir = (options.get('data') as string | undefined) ?? DEFAULT_DATA_DIR;
  const referee = await startReferee({ dataDir, language: lang.language }, io.stderr, 'play');
  if (referee === null) return 1;
  try {
    for await (const line of readLines(io.stdin)) {
      let command: unknown;
      try {
        command = JSON.parse(line);
      } catch {
        await answer(io.stdout, { ok: false, error: { code: 'command/malformed', message: 'not JSON: each line must be one command, like {"type":"pass","seat":1}' } });
        continue;
      }
      const result = await referee.submit(command);
      await answer(io.stdout, result.ok ? { ok: true, seq: result.seq, view: result.view } : { ok: false, error: result.error });
    }
  } finally {
    await referee.stop();
  }
  return 0;
};
