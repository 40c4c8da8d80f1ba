import { describe, expect, it } from 'vitest';
import type { Point } from '../../../vision/homography.ts';
import { convexHull, largestQuad, quadArea } from '../../../vision/locate/geometry.ts';

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
