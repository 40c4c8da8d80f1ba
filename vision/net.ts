// The network reads one feature vector in three parts. The hand-made part (numeral box, whiteness
// map, colour statistics) goes through a dense layer; the crop's whiteness, top-hat and ink
// image goes through a small strided convolution stack, which finds the numeral wherever the
// layout puts it and reads it past glare and panels. Both meet in a dense layer, which feeds the
// value head (7) and the "is this a Red7 face" head (1). The colour head (7) also hears a colour
// tower: two small convolutions over the half-size chroma image. The tower feeds the colour head
// alone because chroma channels in the shared stack made values read worse. Strided
// convolutions instead of pooling, and few filters, because training runs on tfjs' plain CPU
// backend within the training budget (see train/cpu-kernels.ts).
//
// The shipped model is an ensemble: members of this shape with their own seeds, trained side by
// side (one per core), whose head outputs are averaged inside one saved model. Averaging tempers
// the confident mistakes one member makes alone, so the confidence threshold can sit lower.
import type * as tfType from '@tensorflow/tfjs';
import { CHROMA_AT, CHROMA_CHANNELS, CHROMA_H, CHROMA_W, CROP_H, CROP_W, FEATURE_LENGTH, HAND_LENGTH, IMAGE_CHANNELS } from './features.ts';

type Sym = tfType.SymbolicTensor;

/** The outputs of one member, in head order: colour, value, is-a-card. */
type Heads = [Sym, Sym, Sym];

type Inputs = [Sym, Sym, Sym];

function inputs(tf: typeof tfType): Inputs {
  // Separate inputs rather than one vector split inside the model: tfjs' CPU Slice of a strided
  // row costs more than the whole convolution stack.
  return [
    tf.input({ shape: [HAND_LENGTH], name: 'hand' }),
    tf.input({ shape: [CROP_H, CROP_W, IMAGE_CHANNELS], name: 'whiteness' }),
    tf.input({ shape: [CHROMA_H, CHROMA_W, CHROMA_CHANNELS], name: 'chroma' }),
  ];
}

/** One member's layers on the shared inputs; every layer name starts with `prefix`, so members can sit in one model. */
function memberHeads(tf: typeof tfType, [handIn, imageIn, chromaIn]: Inputs, seed: number, prefix: string): Heads {
  const init = (k: number) => tf.initializers.glorotUniform({ seed: seed + k });
  const reg = tf.regularizers.l2({ l2: 1e-5 });
  const name = (n: string): string => `${prefix}${n}`;
  const conv = (x: Sym, filters: number, kernelSize: number, k: number): Sym =>
    tf.layers.conv2d({ filters, kernelSize, strides: 2, padding: 'same', activation: 'relu', kernelInitializer: tf.initializers.heNormal({ seed: seed + k }), name: name(`conv${k}`) }).apply(x) as Sym;
  // A 3 × 3 first layer: it runs at full crop size over every image channel, so a 5 × 5 one
  // would nearly treble the stack's most expensive layer.
  const x = conv(conv(conv(imageIn, 12, 3, 1), 24, 3, 2), 32, 3, 3);
  const seen = tf.layers.dense({ units: 64, activation: 'relu', kernelInitializer: init(4), kernelRegularizer: reg, name: name('seen') }).apply(tf.layers.flatten({ name: name('conv_flat') }).apply(x) as Sym) as Sym;
  const h1 = tf.layers.dense({ units: 128, activation: 'relu', kernelInitializer: init(5), kernelRegularizer: reg, name: name('hidden1') }).apply(handIn) as Sym;
  const both = tf.layers.concatenate({ name: name('both') }).apply([h1, seen]) as Sym;
  const h2 = tf.layers.dense({ units: 96, activation: 'relu', kernelInitializer: init(6), kernelRegularizer: reg, name: name('hidden2') }).apply(both) as Sym;
  const tower = conv(conv(chromaIn, 8, 3, 10), 16, 3, 11);
  const hue = tf.layers.dense({ units: 32, activation: 'relu', kernelInitializer: init(12), kernelRegularizer: reg, name: name('hue') }).apply(tf.layers.flatten({ name: name('tower_flat') }).apply(tower) as Sym) as Sym;
  const withHue = tf.layers.concatenate({ name: name('with_hue') }).apply([h2, hue]) as Sym;
  const h3 = tf.layers.dense({ units: 48, activation: 'relu', kernelInitializer: init(13), kernelRegularizer: reg, name: name('hidden3') }).apply(withHue) as Sym;
  const colour = tf.layers.dense({ units: 7, activation: 'softmax', kernelInitializer: init(7), name: name('colour') }).apply(h3) as Sym;
  const value = tf.layers.dense({ units: 7, activation: 'softmax', kernelInitializer: init(8), name: name('value') }).apply(h2) as Sym;
  const isCard = tf.layers.dense({ units: 1, activation: 'sigmoid', kernelInitializer: init(9), name: name('card') }).apply(h2) as Sym;
  return [colour, value, isCard];
}

function checkLength(inputLength: number): void {
  if (inputLength !== FEATURE_LENGTH) throw new Error(`the network reads ${FEATURE_LENGTH} features, not ${inputLength}`);
}

/** Builds one (untrained) network with seeded initial weights; `prefix` names its layers as an ensemble member. */
export function buildNet(tf: typeof tfType, inputLength: number, seed: number, prefix = ''): tfType.LayersModel {
  checkLength(inputLength);
  const ins = inputs(tf);
  return tf.model({ inputs: ins, outputs: memberHeads(tf, ins, seed, prefix), name: `red7-card-reader${prefix ? `-${prefix.replace(/_$/, '')}` : ''}` });
}

/** The layer-name prefix of ensemble member `k`. */
export function memberPrefix(k: number): string {
  return `m${k}_`;
}

/** A trained layer's weights as plain arrays, to pass between threads. */
export interface LayerWeights {
  layer: string;
  weights: Array<{ shape: number[]; data: Float32Array }>;
}

/** Every weighted layer of a model, by name, as copies (safe to transfer to another thread). */
export function layerWeights(model: tfType.LayersModel): LayerWeights[] {
  return model.layers.filter((l) => l.getWeights().length > 0).map((l) => ({
    layer: l.name,
    weights: l.getWeights().map((w) => ({ shape: [...w.shape], data: Float32Array.from(w.dataSync() as Float32Array) })),
  }));
}

/**
 * Puts trained members (built by buildNet with memberPrefix(k)) into one model whose heads are
 * the members' heads averaged. The weights are copied layer by layer, by name.
 */
export function buildEnsemble(tf: typeof tfType, members: LayerWeights[][]): tfType.LayersModel {
  if (members.length < 2) throw new Error(`an ensemble needs at least 2 members, not ${members.length}`);
  const ins = inputs(tf);
  const heads = members.map((_, k) => memberHeads(tf, ins, 0, memberPrefix(k)));
  const outputs = (['colour', 'value', 'card'] as const).map((name, h) => tf.layers.average({ name }).apply(heads.map((m) => m[h]!)) as Sym);
  const model = tf.model({ inputs: ins, outputs, name: 'red7-card-reader-ensemble' });
  const expected = model.layers.filter((l) => l.getWeights().length > 0).length;
  const given = members.reduce((n, m) => n + m.length, 0);
  if (given !== expected) throw new Error(`the ensemble has ${expected} weighted layers but the members bring ${given}`);
  members.forEach((member, k) => {
    for (const { layer, weights } of member) {
      if (!layer.startsWith(memberPrefix(k))) throw new Error(`member ${k} has layer ${layer}; build members with memberPrefix(${k})`);
      const tensors = weights.map((w) => tf.tensor(w.data, w.shape));
      model.getLayer(layer).setWeights(tensors);
      tf.dispose(tensors);
    }
  });
  return model;
}

/** The model's three inputs for `n` feature rows laid end to end (each FEATURE_LENGTH long). */
export function netInputs(tf: typeof tfType, rows: Float32Array, n: number): [tfType.Tensor2D, tfType.Tensor4D, tfType.Tensor4D] {
  if (rows.length < n * FEATURE_LENGTH) throw new Error(`${n} feature rows need ${n * FEATURE_LENGTH} values, not ${rows.length}`);
  // Columns from..to of every row, laid end to end: one input's batch.
  const part = (from: number, to: number): Float32Array => {
    const out = new Float32Array(n * (to - from));
    for (let i = 0; i < n; i++) out.set(rows.subarray(i * FEATURE_LENGTH + from, i * FEATURE_LENGTH + to), i * (to - from));
    return out;
  };
  return [
    tf.tensor2d(part(0, HAND_LENGTH), [n, HAND_LENGTH]),
    tf.tensor4d(part(HAND_LENGTH, CHROMA_AT), [n, CROP_H, CROP_W, IMAGE_CHANNELS]),
    tf.tensor4d(part(CHROMA_AT, FEATURE_LENGTH), [n, CHROMA_H, CHROMA_W, CHROMA_CHANNELS]),
  ];
}
