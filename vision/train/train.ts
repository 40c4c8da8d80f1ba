// The training run behind `npm run train` and the test suite's smoke training.
import * as tf from '@tensorflow/tfjs';
import { buildFacePool, freshFacePool } from '../dataset.ts';
import { FEATURE_LENGTH, CROP_H, CROP_W, GRID_H, GRID_W } from '../features.ts';
import { WORK_SIZE } from '../frame.ts';
import { LABELS, type Metadata } from '../metadata.ts';
import { saveModel } from '../model-io.ts';
import { buildNet, netInputs } from '../net.ts';
import { installFastCpuKernels } from './cpu-kernels.ts';
import { makeRng, mixSeed } from '../random.ts';
import { chooseThreshold, measure, predictPairs } from './calibrate.ts';
import { makeFeatureSet, targets, TRAIN_FRAME } from './data.ts';

export interface TrainOptions {
  seed: number;
  photos: number;
  validation: number;
  stylesPerCard: number;
  epochs: number;
  /** Rows per gradient step (64 unless a test wants fewer steps). */
  batchSize?: number;
  outDir: string;
  log: (line: string) => void;
}

/** Seeded Fisher–Yates permutation of 0..n-1. */
function permutation(n: number, seed: number): Int32Array {
  const rng = makeRng(seed);
  const p = Int32Array.from({ length: n }, (_, i) => i);
  for (let i = n - 1; i > 0; i--) {
    const j = Math.floor(rng.next() * (i + 1));
    [p[i], p[j]] = [p[j]!, p[i]!];
  }
  return p;
}

function gather(src: Float32Array, width: number, order: Int32Array): Float32Array {
  const out = new Float32Array(order.length * width);
  order.forEach((row, i) => out.set(src.subarray(row * width, row * width + width), i * width));
  return out;
}

/** Renders, trains, calibrates and saves; returns the metadata written. */
export async function trainModel(o: TrainOptions): Promise<{ metadata: Metadata }> {
  const started = Date.now();
  await tf.setBackend('cpu');
  tf.enableProdMode();
  installFastCpuKernels(tf);
  const secs = (): string => `${((Date.now() - started) / 1000).toFixed(0)}s`;
  // stylesPerCard 0: every photo gets a style of its own (see freshFacePool); a few styles per card suit quick smoke runs.
  const fresh = o.stylesPerCard === 0;
  const pool = fresh ? freshFacePool(150) : await buildFacePool(o.seed, o.stylesPerCard, 150, Math.max(4, Math.round(o.stylesPerCard * 2)));
  o.log(`[${secs()}] ${fresh ? 'a fresh style for every photo' : `rendered ${o.stylesPerCard} styles × 49 cards`}`);
  const train = await makeFeatureSet(pool, o.seed, 2, o.photos, 0.08, (d) => o.log(`[${secs()}] training photos ${d}/${o.photos}`));
  // Validation photos use faces the training photos never saw (a second pool).
  const valPool = fresh ? freshFacePool(150) : await buildFacePool(mixSeed(o.seed, 99), Math.max(1, Math.round(o.stylesPerCard / 3)), 150, 8);
  const val = await makeFeatureSet(valPool, o.seed, 3, o.validation, 0.05);
  o.log(`[${secs()}] ${train.count} training rows (${train.locatorMisses} locator misses), ${val.count} validation rows`);

  const model = buildNet(tf, FEATURE_LENGTH, o.seed);
  const optimizer = tf.train.adam(0.002);
  model.compile({ optimizer, loss: ['categoricalCrossentropy', 'categoricalCrossentropy', 'binaryCrossentropy'] });
  const t = targets(train.card);
  for (let epoch = 0; epoch < o.epochs; epoch++) {
    // Cosine decay of the learning rate, to settle the weights in the last epochs.
    (optimizer as unknown as { learningRate: number }).learningRate = 0.0002 + 0.0018 * 0.5 * (1 + Math.cos((Math.PI * epoch) / Math.max(1, o.epochs)));
    const order = permutation(train.count, mixSeed(o.seed, 1000 + epoch));
    const xs = netInputs(tf, gather(train.x, FEATURE_LENGTH, order), train.count);
    const yc = tf.tensor2d(gather(t.colour, 7, order), [train.count, 7]);
    const yv = tf.tensor2d(gather(t.value, 7, order), [train.count, 7]);
    const yk = tf.tensor2d(gather(t.isCard, 1, order), [train.count, 1]);
    const h = await model.fit(xs, [yc, yv, yk], { batchSize: o.batchSize ?? 64, epochs: 1, shuffle: false, verbose: 0 });
    tf.dispose([xs, yc, yv, yk]);
    o.log(`[${secs()}] epoch ${epoch + 1}/${o.epochs} loss ${(h.history.loss![0] as number).toFixed(4)}`);
  }

  const preds = predictPairs(tf, model, val);
  const labels = val.card.filter((_, i) => i % 2 === 0);
  const threshold = chooseThreshold(preds, labels);
  const acc = measure(preds, labels, threshold);
  const raw = preds.filter((p, i) => labels[i]! >= 0 && p.card === labels[i]).length / Math.max(1, labels.filter((l) => l >= 0).length);
  o.log(`[${secs()}] validation top-1 before rejection: ${(raw * 100).toFixed(2)} %`);
  o.log(`[${secs()}] validation: ${acc.correct}/${acc.photos} correct, ${acc.confidentErrors} confident errors, ${acc.rejected} rejected at threshold ${threshold.toFixed(4)}`);
  const metadata: Metadata = {
    version: '2.0.0',
    created: new Date().toISOString(),
    labels: LABELS,
    input: { kind: 'numeral-box+colour+whiteness-image', cropHeight: CROP_H, cropWidth: CROP_W, gridHeight: GRID_H, gridWidth: GRID_W, length: FEATURE_LENGTH, workSize: WORK_SIZE },
    training: { seed: o.seed, photos: o.photos, stylesPerCard: o.stylesPerCard, epochs: o.epochs, seconds: Math.round((Date.now() - started) / 1000), frame: `${TRAIN_FRAME.width}x${TRAIN_FRAME.height}` },
    threshold,
    accuracy: { ...acc, locatorMisses: val.locatorMisses },
  };
  await saveModel(tf, model, o.outDir, metadata);
  o.log(`[${secs()}] saved to ${o.outDir}`);
  return { metadata };
}
