import { describe, expect, it } from 'vitest';
import { isLanguage, LANGUAGES } from '../../shared/languages.ts';
import { LANGUAGES as REFEREE_LANGUAGES } from '../../device/referee/types.ts';
import { ESPEAK_VOICES, SPEECH_LANGUAGES } from '../../device/hardware/speech/utterance.ts';
import { CATALOGUES } from '../../device/referee/i18n/index.ts';

describe('the language list', () => {
  it('is one list for the referee, speech and the catalogues', () => {
    expect(REFEREE_LANGUAGES).toBe(LANGUAGES);
    expect(SPEECH_LANGUAGES).toBe(LANGUAGES);
    expect(Object.keys(CATALOGUES).sort()).toEqual([...LANGUAGES].sort());
    expect(Object.keys(ESPEAK_VOICES).sort()).toEqual([...LANGUAGES].sort());
  });

  it('knows its languages and refuses anything else', () => {
    for (const language of LANGUAGES) expect(isLanguage(language)).toBe(true);
    for (const other of ['EN', 'fr', '', ' en', null, undefined, 1, {}, ['en']]) expect(isLanguage(other)).toBe(false);
  });
});
