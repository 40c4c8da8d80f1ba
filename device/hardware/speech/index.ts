// The speech part as main.ts sees it: `new EspeakSpeaker({ log })` on the Pi (silent with one
// warning when espeak-ng is absent), `RecordingSpeaker` where the browser speaks instead;
// `await speaker.start()`, `speaker.speak(text, lang)` per announcement, `await speaker.stop()`.
export { EspeakSpeaker, type EspeakOptions } from './espeak-speaker.ts';
export { RecordingSpeaker, type SpeakResult, type Speaker } from './speaker.ts';
export { checkUtterance, ESPEAK_VOICES, isSpeechLanguage, SPEECH_LANGUAGES, type SpeechLanguage, type Utterance } from './utterance.ts';
