import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { PATCH_LENGTH, PATCH_SPAN } from '../../vision/corners.ts';
import { IndexReader, loadIndexReader, SECOND_LOOK_FLOOR, type IndexReaderFile } from '../../vision/indices.ts';
import { weightsBytes } from '../../vision/small-net.ts';

/** A reader whose every patch says the same thing: no kernel, only the softmax's biases. */
function constantReader(bias: number[], weight = 1): { file: IndexReaderFile; weights: Float32Array } {
  const weights = new Float32Array(PATCH_LENGTH * 7 + 7);
  weights.set(bias, PATCH_LENGTH * 7);
  return { file: { input: { patch: 48, span: PATCH_SPAN }, layers: [{ kind: 'dense', units: 7, activation: 'softmax' }], weights: 'r.bin', weight, threshold: SECOND_LOOK_FLOOR, training: {} }, weights };
}

describe('the corner-index reader', () => {
  it('adds the four patches’ log-probabilities of each value', () => {
    const { file, weights } = constantReader([0, 0, 0, 0, 0, Math.log(8), 0]);
    const e = new IndexReader(file, weights).evidence(new Float32Array(4 * PATCH_LENGTH));
    // Each patch gives the 6 a probability of 8/14 and every other value 1/14.
    expect(e[5]).toBeCloseTo(4 * Math.log(8 / 14), 5);
    expect(e[0]).toBeCloseTo(4 * Math.log(1 / 14), 5);
    expect(new IndexReader(file, weights).bestValue(e)).toBe(6);
  });

  it('weighs the model’s cards by their value’s evidence, keeping a ruled-out card at nought', () => {
    const { file, weights } = constantReader(new Array(7).fill(0));
    const reader = new IndexReader(file, weights);
    const probs = new Float64Array(49);
    // The model hesitates between B5 and B6 (cards 28 + 2 and 35 + 2) and rules out R6 (card 41).
    probs[30] = 0.55, probs[37] = 0.45;
    const evidence = new Float64Array(7);
    evidence[5] = Math.log(9);
    const w = reader.weigh(probs, evidence);
    expect(w[37]).toBeCloseTo((0.45 * 9) / (0.45 * 9 + 0.55), 9);
    expect(w[41]).toBe(0);
    expect(w.reduce((a, b) => a + b, 0)).toBeCloseTo(1, 12);
    // Evidence for no value in particular leaves the model's answer as it was.
    expect(Array.from(reader.weigh(probs, new Float64Array(7).fill(-3)))).toEqual(Array.from(probs));
  });

  it('refuses patches of the wrong size, a reader that does not end in seven values, and bad files', () => {
    const { file, weights } = constantReader(new Array(7).fill(0));
    expect(() => new IndexReader(file, weights).evidence(new Float32Array(PATCH_LENGTH))).toThrow(/four corner patches/);
    expect(() => new IndexReader({ ...file, layers: [{ kind: 'dense', units: 7, activation: 'relu' }] }, weights)).toThrow(/softmax over the 7 values/);
    const dir = mkdtempSync(join(tmpdir(), 'red7-indices-'));
    writeFileSync(join(dir, 'r.bin'), weightsBytes(weights));
    writeFileSync(join(dir, 'r.json'), JSON.stringify(file));
    expect(loadIndexReader(join(dir, 'r.json')).file.threshold).toBe(SECOND_LOOK_FLOOR);
    writeFileSync(join(dir, 'low.json'), JSON.stringify({ ...file, threshold: 0.9999 }));
    expect(() => loadIndexReader(join(dir, 'low.json'))).toThrow(/threshold/);
    writeFileSync(join(dir, 'span.json'), JSON.stringify({ ...file, input: { patch: 48, span: 0.3 } }));
    expect(() => loadIndexReader(join(dir, 'span.json'))).toThrow(/not a corner-index reader: input.span/);
    writeFileSync(join(dir, 'short.json'), JSON.stringify({ ...file, weights: 'short.bin' }));
    writeFileSync(join(dir, 'short.bin'), weightsBytes(weights.subarray(1)));
    expect(() => loadIndexReader(join(dir, 'short.json'))).toThrow(/short.json: the layers described hold/);
  });
});
