import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { crossFilter, crossFilterBytes, grow, opened } from '../../../vision/locate/morphology.ts';

const masks = fc.tuple(fc.integer({ min: 3, max: 40 }), fc.integer({ min: 3, max: 30 }), fc.integer({ min: 0, max: 100 }), fc.integer())
  .map(([w, h, density, seed]) => {
    const m = new Uint8Array(w * h);
    let r = seed >>> 0;
    for (let i = 0; i < m.length; i++) { r = (Math.imul(r, 1664525) + 1013904223) >>> 0; m[i] = r % 100 < density ? 1 : 0; }
    return { m, w, h };
  });

describe('cross filter', () => {
  it('erodes and dilates exactly as a pixel-at-a-time loop does, for any width', () => {
    fc.assert(fc.property(masks, ({ m, w, h }) => {
      for (const op of ['and', 'or'] as const) expect(crossFilter(m, w, h, op)).toEqual(crossFilterBytes(m, w, h, op));
    }), { numRuns: 400 });
  });

  it('keeps a pixel under erosion only when its four neighbours are set, and clears the border', () => {
    const w = 8, h = 5, m = new Uint8Array(w * h).fill(1);
    m[2 * w + 5] = 0;
    const er = crossFilter(m, w, h, 'and');
    expect(er[2 * w + 5]).toBe(0);
    expect(er[2 * w + 4]).toBe(0);
    expect(er[2 * w + 6]).toBe(0);
    expect(er[1 * w + 5]).toBe(0);
    expect(er[2 * w + 2]).toBe(1);
    expect(er[0]).toBe(0);
    expect(er[2 * w + 7]).toBe(0);
  });

  it('grows a single pixel into a cross under dilation', () => {
    const w = 12, h = 7, m = new Uint8Array(w * h);
    m[3 * w + 4] = 1;
    const op = crossFilter(m, w, h, 'or');
    const set = [...op.keys()].filter((i) => op[i] === 1).sort((a, b) => a - b);
    expect(set).toEqual([2 * w + 4, 3 * w + 3, 3 * w + 4, 3 * w + 5, 4 * w + 4]);
  });
});

describe('opening', () => {
  it('takes off a dot joined to a card by a narrow neck and keeps the card', () => {
    const w = 40, h = 32, m = new Uint8Array(w * h);
    for (let y = 4; y < 28; y++) for (let x = 4; x < 22; x++) m[y * w + x] = 1;
    // A 4 × 4 dot beside the card, joined by a neck one pixel wide.
    for (let y = 14; y < 18; y++) for (let x = 26; x < 30; x++) m[y * w + x] = 1;
    for (let x = 22; x < 26; x++) m[15 * w + x] = 1;
    const out = opened(m, w, h, 2);
    let card = 0, dot = 0;
    for (let y = 0; y < h; y++) for (let x = 0; x < w; x++) if (out[y * w + x]) { if (x < 22) card++; else if (x >= 26) dot++; }
    expect(dot).toBe(0);
    // Only the card's corners are rounded off.
    expect(card).toBeGreaterThan(0.95 * 18 * 24);
  });

  it('leaves a mask as it is with radius 0', () => {
    const m = Uint8Array.from([0, 1, 1, 0, 1, 0, 0, 1, 1]);
    expect(opened(m, 3, 3, 0)).toEqual(m);
  });
});

describe('grow', () => {
  it('turns one pixel into a diamond of the radius asked, and leaves the mask given alone', () => {
    const w = 11, h = 11, m = new Uint8Array(w * h);
    m[5 * w + 5] = 1;
    const g = grow(m, w, h, 2);
    for (let y = 0; y < h; y++) for (let x = 0; x < w; x++) expect(g[y * w + x]).toBe(Math.abs(x - 5) + Math.abs(y - 5) <= 2 ? 1 : 0);
    expect(m.reduce((a, b) => a + b, 0)).toBe(1);
    expect(grow(m, w, h, 0)).toEqual(m);
  });
});
