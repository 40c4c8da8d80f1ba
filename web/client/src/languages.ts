// The languages the referee's announcements and transcripts exist in, by their own names.
export const LANGUAGE_NAMES: Record<string, string> = { en: 'English', de: 'Deutsch', pt: 'Português', ru: 'Русский', ko: '한국어' };
