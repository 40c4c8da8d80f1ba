// `red7 say`: speaks a text through espeak-ng in one of the announcement languages, or writes it
// to a WAV file — to check the Pi's speaker and voices after installing.
import { writeFileSync } from 'node:fs';
import { EspeakSpeaker } from '../hardware/speech/espeak-speaker.ts';
import { isSpeechLanguage, SPEECH_LANGUAGES } from '../hardware/speech/utterance.ts';
import { parseOptions, type CommandIo, type CommandRun } from './io.ts';

const USAGE = `Usage: red7 say [--lang ${SPEECH_LANGUAGES.join('|')}] [--wav FILE] TEXT...\n`;

/** Runs `red7 say`. */
export const run: CommandRun = async (args, io) => {
  const { options, positional } = parseOptions(args);
  const unknown = [...options.keys()].filter((k) => k !== 'lang' && k !== 'wav');
  if (unknown.length > 0) return usage(io, `unknown option --${unknown[0]}`);
  const lang = options.get('lang') ?? 'en';
  if (!isSpeechLanguage(lang)) return usage(io, `--lang must be one of ${SPEECH_LANGUAGES.join(', ')}`);
  const wav = options.get('wav');
  if (wav === true) return usage(io, '--wav needs a file name');
  const text = positional.join(' ');
  if (text.trim() === '') return usage(io, 'nothing to say');

  const log = { info: () => {}, warn: (m: string) => io.stderr.write(`${m}\n`) };
  const speaker = new EspeakSpeaker({ log });
  if (wav !== undefined) {
    try {
      const bytes = await speaker.renderWav(text, lang);
      writeFileSync(wav, bytes);
      io.stdout.write(`wrote ${wav} (${bytes.length} bytes)\n`);
      return 0;
    } catch (err) {
      io.stderr.write(`red7 say: ${(err as Error).message}\n`);
      return 1;
    }
  }
  if (!(await speaker.start())) return 1;
  const result = speaker.speak(text, lang);
  if (!result.ok) {
    io.stderr.write(`red7 say: ${result.message}\n`);
    return 2;
  }
  await speaker.idle();
  await speaker.stop();
  return 0;
};

function usage(io: CommandIo, problem: string): number {
  io.stderr.write(`red7 say: ${problem}\n${USAGE}`);
  return 2;
}
