import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as tf from '@tensorflow/tfjs';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Point } from '../../../vision/homography.ts';
import type { RawImage } from '../../../vision/image.ts';
import { CLOTH_PAIRS_FILE, CONTEXT_CHANNELS, CONTEXT_H, CONTEXT_W, contextOf, flipContext, loadClothPairs, OUTSIDE, type ClothPairsFile } from '../../../vision/locate/cloth-pairs.ts';
import { weightsBytes } from '../../../vision/small-net.ts';

const SIZE = CONTEXT_W * CONTEXT_H * CONTEXT_CHANNELS;

/** A frame of one colour with a card-sized rectangle of another. */
function frame(width: number, height: number, table: [number, number, number], card: [number, number, number], box: [number, number, number, number]): RawImage {
  const data = new Uint8Array(width * height * 3);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const c = x >= box[0] && x < box[2] && y >= box[1] && y < box[3] ? card : table;
      data.set(c, (y * width + x) * 3);
    }
  }
  return { width, height, channels: 3, data } as RawImage;
}

/** A network of the shipped shape reading the first `channels` channels, with seeded random weights, as tfjs runs it, as a one-member description and as its weights. */
function randomNet(channels = CONTEXT_CHANNELS, seed = 0): { net: tf.Sequential; file: ClothPairsFile; weights: Float32Array } {
  const init = (k: number) => tf.initializers.randomNormal({ mean: 0, stddev: 0.3, seed: k + 100 * seed });
  const conv = (filters: number, k: number, first = false) => tf.layers.conv2d({ ...(first ? { inputShape: [CONTEXT_H, CONTEXT_W, channels] } : {}), filters, kernelSize: 3, strides: 2, padding: 'same', activation: 'relu', kernelInitializer: init(k), biasInitializer: init(k + 10) });
  const net = tf.sequential({ layers: [conv(4, 1, true), conv(6, 2), conv(5, 3), tf.layers.flatten(), tf.layers.dense({ units: 7, activation: 'relu', kernelInitializer: init(4), biasInitializer: init(14) }), tf.layers.dense({ units: 1, activation: 'sigmoid', kernelInitializer: init(5) })] });
  const weighted = net.layers.filter((l) => l.getWeights().length === 2);
  const layers = weighted.map((l) => {
    const c = l.getConfig() as { filters?: number; units?: number; activation: string };
    return l.getClassName() === 'Conv2D' ? { kind: 'conv' as const, filters: c.filters!, size: 3, stride: 2 } : { kind: 'dense' as const, units: c.units!, activation: c.activation as 'relu' | 'sigmoid' };
  });
  const weights = Float32Array.from(weighted.flatMap((l) => l.getWeights().flatMap((t) => Array.from(t.dataSync()))));
  return { net, file: { input: { width: CONTEXT_W, height: CONTEXT_H, channels: CONTEXT_CHANNELS, scale: 1.8 }, members: [{ channels, layers, weights: 'net.bin' }], cut: 0.9, training: {} } as ClothPairsFile, weights };
}

/** Writes a description (as given, or as JSON) and weights (little-endian float32s, or raw bytes; more files by name) into a folder of their own; the description's path. */
function writeNet(description: unknown, weights: Float32Array | Buffer | null, more: Record<string, Float32Array> = {}): string {
  const dir = mkdtempSync(join(tmpdir(), 'red7-cloth-pairs-'));
  writeFileSync(join(dir, 'net.json'), typeof description === 'string' ? description : JSON.stringify(description));
  if (weights !== null) writeFileSync(join(dir, 'net.bin'), weights instanceof Float32Array ? weightsBytes(weights) : weights);
  for (const [name, w] of Object.entries(more)) writeFileSync(join(dir, name), weightsBytes(w));
  return join(dir, 'net.json');
}

describe('the cloth-pair network', () => {
  beforeAll(async () => {
    await tf.setBackend('cpu');
  });

  it('scores a context as tfjs does, to within a millionth, with its own loops', async () => {
    const { net, file, weights } = randomNet();
    const parsed = loadClothPairs(writeNet(file, weights));
    for (let k = 0; k < 3; k++) {
      const context = Float32Array.from({ length: SIZE }, (_, i) => Math.sin(i * 0.37 + k * 11) * 0.6);
      const want = (net.predict(tf.tensor4d(context, [1, CONTEXT_H, CONTEXT_W, CONTEXT_CHANNELS])) as tf.Tensor).dataSync()[0]!;
      expect(parsed.score(context)).toBeCloseTo(want, 6);
    }
  });

  it('averages its members, each reading the channels it was fitted on', () => {
    const six = randomNet(6, 1), seven = randomNet(CONTEXT_CHANNELS, 2);
    const file = { ...seven.file, members: [{ ...six.file.members[0]!, weights: 'six.bin' }, seven.file.members[0]!] };
    const parsed = loadClothPairs(writeNet(file, seven.weights, { 'six.bin': six.weights }));
    const context = Float32Array.from({ length: SIZE }, (_, i) => Math.cos(i * 0.23) * 0.5);
    const firstSix = Float32Array.from({ length: CONTEXT_W * CONTEXT_H * 6 }, (_, i) => context[Math.floor(i / 6) * CONTEXT_CHANNELS + (i % 6)]!);
    const a = (six.net.predict(tf.tensor4d(firstSix, [1, CONTEXT_H, CONTEXT_W, 6])) as tf.Tensor).dataSync()[0]!;
    const b = (seven.net.predict(tf.tensor4d(context, [1, CONTEXT_H, CONTEXT_W, CONTEXT_CHANNELS])) as tf.Tensor).dataSync()[0]!;
    expect(parsed.score(context)).toBeCloseTo((a + b) / 2, 6);
    expect(() => loadClothPairs(writeNet({ ...file, members: [] }, seven.weights))).toThrow(/members/);
    expect(() => loadClothPairs(writeNet({ ...file, members: [{ ...file.members[0]!, channels: 8 }] }, seven.weights, { 'six.bin': six.weights }))).toThrow(/members\.0\.channels/);
    expect(() => loadClothPairs(writeNet(file, seven.weights))).toThrow(/six\.bin, the weights of .* cannot be read/);
  });

  it('sees a card-sized rectangle in the middle of its context, the table round it, and marks cells beyond the frame', () => {
    const img = frame(400, 300, [200, 200, 200], [20, 40, 220], [150, 80, 250, 220]);
    const quad: Point[] = [[150, 80], [250, 80], [250, 220], [150, 220]];
    const c = contextOf(img, quad);
    expect(c.length).toBe(SIZE);
    const cell = (x: number, y: number) => Array.from(c.subarray((y * CONTEXT_W + x) * CONTEXT_CHANNELS, (y * CONTEXT_W + x + 1) * CONTEXT_CHANNELS));
    expect(cell(14, 20).slice(0, 3).map((v) => Math.round(v * 255))).toEqual([20, 40, 220]);
    expect(cell(1, 20).slice(0, 3).map((v) => Math.round(v * 255))).toEqual([200, 200, 200]);
    // Less the border's mean, the table is nothing.
    expect(cell(1, 20).slice(3).every((v) => Math.abs(v) < 1e-6)).toBe(true);
    const nearEdge = contextOf(img, [[10, 10], [110, 10], [110, 150], [10, 150]]);
    expect(nearEdge[0]).toBe(OUTSIDE);
  });

  it('tells a fine print from a flat field of its own mean colour by the spread of each cell\'s samples', () => {
    const img = frame(400, 300, [0, 0, 0], [128, 128, 128], [150, 80, 250, 220]);
    // A one-pixel check of black and white round a grey card: the same mean, a spread the samples see.
    for (let y = 0; y < 300; y++) for (let x = 0; x < 400; x++) if ((x < 150 || x >= 250 || y < 80 || y >= 220) && (x + y) % 2 === 0) img.data.fill(255, (y * 400 + x) * 3, (y * 400 + x) * 3 + 3);
    const c = contextOf(img, [[150, 80], [250, 80], [250, 220], [150, 220]]);
    const texture = (x: number, y: number) => c[(y * CONTEXT_W + x) * CONTEXT_CHANNELS + 6]!;
    expect(texture(14, 20)).toBeLessThan(1e-3);
    expect(texture(1, 20)).toBeGreaterThan(0.1);
  });

  it('refuses a quad without four corners', () => {
    const img = frame(64, 64, [0, 0, 0], [255, 255, 255], [10, 10, 20, 20]);
    expect(() => contextOf(img, [[0, 0], [1, 0], [1, 1]])).toThrow(/4 corners/);
  });

  it('gives back the same context when flipped the same way twice', () => {
    const c = Float32Array.from({ length: SIZE }, (_, i) => i);
    for (const [a, b] of [[true, false], [false, true], [true, true]] as const) expect(flipContext(flipContext(c, a, b), a, b)).toEqual(c);
    expect(flipContext(c, true, true)[0]).toBe(c[SIZE - CONTEXT_CHANNELS]);
  });

  it('names what is wrong with a description that is not JSON or not a network, or weights missing, ragged or too few', () => {
    const { file, weights } = randomNet();
    expect(() => loadClothPairs(writeNet('{', weights))).toThrow(/not readable JSON/);
    expect(() => loadClothPairs(writeNet({ layers: [] }, weights))).toThrow(/not a cloth-pair network: input/);
    expect(() => loadClothPairs(writeNet({ ...file, members: [{ ...file.members[0]!, weights: '../elsewhere.bin' }] }, weights))).toThrow(/weights: a file name ending in .bin/);
    expect(() => loadClothPairs(writeNet(file, null))).toThrow(/the weights of .* cannot be read/);
    expect(() => loadClothPairs(writeNet(file, Buffer.alloc(10)))).toThrow(/not a whole number of float32s/);
    expect(() => loadClothPairs(writeNet(file, weights.subarray(1)))).toThrow(new RegExp(`hold ${weights.length} weights, not ${weights.length - 1}`));
    expect(() => loadClothPairs(writeNet({ ...file, members: [{ ...file.members[0]!, layers: file.members[0]!.layers.slice(0, -1) }] }, weights))).toThrow(/end in one sigmoid unit/);
    expect(() => loadClothPairs(writeNet(file, weights)).score(new Float32Array(10))).toThrow(/not 10/);
  });

  it('ships a network that loads, its weights beside it, with a cut that refuses only where it is sure', () => {
    const shipped = loadClothPairs(CLOTH_PAIRS_FILE);
    expect(shipped.file.members[0]!.weights).toBe('cloth-pairs.bin');
    expect(shipped.file.cut).toBeGreaterThanOrEqual(0.5);
    expect(shipped.file.training.cutStyles).toBe('calibration');
  });
});
