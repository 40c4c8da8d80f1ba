// `npm run train:indices [-- --seed S --photos N --epochs E --val N --model DIR --rows DIR --out FILE]`:
// fits the corner-index reader (indices.ts) on corner patches of training-typeface cards photographed
// at camera size, and sets its threshold on the card model's own validation photos (calibration
// typefaces, every table condition, overlapping pairs and non-cards): the cards the model alone
// refuses as unsure are weighed by the reader, and the threshold keeps the confident errors of
// both within the model's budget. Writes the description (FILE, JSON) and weights (.bin beside
// it). --rows keeps the rendered patches in DIR and reads them back on the next run.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import * as tf from '@tensorflow/tfjs';
import { DEFAULT_MODEL_DIR } from '../classifier.ts';
import { PATCH, PATCH_LENGTH, PATCH_SPAN } from '../corners.ts';
import { IndexReader, IndexReaderFileSchema, INDEX_READER_FILE, SECOND_LOOK_FLOOR } from '../indices.ts';
import { cardValue } from '../../device/rules/cards.ts';
import { readMetadata } from '../model-io.ts';
import { makeRng, mixSeed } from '../random.ts';
import { ranked } from '../scoring.ts';
import { weightsBytes } from '../small-net.ts';
import { chooseSecondThreshold } from './calibrate.ts';
import { installFastCpuKernels } from './cpu-kernels.ts';
import { exportSmallNet } from './small-net-export.ts';
import { trainingOptions } from './options.ts';
import type { IndexSliceJob, IndexSliceResult } from './indices-worker.ts';
import { renderProcesses } from './parallel.ts';
import { TRAIN_GLARE_SHARE, VALIDATION_CONDITIONS } from './train.ts';
import { runInProcess } from './workers.ts';

/** The training photos' conditions: glare drawn most, since the reader is for cards the glare hides. */
const INDEX_CONDITIONS = { 'glare-spill': 0.14, 'glare-cast': 0.2, 'patterned-cloth': 0.1, thumb: 0.1, 'partly-off-frame': 0.1, tilt: 0.12 };
/** The fit's own seed (initial weights and the order of the rows). */
const FIT_SEED = 27;
/**
 * The power the corners' evidence is taken to: four patches are not four independent readings
 * (two indices of one card, blank corners), so their product is tempered.
 */
const WEIGHT = 0.5;
/** Patches per tensor handed to fit (memory, not arithmetic: the batches are 64). */
const CHUNK = 8192;

const { num, text: options } = trainingOptions({ seed: 9903, photos: 8000, epochs: 8, val: 3000 }, ['model', 'rows', 'out']);
const { seed, photos, epochs, val } = num;
const modelDir = options.model ?? DEFAULT_MODEL_DIR, out = options.out ?? INDEX_READER_FILE;
const metadata = readMetadata(modelDir);
const started = Date.now();
const log = (line: string): void => console.log(`[${((Date.now() - started) / 1000).toFixed(0)}s] ${line}`);

/** A stream's photos 0..count-1 in worker processes, joined in photo order, or read back from --rows. */
async function slices(name: string, count: number, job: Omit<IndexSliceJob, 'first' | 'end'>): Promise<IndexSliceResult> {
  const cache = options.rows === undefined ? null : join(options.rows, `${name}-${job.seed}-${count}`);
  if (cache !== null && existsSync(`${cache}.bin`)) {
    const bytes = readFileSync(`${cache}.bin`), meta = JSON.parse(readFileSync(`${cache}.json`, 'utf8')) as Omit<IndexSliceResult, 'patches' | 'label' | 'probs'> & { label: number[]; probs: number[] };
    return { ...meta, patches: new Uint8Array(bytes), label: Int8Array.from(meta.label), probs: Float32Array.from(meta.probs) };
  }
  const processes = renderProcesses();
  const bounds = Array.from({ length: processes + 1 }, (_, k) => Math.round((k * count) / processes));
  const parts = await Promise.all(bounds.slice(0, -1).map((first, k) => runInProcess<IndexSliceResult>(new URL('./indices-worker.ts', import.meta.url), { ...job, first, end: bounds[k + 1]! }, log)));
  const n = parts.reduce((a, p) => a + p.count, 0);
  const joined: IndexSliceResult = { patches: new Uint8Array(n * 4 * PATCH_LENGTH), label: new Int8Array(n), probs: new Float32Array(job.kind === 'calibrate' ? n * 49 : 0), count: n, photos: 0, modelErrors: 0, families: [...new Set(parts.flatMap((p) => p.families))] };
  let at = 0;
  for (const p of parts) {
    joined.patches.set(p.patches, at * 4 * PATCH_LENGTH), joined.label.set(p.label, at);
    if (job.kind === 'calibrate') joined.probs.set(p.probs, at * 49);
    joined.photos += p.photos, joined.modelErrors += p.modelErrors, at += p.count;
  }
  if (cache !== null) {
    mkdirSync(options.rows!, { recursive: true });
    writeFileSync(`${cache}.bin`, joined.patches);
    writeFileSync(`${cache}.json`, JSON.stringify({ count: joined.count, photos: joined.photos, modelErrors: joined.modelErrors, families: joined.families, label: Array.from(joined.label), probs: Array.from(joined.probs) }));
  }
  return joined;
}

await tf.setBackend('cpu');
installFastCpuKernels(tf);
const train = await slices('train', photos, { kind: 'train', seed: mixSeed(seed, 11), conditions: INDEX_CONDITIONS, glareShare: TRAIN_GLARE_SHARE, notCardShare: 0 });
log(`training: ${train.count} located cards of ${photos} photos, ${4 * train.count} patches`);

const init = (k: number) => tf.initializers.heNormal({ seed: mixSeed(FIT_SEED, k) });
const conv = (filters: number, k: number, first = false): tf.layers.Layer => tf.layers.conv2d({ ...(first ? { inputShape: [PATCH, PATCH, 3] } : {}), filters, kernelSize: 3, strides: 2, padding: 'same', activation: 'relu', kernelInitializer: init(k) });
const net = tf.sequential({ layers: [
  conv(16, 1, true), conv(32, 2), conv(48, 3),
  tf.layers.flatten(),
  tf.layers.dense({ units: 64, activation: 'relu', kernelInitializer: init(4), kernelRegularizer: tf.regularizers.l2({ l2: 1e-4 }) }),
  tf.layers.dense({ units: 7, activation: 'softmax', kernelInitializer: tf.initializers.glorotUniform({ seed: mixSeed(FIT_SEED, 5) }) }),
] });
const optimizer = tf.train.adam(1e-3);
net.compile({ optimizer, loss: 'categoricalCrossentropy' });

// Every patch is taught its card's value: an empty corner cannot tell, so it learns to say little.
const n = 4 * train.count, rng = makeRng(mixSeed(FIT_SEED, 9)), order = Array.from({ length: n }, (_, i) => i);
for (let e = 0; e < epochs; e++) {
  // Cosine decay of the learning rate, to settle the weights in the last epochs.
  (optimizer as unknown as { learningRate: number }).learningRate = 1e-4 + 9e-4 * 0.5 * (1 + Math.cos((Math.PI * e) / epochs));
  for (let i = n - 1; i > 0; i--) {
    const j = rng.int(0, i);
    [order[i], order[j]] = [order[j]!, order[i]!];
  }
  let loss = 0;
  for (let c = 0; c < n; c += CHUNK) {
    const m = Math.min(CHUNK, n - c), x = new Float32Array(m * PATCH_LENGTH), y = new Float32Array(m * 7);
    for (let k = 0; k < m; k++) {
      const r = order[c + k]!;
      for (let j = 0; j < PATCH_LENGTH; j++) x[k * PATCH_LENGTH + j] = train.patches[r * PATCH_LENGTH + j]! / 255 - 0.5;
      y[k * 7 + train.label[r >> 2]! - 1] = 1;
    }
    const xs = tf.tensor4d(x, [m, PATCH, PATCH, 3]), ys = tf.tensor2d(y, [m, 7]);
    const h = await net.fit(xs, ys, { epochs: 1, batchSize: 64, shuffle: false, verbose: 0 });
    tf.dispose([xs, ys]);
    loss += (h.history.loss![0] as number) * m;
  }
  log(`epoch ${e + 1} of ${epochs}: loss ${(loss / n).toFixed(4)}`);
}

const { layers, weights } = exportSmallNet(net);
const weightsName = basename(out).replace(/\.json$/, '') + '.bin';
const draft = IndexReaderFileSchema.parse({ input: { patch: PATCH, span: PATCH_SPAN }, layers, weights: weightsName, weight: WEIGHT, threshold: 1, training: {} });
const reader = new IndexReader(draft, weights);

// The threshold, on the card model's validation stream read by the model alone.
const cal = await slices('calibrate', val, { kind: 'calibrate', seed: mixSeed(metadata.training.seed, 3), conditions: VALIDATION_CONDITIONS, notCardShare: 0.05, modelDir });
const weighed: Array<{ p: number; right: boolean }> = [];
for (let k = 0; k < cal.count; k++) {
  const evidence = reader.evidence(Float32Array.from(cal.patches.subarray(k * 4 * PATCH_LENGTH, (k + 1) * 4 * PATCH_LENGTH), (b) => b / 255 - 0.5));
  const best = ranked(reader.weigh(Float64Array.from(cal.probs.subarray(k * 49, (k + 1) * 49)), evidence), 1)[0]!;
  // As the classifier gives it: only where the corners read its value best.
  if (cardValue(best.card) === reader.bestValue(evidence)) weighed.push({ p: best.p, right: cal.label[k] === best.card });
}
const threshold = chooseSecondThreshold(weighed.filter((w) => !w.right).map((w) => w.p), cal.photos, cal.modelErrors, SECOND_LOOK_FLOOR);
const given = weighed.filter((w) => w.p >= threshold);
const training = { seed, photos, located: train.count, epochs, fitSeed: FIT_SEED, calibration: { model: metadata.version, photos: cal.photos, modelErrors: cal.modelErrors, unsure: cal.count, given: given.length, wrong: given.filter((w) => !w.right).length }, seconds: Math.round((Date.now() - started) / 1000) };
writeFileSync(join(dirname(out), weightsName), weightsBytes(weights));
writeFileSync(out, `${JSON.stringify({ ...draft, threshold, training }, null, 2)}\n`);
log(`threshold ${threshold.toFixed(5)}: of ${cal.photos} validation photos the model alone errs on ${cal.modelErrors} and is unsure of ${cal.count}; the second look gives ${given.length} of those, ${training.calibration.wrong} wrongly. Written to ${out} and ${weightsName} beside it`);
