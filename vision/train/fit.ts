// The gradient descent of one network over a feature set: Adam with a cosine-decayed learning
// rate, the rows shuffled afresh each epoch from the seed.
import type * as tfType from '@tensorflow/tfjs';
import { FEATURE_LENGTH } from '../features.ts';
import { netInputs } from '../net.ts';
import { makeRng, mixSeed } from '../random.ts';
import { targets } from './data.ts';

/** Seeded Fisher–Yates permutation of 0..n-1. */
export function permutation(n: number, seed: number): Int32Array {
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

export interface FitOptions {
  seed: number;
  epochs: number;
  batchSize: number;
  log: (line: string) => void;
}

/** Compiles and trains `model` on the rows (labels: card, or -1 for a non-card). */
export async function fitNet(tf: typeof tfType, model: tfType.LayersModel, set: { x: Float32Array; card: Int32Array; count: number }, o: FitOptions): Promise<void> {
  const optimizer = tf.train.adam(0.002);
  model.compile({ optimizer, loss: ['categoricalCrossentropy', 'categoricalCrossentropy', 'binaryCrossentropy'] });
  const t = targets(set.card.subarray(0, set.count));
  for (let epoch = 0; epoch < o.epochs; epoch++) {
    // Cosine decay of the learning rate, to settle the weights in the last epochs.
    (optimizer as unknown as { learningRate: number }).learningRate = 0.0002 + 0.0018 * 0.5 * (1 + Math.cos((Math.PI * epoch) / Math.max(1, o.epochs)));
    const order = permutation(set.count, mixSeed(o.seed, 1000 + epoch));
    const xs = netInputs(tf, gather(set.x, FEATURE_LENGTH, order), set.count);
    const yc = tf.tensor2d(gather(t.colour, 7, order), [set.count, 7]);
    const yv = tf.tensor2d(gather(t.value, 7, order), [set.count, 7]);
    const yk = tf.tensor2d(gather(t.isCard, 1, order), [set.count, 1]);
    const h = await model.fit(xs, [yc, yv, yk], { batchSize: o.batchSize, epochs: 1, shuffle: false, verbose: 0 });
    tf.dispose([xs, yc, yv, yk]);
    o.log(`epoch ${epoch + 1}/${o.epochs} loss ${(h.history.loss![0] as number).toFixed(4)}`);
  }
}
