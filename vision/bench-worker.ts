// Measured by bench/vision.bench.ts in a process of its own, so that its resident memory is
// what the companion pays for card reading (model loaded, frames read one at a time) and not
// the benchmark's own frame rendering. With `--data DIR` every frame is read as the companion
// reads it with a deck: through the active deck of DIR, and kept for the scan strip. Prints one
// JSON line: times per frame (a first pass and a steady one) and RSS.
import { readFile } from 'node:fs/promises';
import { CardClassifier } from './classifier.ts';
import { setHeapForReading } from './heap.ts';
import { DeckBook } from './deck/book.ts';
import { DeckStore } from './deck/store.ts';
import { SeenFrames } from './seen.ts';

// As the companion's processes that read cards do (device/wiring/parts.ts).
setHeapForReading();
const args = process.argv.slice(2);
const data = args[0] === '--data' ? args[1] : undefined;
const files = data === undefined ? args : args.slice(2);
const classifier = await CardClassifier.load();
let read: (f: Uint8Array) => Promise<{ card: string | null }> = (f) => classifier.classify(f);
let deck: string | null = null;
if (data !== undefined) {
  const book = new DeckBook(classifier, new DeckStore(data));
  await book.load();
  if (book.deckName === null) throw new Error(`no deck in use in ${data}${book.problem ? `: ${book.problem}` : ''}`);
  deck = book.deckName;
  const seen = new SeenFrames();
  read = async (f) => {
    const examined = await book.examine(f);
    seen.note(f, examined, 'tray', book.deckName);
    return examined.classification;
  };
}
const frames = await Promise.all(files.map((f) => readFile(f)));
/** Reads every frame once, timing each; counts the frames that gave a card. */
async function pass(): Promise<{ times: number[]; read: number }> {
  const times: number[] = [];
  let cards = 0;
  for (const f of frames) {
    const t = performance.now();
    const r = await read(f);
    times.push(performance.now() - t);
    if (r.card !== null) cards++;
  }
  return { times, read: cards };
}
// The companion reads frames all evening, so its time per frame is the steady one: the first pass
// also pays for V8 and the WASM tiers compiling the code paths, and is reported beside it.
const first = await pass();
const steady = await pass();
process.stdout.write(`${JSON.stringify({ backend: classifier.backend, deck, times: steady.times, firstTimes: first.times, read: steady.read, rssMiB: process.memoryUsage().rss / 2 ** 20 })}\n`);
