import { describe, expect, it } from 'vitest';
import type { Point } from '../../../vision/homography.ts';
import { convexHull, largestQuad, quadArea, smallestRectangle } from '../../../vision/locate/geometry.ts';

/** Points along a polygon's sides, a few per side, as a blob's outline gives them. */
function outline(corners: Point[], perSide = 12): Point[] {
  return corners.flatMap((a, k) => {
    const b = corners[(k + 1) % corners.length]!;
    return Array.from({ length: perSide }, (_, t) => [a[0] + ((b[0] - a[0]) * t) / perSide, a[1] + ((b[1] - a[1]) * t) / perSide] as Point);
  });
}

describe('the largest quad on a convex outline', () => {
  it('finds the four corners of a square turned 45°, whatever its axes of inertia say', () => {
    const diamond: Point[] = [[50, 10], [90, 50], [50, 90], [10, 50]];
    const quad = largestQuad(convexHull(outline(diamond)))!;
    expect(quadArea(quad)).toBeCloseTo(quadArea(diamond), 6);
    expect(quad.map((p) => p.join(',')).sort()).toEqual(diamond.map((p) => p.join(',')).sort());
  });

  it('finds a foreshortened card inside an outline with its corners rounded off', () => {
    const card: Point[] = [[20, 20], [80, 26], [74, 90], [14, 80]];
    const rounded = outline(card, 60).filter(([x, y]) => card.every(([cx, cy]) => Math.hypot(x - cx, y - cy) > 2));
    const quad = largestQuad(convexHull(rounded))!;
    expect(quadArea(quad)).toBeGreaterThan(0.9 * quadArea(card));
  });

  it('has none for fewer than four vertices, and samples a long hull instead of trying every vertex', () => {
    expect(largestQuad([[0, 0], [1, 0], [0, 1]])).toBeNull();
    const circle = Array.from({ length: 400 }, (_, k) => [Math.cos((2 * Math.PI * k) / 400), Math.sin((2 * Math.PI * k) / 400)] as Point);
    // The largest quad in a unit circle is the square of area 2; sampling 48 of 400 vertices keeps it.
    expect(quadArea(largestQuad(circle)!)).toBeCloseTo(2, 2);
  });
});

describe('the smallest rectangle round a convex outline', () => {
  it('is the card itself for a card turned 30°, corners and all', () => {
    const c = Math.cos(Math.PI / 6), s = Math.sin(Math.PI / 6);
    const card = ([[0, 0], [63, 0], [63, 88], [0, 88]] as Point[]).map(([x, y]) => [100 + x * c - y * s, 50 + x * s + y * c] as Point);
    const rect = smallestRectangle(convexHull(outline(card)));
    expect(rect).toHaveLength(4);
    expect(quadArea(rect)).toBeCloseTo(63 * 88, 6);
    for (const [x, y] of card) expect(Math.min(...rect.map(([u, v]) => Math.hypot(u - x, v - y)))).toBeLessThan(1e-6);
  });

  it('takes in two overlapping cards whole, no larger than their upright bounding box', () => {
    const upper: Point[] = [[0, 0], [63, 0], [63, 88], [0, 88]], lower: Point[] = [[20, 30], [83, 30], [83, 118], [20, 118]];
    const rect = smallestRectangle(convexHull([...upper, ...lower]));
    expect(quadArea(rect)).toBeLessThanOrEqual(83 * 118 + 1e-6);
    expect(quadArea(rect)).toBeGreaterThan(63 * 88);
    // Inside: its offset from the first corner projects within both sides' lengths.
    const [o, p1, , p3] = rect as [Point, Point, Point, Point];
    const inside = ([x, y]: Point): boolean => [p1, p3].every(([ex, ey]) => {
      const len2 = (ex - o[0]) ** 2 + (ey - o[1]) ** 2, t = ((x - o[0]) * (ex - o[0]) + (y - o[1]) * (ey - o[1])) / len2;
      return t > -1e-9 && t < 1 + 1e-9;
    });
    expect([...upper, ...lower].every(inside)).toBe(true);
  });

  it('has no corners for a polygon with no side', () => {
    expect(smallestRectangle([])).toEqual([]);
    expect(smallestRectangle([[5, 5]])).toEqual([]);
  });
});
