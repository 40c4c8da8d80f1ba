// The network: two hidden dense layers over the white-normalised features, then three heads —
// colour (7), value (7) and "is this a Red7 face" (1). Dense layers because tfjs' plain CPU
// backend trains convolutions far too slowly for a 30-minute budget on two cores; the locator's
// upright crop and the whiteness map do the work a convolution stack would otherwise learn.
import type * as tfType from '@tensorflow/tfjs';

/** Builds the (untrained) network with seeded initial weights. */
export function buildNet(tf: typeof tfType, inputLength: number, seed: number): tfType.LayersModel {
  const init = (k: number) => tf.initializers.glorotUniform({ seed: seed + k });
  const input = tf.input({ shape: [inputLength], name: 'features' });
  const reg = tf.regularizers.l2({ l2: 1e-5 });
  const h1 = tf.layers.dense({ units: 128, activation: 'relu', kernelInitializer: init(1), kernelRegularizer: reg, name: 'hidden1' }).apply(input) as tfType.SymbolicTensor;
  const h2 = tf.layers.dense({ units: 96, activation: 'relu', kernelInitializer: init(2), kernelRegularizer: reg, name: 'hidden2' }).apply(h1) as tfType.SymbolicTensor;
  const colour = tf.layers.dense({ units: 7, activation: 'softmax', kernelInitializer: init(3), name: 'colour' }).apply(h2) as tfType.SymbolicTensor;
  const value = tf.layers.dense({ units: 7, activation: 'softmax', kernelInitializer: init(4), name: 'value' }).apply(h2) as tfType.SymbolicTensor;
  const isCard = tf.layers.dense({ units: 1, activation: 'sigmoid', kernelInitializer: init(5), name: 'card' }).apply(h2) as tfType.SymbolicTensor;
  return tf.model({ inputs: input, outputs: [colour, value, isCard], name: 'red7-card-reader' });
}
