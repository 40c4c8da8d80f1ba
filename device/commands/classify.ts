// `red7 classify FILE…`: reads the card in each photo, one JSON line per file. The model loads
// once; a file that cannot be read or is not an image gets an error line and exit code 1, and
// the other files still run.
import { readFile } from 'node:fs/promises';
import pino from 'pino';
import { CardClassifier } from '../../vision/classifier.ts';
import { loadActiveDeck, type ActiveDeck } from '../../vision/deck/enrol.ts';
import { DeckStore } from '../../vision/deck/store.ts';
import { tryParseCard } from '../rules/cards.ts';
import { parseOptions, writeJsonLine, type CommandRun } from './io.ts';

const USAGE = 'usage: red7 classify [--exclude R7,B3] [--model DIR] [--data DIR] FILE…\n';

/** Runs `red7 classify`. */
export const run: CommandRun = async (args, io) => {
  const { options, positional } = parseOptions(args);
  if (positional.length === 0 || options.has('help')) {
    io.stderr.write(USAGE);
    return positional.length === 0 && !options.has('help') ? 2 : 0;
  }
  const excludeOpt = options.get('exclude');
  const exclude = typeof excludeOpt === 'string' ? excludeOpt.split(',').map((s) => s.trim()).filter((s) => s !== '') : [];
  for (const text of exclude) {
    const parsed = tryParseCard(text);
    if (!parsed.ok) {
      io.stderr.write(`red7 classify: --exclude: ${parsed.error}\n`);
      return 2;
    }
  }
  const modelOpt = options.get('model');
  const logger = pino({ level: process.env.LOG_LEVEL ?? 'info' }, pino.destination(2));
  let classifier: CardClassifier;
  try {
    classifier = await CardClassifier.load({ modelDir: typeof modelOpt === 'string' ? modelOpt : undefined, logger });
  } catch (err) {
    io.stderr.write(`red7 classify: cannot load the model: ${(err as Error).message}\n`);
    return 1;
  }
  // With --data, the data folder's active deck (if any) reads every photo.
  const dataOpt = options.get('data');
  let deck: ActiveDeck | null = null;
  if (typeof dataOpt === 'string') {
    try {
      deck = await loadActiveDeck(classifier, new DeckStore(dataOpt));
    } catch (err) {
      io.stderr.write(`red7 classify: ${(err as Error).message}\n`);
      return 1;
    }
  }
  const deckName = deck?.name ?? null;
  let failed = false;
  for (const file of positional) {
    const t = performance.now();
    let bytes: Buffer;
    try {
      bytes = await readFile(file);
    } catch (err) {
      failed = true;
      writeJsonLine(io.stdout, { file, card: null, error: `cannot read ${file}: ${(err as NodeJS.ErrnoException).code ?? (err as Error).message}` });
      continue;
    }
    try {
      const r = await classifier.classify(bytes, { exclude, deck: deck?.prototypes });
      const ms = Math.round((performance.now() - t) * 10) / 10;
      if (r.reason === 'not-an-image') {
        failed = true;
        writeJsonLine(io.stdout, { file, card: null, confidence: 0, alternatives: [], reason: r.reason, error: `${file} is ${r.detail ?? 'not an image'}`, deck: deckName, ms });
      } else {
        writeJsonLine(io.stdout, { file, card: r.card, confidence: r.confidence, alternatives: r.alternatives, ...(r.reason ? { reason: r.reason } : {}), deck: deckName, ms });
      }
    } catch (err) {
      failed = true;
      writeJsonLine(io.stdout, { file, card: null, error: (err as Error).message });
    }
  }
  return failed ? 1 : 0;
};
