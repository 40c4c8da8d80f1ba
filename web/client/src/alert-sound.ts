// The sound of a refused play: two falling tones from the Web Audio API (no audio file to ship).
// Browsers keep audio locked until the page has been touched; until then it stays silent.
let audio: AudioContext | null = null;

/** Plays the illegal-play sound unless muted or unsupported. */
export function alertSound(muted: boolean): void {
  if (muted || typeof AudioContext === 'undefined') return;
  try {
    audio ??= new AudioContext();
    const start = audio.currentTime;
    for (const [i, freq] of [660, 440].entries()) {
      const osc = audio.createOscillator();
      const gain = audio.createGain();
      osc.type = 'square';
      osc.frequency.value = freq;
      gain.gain.setValueAtTime(0.08, start + i * 0.18);
      gain.gain.exponentialRampToValueAtTime(0.001, start + i * 0.18 + 0.16);
      osc.connect(gain).connect(audio.destination);
      osc.start(start + i * 0.18);
      osc.stop(start + i * 0.18 + 0.17);
    }
  } catch {
    // No audio device: the banner's words and icon still say it.
  }
}
