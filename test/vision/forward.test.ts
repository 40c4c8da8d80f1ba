import { describe, expect, it } from 'vitest';
import type * as tfType from '@tensorflow/tfjs';
import { loadTensorflow } from '../../vision/backend.ts';
import { DEFAULT_MODEL_DIR } from '../../vision/classifier.ts';
import { FEATURE_LENGTH } from '../../vision/features.ts';
import { compileForward } from '../../vision/forward.ts';
import { loadModel } from '../../vision/model-io.ts';
import { netInputs } from '../../vision/net.ts';
import { makeRng } from '../../vision/random.ts';

describe('the model run as plain ops', () => {
  it('gives the shipped model the same numbers as predict, to the bit, on the backend a frame is read on', async () => {
    const { tf } = await loadTensorflow();
    const { model } = await loadModel(tf, DEFAULT_MODEL_DIR);
    // The classifier's model: the heads and the embedding layers.
    const hidden = model.layers.filter((l) => /hidden[23]$/.test(l.name)).map((l) => l.output as tfType.SymbolicTensor);
    expect(hidden).toHaveLength(4);
    const reader = tf.model({ inputs: model.inputs, outputs: [...(model.outputs as tfType.SymbolicTensor[]), ...hidden] });
    const forward = compileForward(tf, reader);
    expect(forward).not.toBeNull();
    const rng = makeRng(3);
    const rows = Float32Array.from({ length: 6 * FEATURE_LENGTH }, () => rng.next());
    const inputs = netInputs(tf, rows, 6);
    const expected = (reader.predict(inputs) as tfType.Tensor[]).map((t) => Array.from(t.dataSync()));
    const got = forward!(inputs).map((t) => Array.from(t.dataSync()));
    expect(got.length).toBe(reader.outputs.length);
    expect(got).toEqual(expected);
    tf.dispose(inputs);
  });

  it('gives way to predict for a layer it does not run', async () => {
    const { tf } = await loadTensorflow();
    const x = tf.input({ shape: [4] });
    const y = tf.layers.dense({ units: 2, activation: 'tanh' }).apply(x) as tfType.SymbolicTensor;
    expect(compileForward(tf, tf.model({ inputs: x, outputs: y }))).toBeNull();
    const z = tf.layers.batchNormalization().apply(x) as tfType.SymbolicTensor;
    expect(compileForward(tf, tf.model({ inputs: x, outputs: z }))).toBeNull();
  });

  it('refuses a call with the wrong number of inputs', async () => {
    const { tf } = await loadTensorflow();
    const x = tf.input({ shape: [4] });
    const y = tf.layers.dense({ units: 2, activation: 'relu' }).apply(x) as tfType.SymbolicTensor;
    const forward = compileForward(tf, tf.model({ inputs: x, outputs: y }));
    expect(() => forward!([])).toThrow(/reads 1 inputs, not 0/);
  });
});
