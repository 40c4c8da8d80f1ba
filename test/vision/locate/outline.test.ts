import { describe, expect, it } from 'vitest';
import type { Point } from '../../../vision/homography.ts';
import { blobs } from '../../../vision/locate/blobs.ts';
import { edgePixelsOf, rectangleCorners } from '../../../vision/locate/outline.ts';
import { MASK_FACTOR } from '../../../vision/locate/table.ts';

const W = 192, H = 144;

/** The biggest blob of a mask: a 50 × 70 card (mask pixels 60–110 across, 30–100 down) with a disc of `radius` cut from its bottom-right corner. */
function cardWithDiscCut(radius: number) {
  const m = new Uint8Array(W * H);
  for (let y = 30; y < 100; y++) for (let x = 60; x < 110; x++) if (Math.hypot(x + 0.5 - 110, y + 0.5 - 100) > radius) m[y * W + x] = 1;
  return blobs(m, W, H, 10).sort((a, b) => b.area - a.area)[0]!;
}

/** Twice the signed area: positive when the corners run TL, TR, BR, BL on screen (clockwise, y down). */
function shoelace(q: readonly Point[]): number {
  return q.reduce((n, p, i) => n + p[0] * q[(i + 1) % 4]![1] - q[(i + 1) % 4]![0] * p[1], 0);
}

describe('the smallest rectangle round a blob', () => {
  // A glare disc cut from a card's corner turns the blob's axes towards the rectangle's diagonal.
  for (const radius of [20, 40, 50]) {
    it(`keeps four distinct corners, in order round it, with a disc of radius ${radius} cut from the card's corner`, () => {
      const b = cardWithDiscCut(radius);
      const q = rectangleCorners(b, edgePixelsOf(b, W, H));
      for (let i = 0; i < 4; i++) for (let j = i + 1; j < 4; j++) expect(Math.hypot(q[i]![0] - q[j]![0], q[i]![1] - q[j]![1])).toBeGreaterThan(40 * MASK_FACTOR);
      expect(shoelace(q)).toBeGreaterThan(0);
      // The card's whole sides still fix the top and left of the rectangle.
      expect(Math.min(...q.map((p) => p[0]))).toBeCloseTo(60 * MASK_FACTOR, 0);
      expect(Math.min(...q.map((p) => p[1]))).toBeCloseTo(30 * MASK_FACTOR, 0);
    });
  }
});
