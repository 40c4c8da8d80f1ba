import { beforeAll, describe, expect, it } from 'vitest';
import * as tf from '@tensorflow/tfjs';
import { installFastCpuKernels } from '../../../vision/train/cpu-kernels.ts';

type Case = { x: [number, number, number, number]; w: [number, number, number, number]; stride: number; pad: 'same' | 'valid' };

const CASES: Case[] = [
  { x: [2, 9, 7, 3], w: [3, 3, 3, 5], stride: 1, pad: 'same' },
  { x: [2, 10, 8, 2], w: [5, 5, 2, 4], stride: 2, pad: 'same' },
  { x: [3, 11, 9, 4], w: [3, 3, 4, 6], stride: 2, pad: 'valid' },
  { x: [1, 56, 40, 1], w: [5, 5, 1, 8], stride: 2, pad: 'same' },
  // The first case's geometry again with another batch size: the kernels keep one tap table per geometry.
  { x: [5, 9, 7, 3], w: [3, 3, 3, 5], stride: 1, pad: 'same' },
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

/** Arithmetic and sums as the optimiser and layers use them, plus shapes the fast paths must leave to the stock kernels. */
function arithmeticAndSums(): Array<{ shape: number[]; values: number[] }> {
  return tf.tidy(() => {
    const t = tf.randomNormal([64, 7], 0, 1, 'float32', 3);
    const image = tf.randomNormal([8, 6, 5, 4], 0, 1, 'float32', 4);
    const bias = tf.randomNormal([7], 0, 1, 'float32', 5);
    const scalar = tf.scalar(0.9);
    const outs = [
      tf.mul(scalar, t), tf.mul(t, scalar), tf.add(t, bias), tf.add(bias, t), tf.sub(t, scalar), tf.sub(scalar, t), tf.div(t, bias), tf.div(scalar, t), tf.mul(t, t),
      tf.add(tf.randomNormal([4, 1, 3], 0, 1, 'float32', 6), tf.randomNormal([4, 5, 3], 0, 1, 'float32', 7)),
      tf.mul(tf.tensor1d([1, 2, 3], 'int32'), tf.scalar(4, 'int32')),
      tf.sum(t, 0), tf.sum(image, [0, 1, 2]), tf.sum(image, [1, 0], true), tf.sum(image, -1), tf.sum(image), tf.sum(image, [0, 2]),
    ];
    return outs.map((o) => ({ shape: o.shape, values: Array.from(o.dataSync()) }));
  });
}

/** Dense-layer products (forward with bias and ReLU, both gradients), splits, ReLU and its step, and row gathers, as training uses them. */
function denseLayerKernels(): Array<{ shape: number[]; values: number[] }> {
  return tf.tidy(() => {
    // 130 shared columns: three of the stock kernel's 48-wide blocks, the last one short.
    const x = tf.randomNormal([9, 130], 0, 1, 'float32', 8) as tf.Tensor2D;
    const w = tf.randomNormal([130, 7], 0, 1, 'float32', 9) as tf.Tensor2D;
    const dy = tf.randomNormal([9, 7], 0, 1, 'float32', 10) as tf.Tensor2D;
    const bias = tf.randomNormal([7], 0, 1, 'float32', 11);
    const batchA = tf.randomNormal([3, 5, 6], 0, 1, 'float32', 12) as tf.Tensor3D;
    const batchB = tf.randomNormal([3, 6, 4], 0, 1, 'float32', 13) as tf.Tensor3D;
    const withNaN = tf.tensor1d([-2, -0, 0, 0.5, NaN, 3]);
    const outs = [
      tf.matMul(x, w), tf.matMul(dy, w, false, true), tf.matMul(x, dy, true, false), tf.matMul(w, x, true, true), tf.matMul(batchA, batchB),
      tf.fused.matMul({ a: x, b: w, bias, activation: 'relu' }), tf.fused.matMul({ a: x, b: w, bias }), tf.fused.matMul({ a: x, b: w, activation: 'sigmoid' }),
      ...tf.split(x, [40, 90], 1), ...tf.split(batchA, 3, 0), ...tf.split(batchA, [1, 5], 2),
      tf.relu(x), tf.relu(withNaN), tf.step(withNaN), tf.step(withNaN, 0.25),
      tf.gather(x, tf.tensor1d([8, 0, 3, 3], 'int32')), tf.gather(batchA, tf.tensor1d([2, 0], 'int32')), tf.gather(x, tf.tensor1d([1, 5], 'int32'), 1),
    ];
    return outs.map((o) => ({ shape: o.shape, values: Array.from(o.dataSync()) }));
  });
}

let stockConv: Float32Array[][];
let stockArithmetic: ReturnType<typeof arithmeticAndSums>;
let stockDense: ReturnType<typeof denseLayerKernels>;

// Everything is first computed with the stock kernels, then the fast ones go in.
beforeAll(async () => {
  await tf.setBackend('cpu');
  stockConv = CASES.map(convAndGradients);
  stockArithmetic = arithmeticAndSums();
  stockDense = denseLayerKernels();
  installFastCpuKernels(tf);
});

describe('the fast CPU kernels', () => {
  it('compute exactly what the stock kernels compute for broadcast arithmetic and batch sums', () => {
    expect((tf.getKernel('Sum', 'cpu') as { fast?: boolean }).fast).toBe(true);
    expect(arithmeticAndSums()).toEqual(stockArithmetic);
  });

  it('compute exactly what the stock kernels compute for dense layers, splits, ReLU, its step and row gathers', () => {
    for (const name of ['BatchMatMul', '_FusedMatMul', 'SplitV', 'Relu', 'Step', 'GatherV2']) expect((tf.getKernel(name, 'cpu') as { fast?: boolean }).fast, name).toBe(true);
    expect(denseLayerKernels()).toEqual(stockDense);
  });

  it('still refuse a row index out of range with the stock kernel\'s error', () => {
    const x = tf.zeros([3, 2]);
    expect(() => tf.gather(x, tf.tensor1d([0, 3], 'int32'))).toThrow(/index value 3 is not in \[0, 2\]/);
    expect(() => tf.gather(x, tf.tensor1d([-1], 'int32'))).toThrow(/index value -1/);
  });

  it('compute what the stock CPU kernels compute for a convolution, forward and both gradients', () => {
    const fast = CASES.map(convAndGradients);
    stockConv.forEach((outputs, i) => outputs.forEach((values, j) => {
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
