import { describe, expect, it } from 'vitest';
import type { Point } from '../../../vision/homography.ts';
import { cutCard } from '../../../vision/locate/cut.ts';

const W = 192, H = 144;

/** The mask pixels (indices) of a convex quad's inside that lie in the W × H frame. */
function pixelsInside(q: readonly Point[]): Int32Array {
  const out: number[] = [];
  for (let y = 0; y < H; y++) {
    for (let x = 0; x < W; x++) {
      const px = x + 0.5, py = y + 0.5;
      let sign = 0, inside = true;
      for (let k = 0; k < 4; k++) {
        const a = q[k]!, b = q[(k + 1) % 4]!;
        const s = Math.sign((b[0] - a[0]) * (py - a[1]) - (b[1] - a[1]) * (px - a[0]));
        if (s !== 0 && sign !== 0 && s !== sign) inside = false;
        if (s !== 0) sign = s;
      }
      if (inside) out.push(y * W + x);
    }
  }
  return Int32Array.from(out);
}

/** A tilted card (mask pixels) whose top corner lies above the frame. */
const CARD: Point[] = [[80, -12], [135, 14], [105, 80], [50, 54]];

describe('a card cut by the frame', () => {
  it('gets its corner beyond the edge from its visible sides met outside the frame', () => {
    const rough: Point[] = CARD.map(([x, y]) => [2 * x, 2 * Math.max(0, y)]);
    const quad = cutCard(pixelsInside(CARD), W, H, 2, rough);
    expect(quad).not.toBeNull();
    quad!.forEach(([x, y], k) => {
      expect(Math.abs(x - 2 * CARD[k]![0])).toBeLessThan(3);
      expect(Math.abs(y - 2 * CARD[k]![1])).toBeLessThan(3);
    });
  });

  it('gives none when a whole side lies beyond the edge, since three sides do not fix the fourth', () => {
    const card: Point[] = [[60, -10], [130, -10], [130, 90], [60, 90]];
    expect(cutCard(pixelsInside(card), W, H, 2, card.map(([x, y]) => [2 * x, 2 * Math.max(0, y)]))).toBeNull();
  });

  it('gives none for a blob that is no quad, such as a card with a round patch of glare joined to it', () => {
    const pixels: number[] = [...pixelsInside(CARD)];
    for (let y = 0; y < H; y++) for (let x = 0; x < W; x++) if (Math.hypot(x - 140, y - 60) < 25) pixels.push(y * W + x);
    const unique = Int32Array.from(new Set(pixels));
    expect(cutCard(unique, W, H, 2, CARD.map(([x, y]) => [2 * x, 2 * Math.max(0, y)]))).toBeNull();
  });
});
