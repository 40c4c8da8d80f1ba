// What may be spoken: the five languages of the rule sheets, and text cleaned of anything a
// speech engine could read as markup or control input.

/** Languages of the announcements (RULES.md §8). */
export const SPEECH_LANGUAGES = ['en', 'de', 'pt', 'ru', 'ko'] as const;
export type SpeechLanguage = (typeof SPEECH_LANGUAGES)[number];

/** The espeak-ng voice for each language (`espeak-ng --voices` lists them). */
export const ESPEAK_VOICES: Record<SpeechLanguage, string> = {
  en: 'en-gb',
  de: 'de',
  pt: 'pt', // European Portuguese; 'pt-br' is the other voice espeak-ng ships
  ru: 'ru',
  ko: 'ko',
};

/** Longest accepted text; an announcement is one or two sentences. */
export const MAX_UTTERANCE_CHARS = 1000;

/** One thing to say. */
export interface Utterance {
  text: string;
  language: SpeechLanguage;
}

export type UtteranceError = { code: 'speech/bad-text' | 'speech/bad-language'; message: string };

/** Whether a value is one of the announcement languages. */
export function isSpeechLanguage(value: unknown): value is SpeechLanguage {
  return typeof value === 'string' && (SPEECH_LANGUAGES as readonly string[]).includes(value);
}

/** Checks and cleans a text and language: control characters become spaces, whitespace is collapsed. */
export function checkUtterance(text: unknown, language: unknown): { ok: true; utterance: Utterance } | ({ ok: false } & UtteranceError) {
  if (!isSpeechLanguage(language)) {
    return { ok: false, code: 'speech/bad-language', message: `cannot speak language ${JSON.stringify(language)} (known: ${SPEECH_LANGUAGES.join(', ')})` };
  }
  if (typeof text !== 'string') return { ok: false, code: 'speech/bad-text', message: `text to speak must be a string, got ${typeof text}` };
  // eslint-disable-next-line no-control-regex
  const clean = text.replace(/[\u0000-\u001f\u007f]+/g, ' ').replace(/\s+/g, ' ').trim();
  if (clean === '') return { ok: false, code: 'speech/bad-text', message: 'nothing to speak: the text is empty' };
  if (clean.length > MAX_UTTERANCE_CHARS) {
    return { ok: false, code: 'speech/bad-text', message: `text to speak is ${clean.length} characters, more than ${MAX_UTTERANCE_CHARS}` };
  }
  return { ok: true, utterance: { text: clean, language } };
}
