// The network reads one feature vector in two parts. The hand-made part (numeral box, whiteness
// map, colour statistics) goes through a dense layer; the crop's whiteness image goes through a
// small strided convolution stack, which finds the numeral wherever the layout puts it and reads
// it past glare and panels. Both meet in a dense layer, then three heads: colour (7), value (7)
// and "is this a Red7 face" (1). Strided convolutions instead of pooling, and few filters,
// because training runs on tfjs' plain CPU backend within a 30-minute budget (see
// train/cpu-kernels.ts); inference on the WASM backend is a millisecond or two.
import type * as tfType from '@tensorflow/tfjs';
import { CROP_H, CROP_W, FEATURE_LENGTH, HAND_LENGTH } from './features.ts';

type Sym = tfType.SymbolicTensor;

/** Builds the (untrained) network with seeded initial weights. */
export function buildNet(tf: typeof tfType, inputLength: number, seed: number): tfType.LayersModel {
  if (inputLength !== FEATURE_LENGTH) throw new Error(`the network reads ${FEATURE_LENGTH} features, not ${inputLength}`);
  const init = (k: number) => tf.initializers.glorotUniform({ seed: seed + k });
  const reg = tf.regularizers.l2({ l2: 1e-5 });
  // Two inputs rather than one vector split inside the model: tfjs' CPU Slice of a strided
  // row costs more than the whole convolution stack.
  const handIn = tf.input({ shape: [HAND_LENGTH], name: 'hand' });
  const imageIn = tf.input({ shape: [CROP_H, CROP_W, 1], name: 'whiteness' });
  let x = imageIn;
  const conv = (filters: number, kernelSize: number, k: number): void => {
    x = tf.layers.conv2d({ filters, kernelSize, strides: 2, padding: 'same', activation: 'relu', kernelInitializer: tf.initializers.heNormal({ seed: seed + k }), name: `conv${k}` }).apply(x) as Sym;
  };
  conv(8, 5, 1);
  conv(16, 3, 2);
  conv(24, 3, 3);
  const seen = tf.layers.dense({ units: 64, activation: 'relu', kernelInitializer: init(4), kernelRegularizer: reg, name: 'seen' }).apply(tf.layers.flatten({ name: 'conv_flat' }).apply(x) as Sym) as Sym;
  const h1 = tf.layers.dense({ units: 128, activation: 'relu', kernelInitializer: init(5), kernelRegularizer: reg, name: 'hidden1' }).apply(handIn) as Sym;
  const both = tf.layers.concatenate({ name: 'both' }).apply([h1, seen]) as Sym;
  const h2 = tf.layers.dense({ units: 96, activation: 'relu', kernelInitializer: init(6), kernelRegularizer: reg, name: 'hidden2' }).apply(both) as Sym;
  const colour = tf.layers.dense({ units: 7, activation: 'softmax', kernelInitializer: init(7), name: 'colour' }).apply(h2) as Sym;
  const value = tf.layers.dense({ units: 7, activation: 'softmax', kernelInitializer: init(8), name: 'value' }).apply(h2) as Sym;
  const isCard = tf.layers.dense({ units: 1, activation: 'sigmoid', kernelInitializer: init(9), name: 'card' }).apply(h2) as Sym;
  return tf.model({ inputs: [handIn, imageIn], outputs: [colour, value, isCard], name: 'red7-card-reader' });
}

/** The model's two inputs for `n` feature rows laid end to end (each FEATURE_LENGTH long). */
export function netInputs(tf: typeof tfType, rows: Float32Array, n: number): [tfType.Tensor2D, tfType.Tensor4D] {
  if (rows.length < n * FEATURE_LENGTH) throw new Error(`${n} feature rows need ${n * FEATURE_LENGTH} values, not ${rows.length}`);
  const image = CROP_H * CROP_W;
  const hand = new Float32Array(n * HAND_LENGTH), white = new Float32Array(n * image);
  for (let i = 0; i < n; i++) {
    const at = i * FEATURE_LENGTH;
    hand.set(rows.subarray(at, at + HAND_LENGTH), i * HAND_LENGTH);
    white.set(rows.subarray(at + HAND_LENGTH, at + FEATURE_LENGTH), i * image);
  }
  return [tf.tensor2d(hand, [n, HAND_LENGTH]), tf.tensor4d(white, [n, CROP_H, CROP_W, 1])];
}
