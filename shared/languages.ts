// The languages the companion speaks and announces in: one list for the referee, speech, the
// configuration and the web.

export const LANGUAGES = ['en', 'de', 'pt', 'ru', 'ko'] as const;
export type Language = (typeof LANGUAGES)[number];

/** True for one of LANGUAGES. */
export function isLanguage(x: unknown): x is Language {
  return typeof x === 'string' && (LANGUAGES as readonly string[]).includes(x);
}
