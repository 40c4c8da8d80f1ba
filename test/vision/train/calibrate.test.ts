import { describe, expect, it } from 'vitest';
import { ALL_CARDS } from '../../../device/rules/cards.ts';
import { chooseSecondThreshold, chooseThreshold, describeMistake, measure, mistakes, type Prediction } from '../../../vision/train/calibrate.ts';
import type { PhotoSource } from '../../../vision/train/data.ts';

const [truth, other] = [ALL_CARDS[0]!, ALL_CARDS[1]!];

/** `n` photos of one card; `wrong` lists the confidences (and faces) of the ones read as another. */
function photos(n: number, wrong: Array<{ p: number; isCard?: number }>): { preds: Prediction[]; labels: Int32Array } {
  const preds: Prediction[] = [];
  for (let i = 0; i < n; i++) {
    const w = wrong[i];
    preds.push(w ? { card: other, confidence: w.p, isCard: w.isCard ?? 0.99 } : { card: truth, confidence: 0.99, isCard: 0.99 });
  }
  return { preds, labels: new Int32Array(n).fill(truth) };
}

describe('the confidence threshold', () => {
  it('lets through fewer confident errors than 0.1 % of the photos: two of 2,843', () => {
    // The threshold sits just above the third most confident mistake.
    const { preds, labels } = photos(2843, [{ p: 0.97 }, { p: 0.9 }, { p: 0.8 }, { p: 0.6 }]);
    const t = chooseThreshold(preds, labels);
    expect(t).toBeGreaterThan(0.8);
    expect(t).toBeLessThan(0.8001);
    expect(measure(preds, labels, t).confidentErrors).toBe(2);
  });

  it('lets through one of 2,000, since two would be 0.1 % itself and not under it', () => {
    const { preds, labels } = photos(2000, [{ p: 0.97 }, { p: 0.9 }, { p: 0.8 }]);
    const t = chooseThreshold(preds, labels);
    expect(t).toBeGreaterThan(0.9);
    expect(t).toBeLessThan(0.9001);
    expect(measure(preds, labels, t).confidentErrors).toBe(1);
  });

  it('lets none through on fewer than 1,000 photos', () => {
    const { preds, labels } = photos(999, [{ p: 0.97 }, { p: 0.9 }]);
    expect(chooseThreshold(preds, labels)).toBeGreaterThan(0.97);
  });

  it('refuses an error budget that is not a rate between 0 and 1', () => {
    const { preds, labels } = photos(100, []);
    for (const rate of [0, -0.001, 1, 2, Number.NaN]) expect(() => chooseThreshold(preds, labels, rate)).toThrow(/between 0 and 1/);
  });

  it('does not count a mistake on a photo the model holds not to be a card face, which the classifier answers "no-card"', () => {
    const { preds, labels } = photos(1000, [{ p: 0.95, isCard: 0.2 }, { p: 0.7 }]);
    expect(chooseThreshold(preds, labels)).toBeCloseTo(0.7, 4);
    expect(measure(preds, labels, 0.71)).toEqual({ photos: 1000, correct: 998, confidentErrors: 0, rejected: 2, notCards: 0, notCardsGiven: 0 });
  });

  it('counts an overlapping pair or a non-card (label −1) given a card as a confident error', () => {
    const { preds, labels } = photos(1000, [{ p: 0.98 }, { p: 0.9 }]);
    labels[0] = -1;
    expect(chooseThreshold(preds, labels)).toBeGreaterThan(0.98);
    expect(measure(preds, labels, 0.95)).toEqual({ photos: 999, correct: 998, confidentErrors: 0, rejected: 1, notCards: 1, notCardsGiven: 1 });
  });

  it('does not count a non-card the model holds not to be a face, and never goes below 0.5', () => {
    const { preds, labels } = photos(1000, [{ p: 0.999, isCard: 0.1 }, { p: 0.3 }]);
    labels[0] = -1;
    expect(chooseThreshold(preds, labels)).toBe(0.5);
    expect(measure(preds, labels, 0.5)).toMatchObject({ notCards: 1, notCardsGiven: 0, rejected: 1 });
  });

  it('refuses predictions and labels of different lengths', () => {
    const { preds, labels } = photos(10, []);
    expect(() => chooseThreshold(preds.slice(1), labels)).toThrow(/9 predictions for 10 labels/);
  });

  it('lists the mistakes most confident first, saying which were photos without a single card', () => {
    const { preds, labels } = photos(10, [{ p: 0.9 }, { p: 0.99 }, { p: 0.999, isCard: 0.1 }]);
    labels[1] = -1;
    expect(mistakes(preds, labels)).toEqual([{ confidence: 0.99, kind: 'none' }, { confidence: 0.9, kind: 'card' }]);
  });

  it('names each mistake by its condition and its index in the stream when the set says where its photos came from', () => {
    const { preds, labels } = photos(4, [{ p: 0.9 }, { p: 0.99 }, { p: 0.95 }]);
    labels[1] = -1;
    labels[2] = -1;
    const sources: PhotoSource[] = [
      { index: 17, condition: 'glare-cast' },
      { index: 40, condition: 'overlap' },
      { index: 41, condition: 'plain' },
      { index: 52, condition: 'tilt' },
    ];
    const found = mistakes(preds, labels, sources);
    expect(found.map((m) => m.source?.index)).toEqual([40, 41, 17]);
    // A photo without a card label is two cards under overlap and a non-card under any other condition.
    expect(found.map(describeMistake)).toEqual(['0.99000 none (overlap #40)', '0.95000 none (not a card, plain #41)', '0.90000 card (glare-cast #17)']);
    expect(describeMistake({ confidence: 0.999991, kind: 'none', source: { index: 3, condition: 'plain' } })).toBe('0.99999 none (not a card, plain #3)');
    expect(describeMistake({ confidence: 0.5, kind: 'card' })).toBe('0.50000 card');
  });

  it('refuses photo sources that do not match the predictions one for one', () => {
    const { preds, labels } = photos(3, [{ p: 0.9 }]);
    expect(() => mistakes(preds, labels, [{ index: 0, condition: 'plain' }])).toThrow(/1 photo sources for 3 predictions/);
  });
});

describe('the second look’s threshold', () => {
  it('leaves the budget the model’s own errors did not use to the second look, and sits just above the rest', () => {
    // 3,000 photos allow 2 confident errors (strictly under 0.1 %): the model made 1, so one more may pass.
    expect(chooseSecondThreshold([0.95, 0.999, 0.97], 3000, 1)).toBeCloseTo(0.970001, 6);
    // The model used the whole budget: the second look must give no wrong card at all.
    expect(chooseSecondThreshold([0.95, 0.999, 0.97], 3000, 2)).toBeCloseTo(0.999001, 6);
  });

  it('never goes below its floor, and gives nothing when a wrong card weighs in at 1', () => {
    expect(chooseSecondThreshold([], 3000, 0)).toBe(0.9);
    expect(chooseSecondThreshold([0.5], 3000, 2, 0.95)).toBeCloseTo(0.95, 9);
    expect(chooseSecondThreshold([1], 3000, 2)).toBeGreaterThan(1);
    expect(() => chooseSecondThreshold([], 0, 0)).toThrow(/whole number/);
  });
});
