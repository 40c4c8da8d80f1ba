// `red7 play [--data DIR] [--lang xx]`: commands (RULES.md §9) as JSON lines on stdin, one
// answer line each. Every accepted command is journaled before its line is printed, so running
// it again on the same directory continues the same game.
import { refusalLine } from '../referee/announce.ts';
import { DEFAULT_DATA_DIR, languageOption, startReferee, unexpectedOptions } from '../referee/cli-support.ts';
import type { Referee } from '../referee/referee.ts';
import type { Language, RefereeError } from '../referee/types.ts';
import type { Writable } from 'node:stream';
import { parseOptions, readLines, type CommandRun } from './io.ts';

const USAGE = 'usage: red7 play [--data DIR] [--lang en|de|pt|ru|ko]   (commands as JSON lines on stdin)\n';

/** Writes one answer line and waits until it is handed to the OS: stdout on a pipe is asynchronous on POSIX,
 * and an answer still queued in memory when the process dies was never an acknowledgement. */
function answer(out: Writable, value: unknown): Promise<void> {
  return new Promise((resolve, reject) => out.write(`${JSON.stringify(value)}\n`, (e) => (e ? reject(e) : resolve())));
}

/** With --lang, a refusal's message is the table's line in that language; the rules' own English words stay as `detail`. */
function localised(referee: Referee, command: unknown, error: RefereeError, language: Language | undefined): RefereeError & { detail?: string } {
  if (language === undefined) return error;
  const c = (typeof command === 'object' && command !== null ? command : {}) as { type?: unknown; seat?: unknown };
  const names = referee.publicView().players.map((p) => p.name);
  const who = typeof c.seat === 'number' ? (names[c.seat] ?? null) : null;
  return { code: error.code, message: refusalLine(error.code, typeof c.type === 'string' ? c.type : undefined, who, language), detail: error.message };
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
        const error = { code: 'command/malformed' as const, message: 'not JSON: each line must be one command, like {"type":"pass","seat":1}' };
        await answer(io.stdout, { ok: false, error: localised(referee, null, error, lang.language) });
        continue;
      }
      const result = await referee.submit(command);
      await answer(io.stdout, result.ok ? { ok: true, seq: result.seq, view: result.view } : { ok: false, error: localised(referee, command, result.error, lang.language) });
    }
  } finally {
    await referee.stop();
  }
  return 0;
};
