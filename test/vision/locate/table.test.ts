import { describe, expect, it } from 'vitest';
import { convexDistance, distanceToConvex } from '../../../vision/locate/table.ts';

describe('the distance from a convex polygon', () => {
  const square = Float64Array.of(0, 0, 2, 0, 2, 2, 0, 2);

  it('is 0 inside the polygon, whichever way round its corners run', () => {
    expect(distanceToConvex(square, 1, 1)).toBe(0);
    expect(distanceToConvex(Float64Array.of(0, 2, 2, 2, 2, 0, 0, 0), 1, 1)).toBe(0);
  });

  it('is the distance to the nearest side or corner outside it', () => {
    expect(distanceToConvex(square, 3, 1)).toBeCloseTo(1, 12);
    expect(distanceToConvex(square, 5, 6)).toBeCloseTo(5, 12);
  });

  it('has no inside for a polygon of no area: a point on it is still at its distance', () => {
    const line = Float64Array.of(0, 0, 4, 0, 2, 0);
    expect(distanceToConvex(line, 2, 0)).toBe(0);
    expect(distanceToConvex(line, 2, 1)).toBeCloseTo(1, 12);
  });

  it('gives what convexDistance gives for the same corners', () => {
    const poly: Array<[number, number]> = [[0.27, 0.46], [-0.08, -0.18], [0.1, 0.05]];
    const flat = Float64Array.from(poly.flat());
    for (const [x, y] of [[0, 0], [0.3, -0.2], [-1, 1], [0.12, 0.1]] as const) {
      expect(Object.is(distanceToConvex(flat, x, y), convexDistance(poly)(x, y))).toBe(true);
    }
  });
});
