import { describe, expect, it } from 'vitest';
import { freshFacePool } from '../../../vision/dataset.ts';
import { makeFeatureSet, TRAIN_FRAME, type PhotoStream } from '../../../vision/train/data.ts';
import { makeFeatureSetInWorkers } from '../../../vision/train/parallel.ts';

const photos: PhotoStream = { seed: 5, stream: 2, notCardShare: 0.3, frame: TRAIN_FRAME };

describe('feature sets made in worker processes', () => {
  it('hold the same rows, in the same order, as one process makes', async () => {
    const one = await makeFeatureSet(freshFacePool(150), photos, 9);
    const lines: string[] = [];
    const two = await makeFeatureSetInWorkers({ kind: 'fresh', width: 150 }, photos, 9, 2, (l) => lines.push(l));
    expect(two.count).toBe(one.count);
    expect(Array.from(two.card)).toEqual(Array.from(one.card));
    expect(Buffer.from(two.x.buffer, 0, two.x.byteLength).equals(Buffer.from(one.x.buffer, one.x.byteOffset, one.x.byteLength))).toBe(true);
    expect(two.locatorMisses).toBe(one.locatorMisses);
    // Non-cards (-1) are in the set too, not only cards.
    expect(Array.from(two.card)).toContain(-1);
  }, 60_000);

  it('put the rows in memory the member threads can share', async () => {
    const set = await makeFeatureSetInWorkers({ kind: 'fresh', width: 150 }, { ...photos, notCardShare: 0 }, 2, 2);
    expect(set.x.buffer).toBeInstanceOf(SharedArrayBuffer);
    expect(set.card.buffer).toBeInstanceOf(SharedArrayBuffer);
  }, 60_000);

  it('refuse a process count that is not a whole number of at least one', async () => {
    await expect(makeFeatureSetInWorkers({ kind: 'fresh', width: 150 }, photos, 2, 0)).rejects.toThrow(/processes must be/);
    await expect(makeFeatureSetInWorkers({ kind: 'fresh', width: 150 }, photos, 2, 1.5)).rejects.toThrow(/processes must be/);
  });
});
