// `red7 classify FILE…`: reads the card in each photo, one JSON line per file. The model loads
// once; a file that cannot be read or is not an image gets an error line and exit code 1, and
// the other files still run.
import { readFile } from 'node:fs/promises';
import type { CardClassifier } from '../../vision/classifier.ts';
import { loadActiveDeck, type ActiveDeck } from '../../vision/deck/enrol.ts';
import { DeckStore } from '../../vision/deck/store.ts';
import { tryParseCard } from '../rules/cards.ts';
import { parseCommandArgs, writeJsonLine, type CommandRun } from './io.ts';

const USAGE = 'usage: red7 classify [--exclude R7,B3] [--model DIR] [--data DIR] [--no-second-look] FILE…\n';

/** Runs `red7 classify`. */
export const run: CommandRun = async (args, io, root) => {
  const parsed = parseCommandArgs(args, { exclude: { type: 'string' }, model: { type: 'string' }, data: { type: 'string' }, 'no-second-look': { type: 'boolean' }, help: { type: 'boolean' } }, { positionals: Infinity, needs: { exclude: 'a list of cards', model: 'a folder', data: 'a folder' } });
  if (!parsed.ok) {
    io.stderr.write(`red7 classify: ${parsed.problem}\n${USAGE}`);
    return 2;
  }
  const { values, positionals: positional } = parsed;
  if (positional.length === 0 || values.help === true) {
    io.stderr.write(USAGE);
    return values.help === true ? 0 : 2;
  }
  const exclude = (values.exclude ?? '').split(',').map((s) => s.trim()).filter((s) => s !== '');
  for (const text of exclude) {
    const parsed = tryParseCard(text);
    if (!parsed.ok) {
      io.stderr.write(`red7 classify: --exclude: ${parsed.error}\n`);
      return 2;
    }
  }
  let classifier: CardClassifier;
  try {
    classifier = await root().classifier({ modelDir: values.model, secondLook: values['no-second-look'] !== true });
  } catch (err) {
    io.stderr.write(`red7 classify: cannot load the model: ${(err as Error).message}\n`);
    return 1;
  }
  // With --data, the data folder's active deck (if any) reads every photo.
  let deck: ActiveDeck | null = null;
  if (values.data !== undefined) {
    try {
      deck = await loadActiveDeck(classifier, new DeckStore(root().dataDir(values.data)));
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
        writeJsonLine(io.stdout, { file, card: r.card, confidence: r.confidence, alternatives: r.alternatives, ...(r.reason ? { reason: r.reason } : {}), ...(r.detail ? { detail: r.detail } : {}), deck: deckName, ms });
      }
    } catch (err) {
      failed = true;
      writeJsonLine(io.stdout, { file, card: null, error: (err as Error).message });
    }
  }
  return failed ? 1 : 0;
};
