import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { kthSmallest, selectInPlace } from '../../vision/order.ts';

describe('the k-th smallest value', () => {
  it('is the value a sorted copy holds at k, for every k, with repeated values too, in either precision, and leaves the input as it was', () => {
    // Few distinct values, so that runs of equal ones are common.
    const values = fc.array(fc.integer({ min: -20, max: 20 }).map((v) => v / 8), { minLength: 1, maxLength: 300 });
    fc.assert(fc.property(values, (xs) => {
      for (const Kind of [Float32Array, Float64Array]) {
        const a = Kind.from(xs), before = a.slice(), sorted = a.slice().sort();
        for (let k = 0; k < a.length; k++) expect(kthSmallest(a, k)).toBe(sorted[k]);
        expect(a).toEqual(before);
        for (let k = 0; k < a.length; k++) expect(selectInPlace(a.slice(), k)).toBe(sorted[k]);
      }
    }));
  });

  it('refuses a position outside the values', () => {
    const a = Float32Array.of(3, 1, 2);
    for (const k of [-1, 3, 1.5, Number.NaN]) expect(() => kthSmallest(a, k)).toThrow(/no element/);
    expect(() => kthSmallest(new Float32Array(0), 0)).toThrow(/no element/);
  });
});
