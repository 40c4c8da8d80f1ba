import { describe, expect, it } from 'vitest';
import type { Point } from '../../vision/homography.ts';
import { JOIN_POWER, joinViews, LOCATED, VIEWS, viewQuad } from '../../vision/views.ts';

// A card turned 30° on the table: 50 wide, 70 high, centred on (200, 150).
const turn = (x: number, y: number): Point => {
  const a = Math.PI / 6;
  return [200 + x * Math.cos(a) - y * Math.sin(a), 150 + x * Math.sin(a) + y * Math.cos(a)];
};
const quad: Point[] = [turn(-25, -35), turn(25, -35), turn(25, 35), turn(-25, 35)];

/** Rows of heads for one photo: per view, the same colour and value rows upright and turned. */
function headsOf(views: Array<{ colour: number[]; value: number[] }>, isCard = 1) {
  const rows = views.flatMap((v) => [v, v]);
  return { colour: rows.flatMap((r) => r.colour), value: rows.flatMap((r) => r.value), isCard: rows.map(() => isCard) };
}
const sure = (k: number, p: number): number[] => Array.from({ length: 7 }, (_, j) => (j === k ? p : (1 - p) / 6));
/** A distribution like `sure` raised to JOIN_POWER and renormalised: what the join makes of it. */
const sharpened = (p: number): number => p ** JOIN_POWER / (p ** JOIN_POWER + 6 * ((1 - p) / 6) ** JOIN_POWER);

describe('views of a located card', () => {
  it('start with the located quad itself', () => {
    expect(VIEWS[0]).toBe(LOCATED);
    expect(viewQuad(quad, LOCATED).flat()).toEqual(quad.flat().map((v) => expect.closeTo(v, 9)));
  });

  it('scale about the card centre', () => {
    const small = viewQuad(quad, { scale: 0.96, dx: 0, dy: 0 });
    small.forEach((p, i) => {
      expect(p[0] - 200).toBeCloseTo((quad[i]![0] - 200) * 0.96, 9);
      expect(p[1] - 150).toBeCloseTo((quad[i]![1] - 150) * 0.96, 9);
    });
  });

  it('move along the card’s own edges, however it lies on the table', () => {
    const moved = viewQuad(quad, { scale: 1, dx: 0.02, dy: 0 });
    // 2 % of the 50-pixel width, along the turned card's top edge.
    moved.forEach((p, i) => {
      expect(p[0] - quad[i]![0]).toBeCloseTo(Math.cos(Math.PI / 6), 9);
      expect(p[1] - quad[i]![1]).toBeCloseTo(Math.sin(Math.PI / 6), 9);
    });
  });

  it('are all within a few per cent of the located quad', () => {
    for (const v of VIEWS) expect(Math.abs(v.scale - 1) + Math.abs(v.dx) + Math.abs(v.dy)).toBeLessThanOrEqual(0.04 + 1e-9);
  });
});

describe('joining the views of one photo', () => {
  it('with one view gives the mean of its two ways up, sharpened by the join power', () => {
    const heads = { colour: [...sure(2, 0.9), ...sure(2, 0.7)], value: [...sure(5, 0.6), ...sure(5, 0.8)], isCard: [1, 0.6] };
    const joined = joinViews(heads, 0, 1);
    expect(joined.colour[2]).toBeCloseTo(sharpened(0.8), 5);
    expect(joined.value[5]).toBeCloseTo(sharpened(0.7), 5);
    expect(joined.isCard).toBeCloseTo(0.8, 9);
  });

  it('keeps the answer of views that agree, and grows surer of it', () => {
    const joined = joinViews(headsOf([{ colour: sure(1, 0.99), value: sure(3, 0.98) }, { colour: sure(1, 0.99), value: sure(3, 0.98) }]), 0, 2);
    expect(joined.colour[1]).toBeCloseTo(sharpened(0.99), 5);
    expect(joined.value[3]).toBeCloseTo(sharpened(0.98), 5);
    expect(joined.value[3]).toBeGreaterThan(0.98);
  });

  it('keeps a head torn between two answers in doubt, where a doubt spread over many grows surer', () => {
    const torn = [0.7, 0.3, 0, 0, 0, 0, 0], spread = [0.7, 0.05, 0.05, 0.05, 0.05, 0.05, 0.05];
    const joined = joinViews(headsOf([{ colour: torn, value: spread }]), 0, 1);
    expect(joined.colour[0]).toBeLessThan(0.85);
    expect(joined.value[0]).toBeGreaterThan(0.95);
  });

  it('lowers the confidence of a value only some views believe', () => {
    const agree = joinViews(headsOf([{ colour: sure(1, 0.99), value: sure(3, 0.999) }, { colour: sure(1, 0.99), value: sure(3, 0.999) }]), 0, 2);
    const joined = joinViews(headsOf([{ colour: sure(1, 0.99), value: sure(3, 0.999) }, { colour: sure(1, 0.99), value: sure(4, 0.9) }]), 0, 2);
    expect(joined.value[3]).toBeLessThan(0.995);
    expect(joined.value[3]).toBeLessThan(agree.value[3]!);
    expect(joined.value[3]).toBeGreaterThan(joined.value[4]!);
    expect(joined.value.reduce((a, b) => a + b, 0)).toBeCloseTo(1, 9);
  });

  it('survives a view that gives some class a probability of exactly zero', () => {
    const zero = [1, 0, 0, 0, 0, 0, 0];
    const joined = joinViews(headsOf([{ colour: zero, value: zero }, { colour: sure(0, 0.9), value: sure(1, 0.9) }]), 0, 2);
    for (const p of [...joined.colour, ...joined.value]) expect(Number.isFinite(p)).toBe(true);
    expect(joined.colour[0]).toBeGreaterThan(0.9);
  });

  it('reads one photo’s rows from where they start in a batch', () => {
    const first = headsOf([{ colour: sure(0, 0.9), value: sure(0, 0.9) }]);
    const second = headsOf([{ colour: sure(6, 0.95), value: sure(2, 0.95) }]);
    const batch = { colour: [...first.colour, ...second.colour], value: [...first.value, ...second.value], isCard: [...first.isCard, ...second.isCard] };
    expect(joinViews(batch, 2, 1).colour[6]).toBeCloseTo(sharpened(0.95), 5);
  });

  it('refuses a view count that is not a whole number of at least one', () => {
    const heads = headsOf([{ colour: sure(0, 0.9), value: sure(0, 0.9) }]);
    expect(() => joinViews(heads, 0, 0)).toThrow(/views must be/);
    expect(() => joinViews(heads, 0, 1.5)).toThrow(/views must be/);
  });
});
