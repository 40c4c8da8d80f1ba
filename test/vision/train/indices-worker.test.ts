import { describe, expect, it } from 'vitest';
import { CALIBRATION_FAMILIES, TRAINING_FAMILIES } from '../../../vision/render/fonts.ts';
import { PATCH_LENGTH } from '../../../vision/corners.ts';
import { mixSeed } from '../../../vision/random.ts';
import type { IndexSliceJob, IndexSliceResult } from '../../../vision/train/indices-worker.ts';
import { VALIDATION_CONDITIONS } from '../../../vision/train/train.ts';
import { runInProcess } from '../../../vision/train/workers.ts';

const worker = new URL('../../../vision/train/indices-worker.ts', import.meta.url);
const run = (job: IndexSliceJob): Promise<IndexSliceResult> => runInProcess<IndexSliceResult>(worker, job);

describe('the corner-index trainer’s photos', () => {
  it('are drawn in the training typefaces for the fit, each located card’s four patches with its value', async () => {
    const r = await run({ kind: 'train', seed: mixSeed(9903, 11), first: 0, end: 6, conditions: { 'glare-cast': 0.5 }, glareShare: 0.6, notCardShare: 0 });
    expect(r.families.length).toBeGreaterThan(0);
    for (const f of r.families) expect(TRAINING_FAMILIES as readonly string[]).toContain(f);
    expect(r.count).toBeGreaterThanOrEqual(5);
    expect(r.patches.length).toBe(r.count * 4 * PATCH_LENGTH);
    // Cards cycle through the deck in order: the first six photos are the 1s.
    expect(Array.from(r.label)).toEqual(new Array(r.count).fill(1));
  }, 120_000);

  it('are drawn in the calibration typefaces for the threshold, keeping only the cards the model alone is unsure of', async () => {
    const r = await run({ kind: 'calibrate', seed: mixSeed(7, 3), first: 0, end: 8, conditions: VALIDATION_CONDITIONS, notCardShare: 0.05 });
    for (const f of r.families) expect(CALIBRATION_FAMILIES as readonly string[]).toContain(f);
    expect(r.photos).toBe(8);
    expect(r.count).toBeLessThan(8);
    expect(r.probs.length).toBe(r.count * 49);
    expect(r.patches.length).toBe(r.count * 4 * PATCH_LENGTH);
  }, 180_000);
});
