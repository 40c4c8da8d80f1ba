// The real espeak-ng (a Debian package that `npm test` installs through scripts/system-deps.mjs).
// It renders to WAV with --stdout, so no sound card is needed to check what it produces.
import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { EspeakSpeaker } from '../../../../device/hardware/speech/espeak-speaker.ts';
import { findExecutable } from '../../../../device/hardware/executables.ts';
import { ESPEAK_VOICES, SPEECH_LANGUAGES } from '../../../../device/hardware/speech/utterance.ts';

const program = findExecutable('espeak-ng', process.env.PATH ?? '');
if (program === null) {
  throw new Error('espeak-ng is not installed: run `node scripts/system-deps.mjs` as root (npm test does) or apt-get install espeak-ng');
}

const SAMPLES: Record<(typeof SPEECH_LANGUAGES)[number], string> = {
  en: 'Ben plays Blue 4 to the canvas: the rule is now Blue, most different colours',
  de: 'Ben spielt Blau 4 auf die Leinwand',
  pt: 'Ben joga Azul 4 na tela',
  ru: 'Бен кладёт синюю четвёрку на холст',
  ko: '벤이 파란색 4를 캔버스에 냅니다',
};

describe('EspeakSpeaker with the real espeak-ng', () => {
  it('has every voice it maps a language to', () => {
    const listed = execFileSync(program, ['--voices'], { encoding: 'utf8' })
      .split('\n')
      .slice(1)
      .map((line) => line.trim().split(/\s+/)[1]);
    for (const voice of Object.values(ESPEAK_VOICES)) expect(listed).toContain(voice);
  });

  it('renders each language to a WAV file with a RIFF header and some seconds of sound', async () => {
    const speaker = new EspeakSpeaker();
    await speaker.start();
    for (const language of SPEECH_LANGUAGES) {
      const wav = await speaker.renderWav(SAMPLES[language], language);
      expect(wav.subarray(0, 4).toString('latin1')).toBe('RIFF');
      expect(wav.subarray(8, 16).toString('latin1')).toBe('WAVEfmt ');
      const sampleRate = wav.readUInt32LE(24);
      expect(sampleRate).toBe(22050);
      const seconds = (wav.length - 44) / (sampleRate * 2);
      expect(seconds, language).toBeGreaterThan(0.8);
    }
    await speaker.stop();
  });

  it('refuses to render a language it does not know', async () => {
    const speaker = new EspeakSpeaker();
    await expect(speaker.renderWav('Bonjour', 'fr')).rejects.toThrow('cannot speak language "fr"');
  });

  it('speaks queued texts through the real binary and comes back to idle', async () => {
    const warnings: string[] = [];
    const speaker = new EspeakSpeaker({ log: { info: () => {}, warn: (m) => warnings.push(m) } });
    expect(await speaker.start()).toBe(true);
    expect(speaker.speak(SAMPLES.en, 'en').ok).toBe(true);
    expect(speaker.speak(SAMPLES.ko, 'ko').ok).toBe(true);
    await speaker.idle();
    // Without a sound card espeak-ng prints ALSA errors but exits 0; any failure would be a warning here.
    expect(warnings).toEqual([]);
    await speaker.stop();
  });
});
