// `red7 say`: speaks a text through espeak-ng in one of the announcement languages, or writes it
// to a WAV file — to check the Pi's speaker and voices after installing.
import { writeFileSync } from 'node:fs';
import { isSpeechLanguage, SPEECH_LANGUAGES } from '../hardware/speech/utterance.ts';
import { parseCommandArgs, type CommandIo, type CommandRun } from './io.ts';

const USAGE = `Usage: red7 say [--lang ${SPEECH_LANGUAGES.join('|')}] [--wav FILE] TEXT...\n`;

/** Runs `red7 say`. */
export const run: CommandRun = async (args, io, root) => {
  const parsed = parseCommandArgs(args, { lang: { type: 'string' }, wav: { type: 'string' } }, { positionals: Infinity, needs: { lang: 'a language', wav: 'a file name' } });
  if (!parsed.ok) return usage(io, parsed.problem);
  const parts = root();
  // The language of announcements (RED7_LANG) unless another is asked for.
  const lang = parsed.values.lang ?? parts.config.language;
  if (!isSpeechLanguage(lang)) return usage(io, `--lang must be one of ${SPEECH_LANGUAGES.join(', ')}`);
  const wav = parsed.values.wav;
  const text = parsed.positionals.join(' ');
  if (text.trim() === '') return usage(io, 'nothing to say');

  // Asked for by name: spoken even when the companion's own speech is off (RED7_SPEECH=false).
  const speaker = parts.speaker({ force: true })!;
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
  return 0;
};

function usage(io: CommandIo, problem: string): number {
  io.stderr.write(`red7 say: ${problem}\n${USAGE}`);
  return 2;
}
