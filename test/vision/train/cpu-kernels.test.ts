import { describe, expect, it } from 'vitest';
import * as tf from '@tensorflow/tfjs';
import { installFastCpuKernels } from '../../../vision/train/cpu-kernels.ts';

type Case = { x: [number, number, number, number]; w: [number, number, number, number]; stride: number; pad: 'same' | 'valid' };

const CASES: Case[] = [
  { x: [2, 9, 7, 3], w: [3, 3, 3, 5], stride: 1, pad: 'same' },
  { x: [2, 10, 8, 2], w: [5, 5, 2, 4], stride: 2, pad: 'same' },
  { x: [3, 11, 9, 4], w: [3, 3, 4, 6], stride: 2, pad: 'valid' },
  { x: [1, 56, 40, 1], w: [5, 5, 1, 8], stride: 2, pad: 'same' },
];

/** The convolution, and the gradients of a loss through it for its input and its filter. */
function convAndGradients(c: Case): Float32Array[] {
  return tf.tidy(() => {
    // ReLU leaves zeros in the input, as in the network, so the zero-skipping paths run too.
    const x = tf.relu(tf.randomNormal(c.x, 0, 1, 'float32', 1)) as tf.Tensor4D;
    const w = tf.randomNormal(c.w, 0, 1, 'float32', 2) as tf.Tensor4D;
    const grads = tf.grads((a: tf.Tensor, b: tf.Tensor) => tf.conv2d(a as tf.Tensor4D, b as tf.Tensor4D, c.stride, c.pad).square().sum());
    const [gx, gw] = grads([x, w]);
    return [tf.conv2d(x, w, c.stride, c.pad), gx!, gw!].map((t) => t.dataSync() as Float32Array);
  });
}

describe('the fast CPU convolution kernels', () => {
  it('compute what the stock CPU kernels compute, forward and both gradients', async () => {
    await tf.setBackend('cpu');
    const stock = CASES.map(convAndGradients);
    installFastCpuKernels(tf);
    const fast = CASES.map(convAndGradients);
    stock.forEach((outputs, i) => outputs.forEach((values, j) => {
      expect(fast[i]![j]!.length).toBe(values.length);
      values.forEach((v, k) => expect(Math.abs(fast[i]![j]![k]! - v) / (1 + Math.abs(v)), `case ${i}, output ${j}, element ${k}`).toBeLessThan(1e-4));
    }));
  });

  it('replaces the kernels only once however often it is installed', () => {
    installFastCpuKernels(tf);
    const first = tf.getKernel('Conv2DBackpropFilter', 'cpu');
    installFastCpuKernels(tf);
    expect(tf.getKernel('Conv2DBackpropFilter', 'cpu')).toBe(first);
    expect((first as { fast?: boolean }).fast).toBe(true);
  });
});
