import { describe, expect, it } from 'vitest';
import { freshFacePool } from '../../../vision/dataset.ts';
import { makeFeatureSet, TRAIN_FRAME, type PhotoStream } from '../../../vision/train/data.ts';
import { makeFeatureSetInWorkers } from '../../../vision/train/parallel.ts';
import { FEATURE_LENGTH } from '../../../vision/features.ts';
import { VIEWS } from '../../../vision/views.ts';

const photos: PhotoStream = { seed: 5, stream: 2, notCardShare: 0.3, frame: TRAIN_FRAME, views: 'located' };

describe('feature sets made in worker processes', () => {
  it('hold the same rows, in the same order, as one process makes', async () => {
    const one = await makeFeatureSet(freshFacePool(150), photos, 9);
    const lines: string[] = [];
    const two = await makeFeatureSetInWorkers({ kind: 'fresh', width: 150, styles: 'training' }, photos, 9, 2, (l) => lines.push(l));
    expect(two.count).toBe(one.count);
    expect(Array.from(two.card)).toEqual(Array.from(one.card));
    expect(Buffer.from(two.x.buffer, 0, two.x.byteLength).equals(Buffer.from(one.x.buffer, one.x.byteOffset, one.x.byteLength))).toBe(true);
    expect(two.locatorMisses).toBe(one.locatorMisses);
    // Each located photo is named, in row order, by its index in the stream and its condition.
    expect(two.sources).toEqual(one.sources);
    expect(one.sources).toHaveLength(one.count / one.rowsPerPhoto);
    expect(one.sources.map((s) => s.index)).toEqual([...one.sources.map((s) => s.index)].sort((a, b) => a - b));
    expect(one.sources.every((s) => s.condition === 'plain')).toBe(true);
    // Non-cards (-1) are in the set too, not only cards.
    expect(Array.from(two.card)).toContain(-1);
  }, 60_000);

  it('hold every view of each photo when asked for all views, the located view first', async () => {
    const located = await makeFeatureSet(freshFacePool(150), { ...photos, notCardShare: 0 }, 2);
    const all = await makeFeatureSetInWorkers({ kind: 'fresh', width: 150, styles: 'training' }, { ...photos, notCardShare: 0, views: 'all' }, 2, 2);
    expect(located.rowsPerPhoto).toBe(2);
    expect(all.rowsPerPhoto).toBe(2 * VIEWS.length);
    expect(all.count).toBe(located.count * VIEWS.length);
    // Each photo's first two rows are the located view's, upright then turned.
    for (let p = 0; p < located.count / 2; p++) {
      const mine = located.x.subarray(2 * p * FEATURE_LENGTH, (2 * p + 2) * FEATURE_LENGTH);
      const theirs = all.x.subarray(p * all.rowsPerPhoto * FEATURE_LENGTH, (p * all.rowsPerPhoto + 2) * FEATURE_LENGTH);
      expect(Array.from(theirs)).toEqual(Array.from(mine));
      expect(new Set(Array.from(all.card.subarray(p * all.rowsPerPhoto, (p + 1) * all.rowsPerPhoto)))).toEqual(new Set([located.card[2 * p]]));
    }
  }, 60_000);

  it('put the rows in memory the member threads can share', async () => {
    const set = await makeFeatureSetInWorkers({ kind: 'fresh', width: 150, styles: 'training' }, { ...photos, notCardShare: 0 }, 2, 2);
    expect(set.x.buffer).toBeInstanceOf(SharedArrayBuffer);
    expect(set.card.buffer).toBeInstanceOf(SharedArrayBuffer);
  }, 60_000);

  it('refuse a process count that is not a whole number of at least one', async () => {
    await expect(makeFeatureSetInWorkers({ kind: 'fresh', width: 150, styles: 'training' }, photos, 2, 0)).rejects.toThrow(/processes must be/);
    await expect(makeFeatureSetInWorkers({ kind: 'fresh', width: 150, styles: 'training' }, photos, 2, 1.5)).rejects.toThrow(/processes must be/);
  });
});
