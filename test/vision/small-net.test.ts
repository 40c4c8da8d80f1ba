import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { readDescription, readWeights, SmallNet, weightCounts, weightsBytes, type LayerSpec } from '../../vision/small-net.ts';

const input = { height: 4, width: 4, channels: 1 };
const layers: LayerSpec[] = [{ kind: 'conv', filters: 2, size: 3, stride: 2 }, { kind: 'dense', units: 3, activation: 'softmax' }];

describe('a small network run as plain loops', () => {
  it('counts each layer’s weights from the input’s shape and the strides', () => {
    // 3 × 3 × 1 × 2 kernel and 2 biases; then a 2 × 2 × 2 = 8 input to 3 units.
    expect(weightCounts(input, layers)).toEqual({ counts: [{ kernel: 18, bias: 2 }, { kernel: 24, bias: 3 }], outputs: 3 });
  });

  it('gives a softmax that sums to one and follows a hand-worked pass', () => {
    // Every kernel tap 0.1, biases 0: each convolution output is 0.1 × the sum of its input window.
    const weights = new Float32Array(47);
    weights.fill(0.1, 0, 18);
    // Dense: unit 0 reads nothing, unit 1 reads every input at 1, unit 2 reads every input at −1.
    for (let i = 0; i < 8; i++) weights[20 + i * 3 + 1] = 1, weights[20 + i * 3 + 2] = -1;
    const net = new SmallNet(input, layers, weights);
    const x = new Float32Array(16).fill(1);
    const out = net.run(x);
    // 'same' padding on a 4 × 4 input at stride 2 puts the odd pad after: windows hold 9, 6, 6, 4 ones.
    const sum = 2 * 0.1 * (9 + 6 + 6 + 4);
    const z0 = 1, z1 = Math.exp(sum), z2 = Math.exp(-sum);
    expect(out[1]).toBeCloseTo(z1 / (z0 + z1 + z2), 5);
    expect(out[0]! + out[1]! + out[2]!).toBeCloseTo(1, 6);
  });

  it('refuses weights that do not fit, layers in an impossible order, and an input of the wrong size', () => {
    expect(() => new SmallNet(input, layers, new Float32Array(46))).toThrow(/hold 47 weights, not 46/);
    expect(() => weightCounts(input, [{ kind: 'dense', units: 2, activation: 'relu' }, { kind: 'conv', filters: 2, size: 3, stride: 1 }])).toThrow(/cannot follow a dense/);
    expect(() => weightCounts(input, [{ kind: 'dense', units: 2, activation: 'softmax' }, { kind: 'dense', units: 2, activation: 'relu' }])).toThrow(/only the last layer/);
    expect(() => weightCounts(input, [{ kind: 'conv', filters: 2, size: 3, stride: 1 }])).toThrow(/ends in a dense layer/);
    expect(() => new SmallNet(input, layers, new Float32Array(47)).run(new Float32Array(15))).toThrow(/reads 16 numbers, not 15/);
  });

  it('reads back the weights it writes, and names a ragged or missing file and a bad description', () => {
    const dir = mkdtempSync(join(tmpdir(), 'red7-small-net-'));
    const weights = Float32Array.from({ length: 47 }, (_, i) => i / 7 - 3);
    writeFileSync(join(dir, 'w.bin'), weightsBytes(weights));
    expect(readWeights(join(dir, 'w.bin'), 'a test')).toEqual(weights);
    writeFileSync(join(dir, 'ragged.bin'), Buffer.alloc(10));
    expect(() => readWeights(join(dir, 'ragged.bin'), 'a test')).toThrow(/not a whole number of float32s/);
    expect(() => readWeights(join(dir, 'none.bin'), 'a test')).toThrow(/the weights of a test, cannot be read/);
    writeFileSync(join(dir, 'bad.json'), '{"a": 1');
    expect(() => readDescription(join(dir, 'bad.json'), z.object({ a: z.number() }), 'a test network')).toThrow(/not readable JSON/);
    writeFileSync(join(dir, 'wrong.json'), '{"a": "x"}');
    expect(() => readDescription(join(dir, 'wrong.json'), z.object({ a: z.number() }), 'a test network')).toThrow(/is not a test network: a:/);
  });
});
