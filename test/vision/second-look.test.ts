import { beforeAll, describe, expect, it } from 'vitest';
import { formatCard } from '../../device/rules/cards.ts';
import { CardClassifier } from '../../vision/classifier.ts';
import { freshFacePool, type FacePool } from '../../vision/dataset.ts';
import { linePhoto } from '../../vision/evaluate-conditions.ts';
import { SECOND_LOOK_FLOOR } from '../../vision/indices.ts';

// Dev printings (held-out typefaces, seed 6262): never the gate's seed.
const DEV = 6262;
let withReader: CardClassifier, alone: CardClassifier;
let pool: FacePool;

beforeAll(async () => {
  withReader = await CardClassifier.load();
  alone = await CardClassifier.load({ secondLook: false });
  pool = freshFacePool(300, 'held-out');
}, 120_000);

describe('the second look at a card the model is unsure of', () => {
  it('is taken unless told not to, with the shipped reader, whose threshold is at least its floor', () => {
    expect(withReader.indices).not.toBeNull();
    expect(withReader.indices!.file.threshold).toBeGreaterThanOrEqual(SECOND_LOOK_FLOOR);
    expect(alone.indices).toBeNull();
  });

  it('reads a blue 6 from its corner indices where a warm lamp’s glare leaves the model alone unsure', async () => {
    const photo = await linePhoto('glare-cast', 135, DEV, pool, 1280, 960);
    expect(formatCard(photo.card!)).toBe('B6');
    const first = await alone.classify(photo.jpeg);
    expect(first).toMatchObject({ card: null, reason: 'low-confidence' });
    const second = await withReader.classify(photo.jpeg);
    expect(second.card).toBe('B6');
    expect(second.confidence).toBeGreaterThanOrEqual(withReader.indices!.file.threshold);
  }, 60_000);

  it('leaves a reading the model is sure of, and a frame without a card, as the model gave them', async () => {
    for (const [line, i] of [['plain', 0], ['empty', 1], ['overlap', 2]] as const) {
      const photo = await linePhoto(line, i, DEV, pool, 1280, 960);
      const [a, b] = [await alone.classify(photo.jpeg), await withReader.classify(photo.jpeg)];
      expect(a.reason).not.toBe('low-confidence');
      expect(b).toEqual(a);
    }
  }, 60_000);

  it('does not give a red 5 that a warm glare turns orange, though its corners plainly read 5: the colour must carry the rest', async () => {
    const photo = await linePhoto('glare-cast', 34, 9056, pool, 1280, 960);
    expect(formatCard(photo.card!)).toBe('R5');
    const first = await alone.classify(photo.jpeg);
    expect(first).toMatchObject({ card: null, reason: 'low-confidence' });
    expect(first.alternatives[0]?.card).toBe('O5');
    const second = await withReader.classify(photo.jpeg);
    expect(second).toMatchObject({ card: null, reason: 'low-confidence' });
  }, 60_000);
});
