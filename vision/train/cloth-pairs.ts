// `npm run train:cloth-pairs [-- --seed S --photos N --cut-photos N --epochs E --rows DIR --out FILE --with FILE]`:
// fits the network that tells two overlapping cards on a patterned cloth from one (see
// locate/cloth-pairs.ts) and writes its description (FILE, JSON) and its weights (the same name
// with .bin, beside it); --with keeps the networks of a file already fitted and adds the new one
// beside them (weights FILE-2.bin and on), the cut set on their mean. It learns from pairs and
// lone cards on cloths drawn in the training typefaces; its cut is set on lone cards in the
// calibration typefaces, so that it refuses at most CUT_BUDGET of cards it never saw. --rows
// keeps the rendered rows in DIR and reads them back on the next run, so a fit can be tried again
// without rendering.
import { copyFileSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import * as tf from '@tensorflow/tfjs';
import { CLOTH_PAIRS_FILE, CONTEXT_CHANNELS, CONTEXT_H, CONTEXT_SCALE, CONTEXT_W, ClothPairs, ClothPairsFileSchema, flipContext, loadClothPairs } from '../locate/cloth-pairs.ts';
import { weightsBytes } from '../small-net.ts';
import { makeRng, mixSeed } from '../random.ts';
import type { StyleSet } from '../render/fonts.ts';
import type { ClothSliceJob, ClothSliceResult } from './cloth-pairs-worker.ts';
import { installFastCpuKernels } from './cpu-kernels.ts';
import { exportSmallNet } from './small-net-export.ts';
import { trainingOptions } from './options.ts';
import { renderProcesses } from './parallel.ts';
import { runInProcess } from './workers.ts';

/**
 * The share of unseen lone cards on a cloth the cut may refuse: a refused card is scanned again,
 * a pair given a card plays the wrong card without a word, so the cut leans towards refusing.
 */
export const CUT_BUDGET = 0.01;
/** The cut is never lower than this: the network refuses only where it is sure. */
export const LEAST_CUT = 0.5;
const SIZE = CONTEXT_W * CONTEXT_H * CONTEXT_CHANNELS;

const { num, text: options } = trainingOptions({ seed: 9901, photos: 3000, 'cut-photos': 600, epochs: 24 }, ['rows', 'out', 'with']);
const { seed, photos, 'cut-photos': cutPhotos, epochs } = num;
const out = options.out ?? CLOTH_PAIRS_FILE;
// The members already fitted, loaded (and so checked) before any rendering.
const base = options.with === undefined ? null : loadClothPairs(options.with);
const started = Date.now();
const log = (line: string): void => console.log(`[${((Date.now() - started) / 1000).toFixed(0)}s] ${line}`);

type Rows = Omit<ClothSliceResult, 'count'> & { count: number };

/** Photos 0..count-1 of a stream (a pair and a lone card each), rendered in worker processes and joined in order, or read back from --rows. */
async function rows(name: string, stream: number, styles: StyleSet, count: number): Promise<Rows> {
  const cache = options.rows === undefined ? null : join(options.rows, `${name}-${seed}-${count}`);
  if (cache !== null && existsSync(`${cache}.bin`)) {
    const bytes = readFileSync(`${cache}.bin`), meta = JSON.parse(readFileSync(`${cache}.json`, 'utf8')) as { pair: number[]; found: number[] };
    return { x: new Float32Array(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.length)), pair: Uint8Array.from(meta.pair), found: Uint8Array.from(meta.found), count: meta.pair.length };
  }
  const processes = renderProcesses();
  const bounds = Array.from({ length: processes + 1 }, (_, k) => Math.round((k * count) / processes));
  const slices = await Promise.all(bounds.slice(0, -1).map((first, k) => {
    const job: ClothSliceJob = { seed: mixSeed(seed, stream), styles, first, end: bounds[k + 1]! };
    return runInProcess<ClothSliceResult>(new URL('./cloth-pairs-worker.ts', import.meta.url), job, log);
  }));
  const n = slices.reduce((a, s) => a + s.count, 0);
  const x = new Float32Array(n * SIZE), pair = new Uint8Array(n), found = new Uint8Array(n);
  let at = 0;
  for (const s of slices) {
    x.set(s.x, at * SIZE), pair.set(s.pair, at), found.set(s.found, at);
    at += s.count;
  }
  if (cache !== null) {
    mkdirSync(options.rows!, { recursive: true });
    writeFileSync(`${cache}.bin`, Buffer.from(x.buffer, x.byteOffset, x.byteLength));
    writeFileSync(`${cache}.json`, JSON.stringify({ pair: Array.from(pair), found: Array.from(found) }));
  }
  return { x, pair, found, count: n };
}

await tf.setBackend('cpu');
installFastCpuKernels(tf);
const train = await rows('train', 1, 'training', photos);
log(`training rows: ${train.count} (${train.found.reduce((a, b) => a + b, 0)} found by the locator on a cloth)`);
const unseen = await rows('cut', 2, 'calibration', cutPhotos);
log(`cut rows: ${unseen.count}`);

const init = (k: number) => tf.initializers.heNormal({ seed: mixSeed(seed, 10 + k) });
const conv = (filters: number, k: number, first = false): tf.layers.Layer => tf.layers.conv2d({ ...(first ? { inputShape: [CONTEXT_H, CONTEXT_W, CONTEXT_CHANNELS] } : {}), filters, kernelSize: 3, strides: 2, padding: 'same', activation: 'relu', kernelInitializer: init(k) });
const net = tf.sequential({ layers: [
  conv(16, 1, true), conv(32, 2), conv(32, 3),
  tf.layers.flatten(),
  tf.layers.dense({ units: 32, activation: 'relu', kernelInitializer: init(4), kernelRegularizer: tf.regularizers.l2({ l2: 1e-4 }) }),
  tf.layers.dense({ units: 1, activation: 'sigmoid', kernelInitializer: tf.initializers.glorotUniform({ seed: mixSeed(seed, 15) }) }),
] });
net.compile({ optimizer: tf.train.adam(1e-3), loss: 'binaryCrossentropy' });

// Each epoch sees every row once, flipped one of the four ways (the card beneath may lie on any
// side), in an order drawn from the seed.
const rng = makeRng(mixSeed(seed, 5));
const order = Array.from({ length: train.count }, (_, i) => i);
const x = new Float32Array(train.count * SIZE), y = new Float32Array(train.count);
for (let e = 0; e < epochs; e++) {
  for (let i = order.length - 1; i > 0; i--) {
    const j = rng.int(0, i);
    [order[i], order[j]] = [order[j]!, order[i]!];
  }
  order.forEach((r, k) => {
    const flip = rng.int(0, 3);
    x.set(flipContext(train.x.subarray(r * SIZE, (r + 1) * SIZE), (flip & 1) === 1, (flip & 2) === 2), k * SIZE);
    y[k] = train.pair[r]!;
  });
  const xs = tf.tensor4d(x, [train.count, CONTEXT_H, CONTEXT_W, CONTEXT_CHANNELS]), ys = tf.tensor2d(y, [train.count, 1]);
  const h = await net.fit(xs, ys, { epochs: 1, batchSize: 64, shuffle: false, verbose: 0 });
  tf.dispose([xs, ys]);
  log(`epoch ${e + 1} of ${epochs}: loss ${(h.history.loss![0] as number).toFixed(4)}`);
}

const { layers, weights } = exportSmallNet(net);
const stem = basename(out).replace(/\.json$/, ''), earlier = base?.file.members ?? [];
const weightsName = earlier.length === 0 ? `${stem}.bin` : `${stem}-${earlier.length + 1}.bin`;
const members = [...earlier, { channels: CONTEXT_CHANNELS, layers, weights: weightsName }];
const draft = ClothPairsFileSchema.parse({ input: { width: CONTEXT_W, height: CONTEXT_H, channels: CONTEXT_CHANNELS, scale: CONTEXT_SCALE }, members, cut: 0.5, training: {} });
const detector = new ClothPairs(draft, [...(base?.weights ?? []), weights]);
const scores = (set: Rows, want: number): number[] => {
  const s: number[] = [];
  for (let k = 0; k < set.count; k++) {
    if (set.pair[k] !== want || set.found[k] !== 1) continue;
    s.push(detector.scoreFourWays(set.x.subarray(k * SIZE, (k + 1) * SIZE)));
  }
  return s.sort((a, b) => b - a);
};
// The cut from lone cards it was not fitted on, found by the locator on a cloth.
const lone = scores(unseen, 0), pairs = scores(unseen, 1);
const cut = Math.min(0.999, Math.max(LEAST_CUT, (lone[Math.floor(CUT_BUDGET * lone.length)] ?? 0) + 1e-6));
const training = { members: members.length, seed, photos, trainingRows: train.count, foundRows: train.found.reduce((a, b) => a + b, 0), epochs, cutPhotos, cutStyles: 'calibration', loneFound: lone.length, loneRefused: lone.filter((s) => s >= cut).length, pairsFound: pairs.length, pairsRefused: pairs.filter((s) => s >= cut).length, seconds: Math.round((Date.now() - started) / 1000) };
writeFileSync(join(dirname(out), weightsName), weightsBytes(weights));
// The earlier members' weights go beside the new file when it is written elsewhere.
for (const m of earlier) if (join(dirname(options.with!), m.weights) !== join(dirname(out), m.weights)) copyFileSync(join(dirname(options.with!), m.weights), join(dirname(out), m.weights));
writeFileSync(out, `${JSON.stringify({ ...draft, cut, training }, null, 2)}\n`);
log(`cut ${cut.toFixed(4)}: calibration typefaces, lone cards refused ${training.loneRefused} of ${lone.length}, pairs refused ${training.pairsRefused} of ${pairs.length}; written to ${out} and ${weightsName} beside it`);
