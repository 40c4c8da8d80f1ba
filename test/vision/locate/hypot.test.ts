import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { hypot } from '../../../vision/locate/hypot.ts';

describe('hypot', () => {
  it('equals Math.hypot to the bit for any two finite numbers', () => {
    const finite = fc.double({ noNaN: true, noDefaultInfinity: true });
    fc.assert(fc.property(finite, finite, (a, b) => {
      expect(Object.is(hypot(a, b), Math.hypot(a, b))).toBe(true);
    }), { numRuns: 20000 });
  });

  it('equals Math.hypot to the bit for chroma-sized differences of 32-bit floats', () => {
    const chroma = fc.float({ min: -3, max: 3, noNaN: true }).map(Math.fround);
    fc.assert(fc.property(chroma, chroma, chroma, chroma, (a, b, a0, b0) => {
      expect(Object.is(hypot(a - a0, b - b0), Math.hypot(a - a0, b - b0))).toBe(true);
    }), { numRuns: 20000 });
  });

  it('is 0 for two zeros of either sign, as Math.hypot is', () => {
    expect(Object.is(hypot(-0, -0), 0)).toBe(true);
    expect(Object.is(hypot(0, -0), Math.hypot(0, -0))).toBe(true);
  });
});
