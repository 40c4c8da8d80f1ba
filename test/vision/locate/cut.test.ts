import { describe, expect, it } from 'vitest';
import type { Point } from '../../../vision/homography.ts';
import { cutCard, cutThreeSided } from '../../../vision/locate/cut.ts';

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

/** A 5:7 card (mask pixels) turned by `degrees` about its centre. */
function turnedCard(cx: number, cy: number, short: number, degrees: number): Point[] {
  const a = (degrees * Math.PI) / 180, long = (short * 88) / 63;
  return ([[-1, -1], [1, -1], [1, 1], [-1, 1]] as const).map(([sx, sy]) => {
    const x = (sx * short) / 2, y = (sy * long) / 2;
    return [cx + x * Math.cos(a) - y * Math.sin(a), cy + x * Math.sin(a) + y * Math.cos(a)] as Point;
  });
}

const rough = (q: readonly Point[]): Point[] => q.map(([x, y]) => [2 * x, 2 * Math.min(H, Math.max(0, y))]);

describe('a card whose far side lies wholly beyond the frame', () => {
  it('gets the far side at a card\'s 5:7 from the end it shows, parallel to it', () => {
    const card = turnedCard(90, 121, 50, 15);
    expect(Math.min(card[2]![1], card[3]![1])).toBeGreaterThan(H);
    const quad = cutThreeSided(pixelsInside(card), W, H, 2, rough(card));
    expect(quad).not.toBeNull();
    quad!.forEach(([x, y], k) => expect(Math.hypot(x - 2 * card[k]![0], y - 2 * card[k]![1])).toBeLessThan(6));
  });

  it('gives the same for an upright card whose top is cut, which four sides cannot', () => {
    const card = turnedCard(95, 40, 70, 0);
    const quad = cutThreeSided(pixelsInside(card), W, H, 2, rough(card));
    expect(quad).not.toBeNull();
    quad!.forEach(([x, y], k) => expect(Math.hypot(x - 2 * card[k]![0], y - 2 * card[k]![1])).toBeLessThan(6));
  });

  it('gives none when too little is in view for a card either way round (under three quarters of it)', () => {
    const card = turnedCard(90, 159, 50, 0);
    expect(cutThreeSided(pixelsInside(card), W, H, 2, rough(card))).toBeNull();
  });

  it('gives none for a blob with four sides in view, which is cutCard\'s to judge', () => {
    expect(cutThreeSided(pixelsInside(CARD), W, H, 2, rough(CARD))).toBeNull();
  });
});
