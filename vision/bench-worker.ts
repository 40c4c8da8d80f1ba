// Measured by bench/vision.bench.ts in a process of its own, so that its resident memory is
// what the companion pays for card reading (model loaded, frames read one at a time) and not
// the benchmark's own frame rendering. Prints one JSON line: times per frame and RSS.
import { readFile } from 'node:fs/promises';
import { CardClassifier } from './classifier.ts';
import { keepYoungGenerationSmall } from './heap.ts';

const files = process.argv.slice(2);
// As the companion's processes that read cards do (device/wiring/parts.ts).
keepYoungGenerationSmall();
const classifier = await CardClassifier.load();
const frames = await Promise.all(files.map((f) => readFile(f)));
for (const f of frames.slice(0, 5)) await classifier.classify(f); // warm-up: JIT and WASM
const times: number[] = [];
let read = 0;
for (const f of frames) {
  const t = performance.now();
  const r = await classifier.classify(f);
  times.push(performance.now() - t);
  if (r.card !== null) read++;
}
process.stdout.write(`${JSON.stringify({ backend: classifier.backend, times, read, rssMiB: process.memoryUsage().rss / 2 ** 20 })}\n`);
