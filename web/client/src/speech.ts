// Speaks announcements with the Web Speech API in the table's language (RULES.md §8). A
// backlog is never read out: only what arrives live, and a new line interrupts a long queue.
const VOICE_LANG: Record<string, string> = { en: 'en-GB', de: 'de-DE', pt: 'pt-PT', ru: 'ru-RU', ko: 'ko-KR' };

/** True when the browser can speak. */
export function canSpeak(): boolean {
  return typeof window !== 'undefined' && 'speechSynthesis' in window && typeof SpeechSynthesisUtterance !== 'undefined';
}

/** Speaks lines in a language; does nothing when muted or unsupported. */
export function speak(lines: string[], language: string, muted: boolean, rate = 1): void {
  if (muted || !canSpeak() || lines.length === 0) return;
  const synth = window.speechSynthesis;
  if (synth.pending) synth.cancel();
  const lang = VOICE_LANG[language] ?? language;
  const voice = synth.getVoices().find((v) => v.lang.toLowerCase().startsWith(language.toLowerCase()));
  for (const line of lines) {
    const u = new SpeechSynthesisUtterance(line);
    u.lang = lang;
    u.rate = rate;
    if (voice !== undefined) u.voice = voice;
    synth.speak(u);
  }
}

/** Stops speaking now (the mute button). */
export function hush(): void {
  if (canSpeak()) window.speechSynthesis.cancel();
}
