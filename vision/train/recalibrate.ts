// `npm run calibrate [-- --model DIR --val N]`: sets a trained model's confidence threshold again,
// without retraining, after a change in front of the network (the locator, the views read): the
// validation photos of its training run (its seed, N of them as `npm run train --val`) are
// rendered again and read through today's pipeline, and the threshold and accuracy in
// metadata.json are replaced.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import * as tf from '@tensorflow/tfjs';
import { startWasmBackend } from '../backend.ts';
import { DEFAULT_MODEL_DIR } from '../classifier.ts';
import { MetadataSchema } from '../metadata.ts';
import { loadNetwork } from '../model-io.ts';
import { JOIN_POWER, VIEWS } from '../views.ts';
import { calibrate, validationSet } from './train.ts';

let dir: string, photos: number;
try {
  const { values } = parseArgs({ options: { model: { type: 'string', default: DEFAULT_MODEL_DIR }, val: { type: 'string', default: '3000' } } });
  dir = values.model;
  photos = Number(values.val);
  if (!Number.isInteger(photos) || photos < 100) throw new Error(`--val must be a whole number of photos, at least 100, not "${values.val}"`);
} catch (err) {
  console.error((err as Error).message);
  process.exit(2);
}
// Read loosely: a model whose views or join no longer match is what this mends; what it keeps is checked on writing.
let metadata: Record<string, unknown> & { training?: { seed?: unknown; stylesPerCard?: unknown } };
try {
  metadata = JSON.parse(readFileSync(join(dir, 'metadata.json'), 'utf8')) as typeof metadata;
} catch (err) {
  console.error(`cannot read the model's metadata: ${(err as Error).message.split('\n')[0]}`);
  process.exit(2);
}
const seed = metadata.training?.seed, stylesPerCard = metadata.training?.stylesPerCard;
if (typeof seed !== 'number' || typeof stylesPerCard !== 'number') {
  console.error(`${join(dir, 'metadata.json')} does not say the training seed and styles per card`);
  process.exit(2);
}
await startWasmBackend(tf);
const started = Date.now();
const log = (line: string): void => console.log(`[${((Date.now() - started) / 1000).toFixed(0)}s] ${line}`);
const model = await loadNetwork(tf, dir);
const val = await validationSet(seed, stylesPerCard, photos, log);
const { threshold, accuracy } = calibrate(model, val, log);
const next = MetadataSchema.parse({ ...metadata, threshold, joinPower: JOIN_POWER, views: VIEWS.length, accuracy, calibrated: new Date().toISOString() });
writeFileSync(join(dir, 'metadata.json'), `${JSON.stringify(next, null, 2)}\n`);
log(`threshold ${threshold} written to ${join(dir, 'metadata.json')}`);
