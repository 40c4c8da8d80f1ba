// What the referee's `red7` sub-commands share: the --data option, and starting a referee
// with a clear one-line error (naming the journal file) instead of a stack trace.
import type { Writable } from 'node:stream';
import { isLanguage } from './i18n/index.ts';
import { JournalError } from './journal.ts';
import { Referee } from './referee.ts';
import type { Language } from './types.ts';

/** The data directory when --data is not given. */
export const DEFAULT_DATA_DIR = './data';

/** Checks the options against the allowed names; returns an error message or null. */
export function unexpectedOptions(options: Map<string, string | true>, allowed: readonly string[], positional: string[], maxPositional: number): string | null {
  const unknown = [...options.keys()].filter((k) => !allowed.includes(k));
  if (unknown.length > 0) return `unknown option ${unknown.map((k) => `--${k}`).join(' ')}`;
  for (const [k, v] of options) if (v === true) return `--${k} needs a value`;
  if (positional.length > maxPositional) return `unexpected ${positional.slice(maxPositional).join(' ')}`;
  return null;
}

/** Reads --lang: the language (undefined when not given), or why it is not one. */
export function languageOption(options: Map<string, string | true>): { language: Language | undefined } | { error: string } {
  const lang = options.get('lang');
  if (lang === undefined) return { language: undefined };
  return isLanguage(lang) ? { language: lang } : { error: `--lang must be one of en, de, pt, ru, ko (not "${String(lang)}")` };
}

/** Starts a referee on the data directory, or writes why it cannot and returns null. */
export async function startReferee(
  options: { dataDir: string; language?: Language; readonly?: boolean },
  stderr: Writable,
  command: string,
): Promise<Referee | null> {
  const referee = new Referee(options);
  try {
    await referee.start();
    return referee;
  } catch (e) {
    const message = e instanceof JournalError ? e.message : `could not start the referee: ${e instanceof Error ? e.message : String(e)}`;
    stderr.write(`red7 ${command}: ${message}\n`);
    return null;
  }
}

/** Reads a game id argument: a positive whole number. */
export function gameIdArgument(text: string | undefined): number | string {
  if (text === undefined) return 'name the game: its number, as `red7 games` lists it';
  if (!/^\d{1,9}$/.test(text) || Number(text) < 1) return `"${text}" is not a game number`;
  return Number(text);
}
