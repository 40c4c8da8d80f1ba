// `npm run train [-- --count N --epochs E --seed S --styles K --val N --members M --out DIR]`: renders a
// seeded data set, trains the network on tfjs' CPU backend and writes model.json, weights.bin
// and metadata.json. The same flags and seed give the same model. --styles 0 (the default) draws
// a new card style for every photo; K > 0 renders K styles per card and reuses them. M members
// (2 by default, one per core here) are trained side by side and averaged into one model.
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseOptions } from '../../device/commands/io.ts';
import { trainModel } from './train.ts';

const here = dirname(fileURLToPath(import.meta.url));
const { options } = parseOptions(process.argv.slice(2));

function num(name: string, fallback: number): number {
  const v = options.get(name);
  if (v === undefined) return fallback;
  const n = Number(v);
  if (!Number.isFinite(n) || n < 0) {
    console.error(`--${name} must be a non-negative number, not "${String(v)}"`);
    process.exit(2);
  }
  return n;
}

const out = options.get('out');
const result = await trainModel({
  seed: num('seed', 7),
  photos: num('count', 18000),
  // 3,000 camera-size validation photos, so the threshold rests on more than the single worst reading.
  validation: num('val', 3000),
  stylesPerCard: num('styles', 0),
  epochs: num('epochs', 8),
  members: num('members', 2),
  outDir: typeof out === 'string' ? out : join(here, '..', 'model'),
  log: (line) => console.log(line),
});
console.log(JSON.stringify(result.metadata.accuracy));
