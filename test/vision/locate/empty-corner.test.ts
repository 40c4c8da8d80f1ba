import { describe, expect, it } from 'vitest';
import type { Point } from '../../../vision/homography.ts';
import { emptiestCorner } from '../../../vision/locate/locator.ts';

const W = 60, H = 60;
const square: Point[] = [[10, 10], [50, 10], [50, 50], [10, 50]];

describe('the emptiest corner of a quad', () => {
  it('is 0 when everything just inside the corners is card', () => {
    expect(emptiestCorner(square, () => false, W, H)).toBe(0);
  });

  it('is the share of table just inside the one corner that lies out on the table', () => {
    // Table in the top-left 12 × 12: the corner patch runs at most 8 pixels in along the diagonal.
    const table = (i: number): boolean => i % W < 22 && Math.floor(i / W) < 22;
    expect(emptiestCorner(square, table, W, H)).toBe(1);
  });

  it('finds no table at a corner whose patch lies wholly beyond the frame', () => {
    const off: Point[] = [[-20, -20], [50, 10], [50, 50], [10, 50]];
    const frameCorner = (i: number): boolean => i % W < 5 && Math.floor(i / W) < 5;
    expect(emptiestCorner(off, frameCorner, W, H)).toBe(0);
  });
});
