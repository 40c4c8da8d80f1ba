// What the journal's `red7` commands (play, state, games, replay, export) share: the --data and
// --lang options, a game number argument, and a referee from the composition root that, when it
// cannot start, says why in one line naming the journal file instead of a stack trace.
import type { Writable } from 'node:stream';
import { isLanguage } from '../referee/i18n/index.ts';
import type { Referee } from '../referee/referee.ts';
import { LANGUAGES, type Language } from '../referee/types.ts';
import { refereeProblem, type Parts } from '../wiring/parts.ts';

/** The --data option of these commands (the configured data folder when it is not given). */
export const DATA_OPTION = { data: { type: 'string' } } as const;
export const DATA_NEEDS = { data: 'a folder' };

/** Reads --lang: the language (undefined when not given), or why it is not one. */
export function languageOption(lang: string | undefined): { language: Language | undefined } | { error: string } {
  if (lang === undefined) return { language: undefined };
  return isLanguage(lang) ? { language: lang } : { error: `--lang must be one of ${LANGUAGES.join(', ')} (not "${lang}")` };
}

/** Starts a referee on the data folder (--data, else the configured one), or writes why it cannot and returns null. */
export async function startReferee(
  parts: Parts,
  options: { data?: string; language?: Language; readonly?: boolean },
  stderr: Writable,
  command: string,
): Promise<Referee | null> {
  try {
    return await parts.referee({ dataDir: parts.dataDir(options.data), language: options.language, readonly: options.readonly });
  } catch (e) {
    stderr.write(`red7 ${command}: ${refereeProblem(e)}\n`);
    return null;
  }
}

/** Reads a game id argument: a positive whole number. */
export function gameIdArgument(text: string | undefined): number | string {
  if (text === undefined) return 'name the game: its number, as `red7 games` lists it';
  if (!/^\d{1,9}$/.test(text) || Number(text) < 1) return `"${text}" is not a game number`;
  return Number(text);
}
