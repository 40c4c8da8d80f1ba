// The announcement catalogues by language, and card names in words.
import { tryParseCard, cardColour, cardValue } from '../../rules/index.ts';
import type { Language } from '../types.ts';
import type { Catalogue } from './catalogue.ts';
import { de } from './de.ts';
import { en } from './en.ts';
import { ko } from './ko.ts';
import { pt } from './pt.ts';
import { ru } from './ru.ts';

/** Every language's catalogue (a Record over LANGUAGES, so a language cannot be left out). */
export const CATALOGUES: Record<Language, Catalogue> = { en, de, pt, ru, ko };

export { isLanguage } from '../../../shared/languages.ts';

/** Names a card in R7 notation in words ("B4" → "Blue 4"); colour is never the only cue. */
export function cardWords(card: string, language: Language): string {
  const parsed = tryParseCard(card);
  if (!parsed.ok) return card;
  return `${CATALOGUES[language].colour[cardColour(parsed.card)]} ${cardValue(parsed.card)}`;
}
