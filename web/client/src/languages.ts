// The languages the referee's announcements and transcripts exist in, by their own names (a
// Record over the one language list, so a language cannot be left out).
import type { Language } from '../../../shared/languages.ts';

export const LANGUAGE_NAMES: Record<Language, string> = { en: 'English', de: 'Deutsch', pt: 'Português', ru: 'Русский', ko: '한국어' };
