// `npm run train [-- --count N --epochs E --seed S --styles K --val N --out DIR]`: renders a
// seeded data set, trains the network on tfjs' CPU backend and writes model.json, weights.bin
// and metadata.json. The same flags and seed give the same model.
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
  photos: num('count', 10000),
  validation: num('val', 1500),
  stylesPerCard: num('styles', 24),
  epochs: num('epochs', 24),
  outDir: typeof out === 'string' ? out : join(here, '..', 'model'),
  log: (line) => console.log(line),
});
console.log(JSON.stringify(result.metadata.accuracy));
