import { describe, expect, it } from 'vitest';
import { cornerPatches, PATCH, PATCH_LENGTH } from '../../vision/corners.ts';
import type { Point } from '../../vision/homography.ts';
import { blankImage, type RawImage } from '../../vision/image.ts';

/** A 250 × 350 card, axis-aligned at (40, 30) in a 400 × 450 frame, grey, with a white block in its top-left corner. */
function cardWithMark(): { img: RawImage; quad: Point[] } {
  const img = blankImage(400, 450);
  img.data.fill(60);
  for (let y = 30; y < 380; y++) for (let x = 40; x < 290; x++) {
    const u = x - 40, v = y - 30;
    const mark = u >= 12 && u < 36 && v >= 10 && v < 50;
    img.data.fill(mark ? 255 : 120, (y * 400 + x) * 3, (y * 400 + x) * 3 + 3);
  }
  return { img, quad: [[40, 30], [290, 30], [290, 380], [40, 380]] };
}

/** The mean of patch k, 0–255. */
function mean(patches: Float32Array, k: number): number {
  let s = 0;
  for (let j = 0; j < PATCH_LENGTH; j++) s += patches[k * PATCH_LENGTH + j]!;
  return (s / PATCH_LENGTH + 0.5) * 255;
}

/** Patch k's pixel (x, y), 0–255 (red channel). */
function pixel(patches: Float32Array, k: number, x: number, y: number): number {
  return (patches[k * PATCH_LENGTH + (y * PATCH + x) * 3]! + 0.5) * 255;
}

describe('a card’s corner patches', () => {
  it('show the top-left corner as it is, so a mark there sits at the patch’s top left', () => {
    const { img, quad } = cardWithMark();
    const p = cornerPatches(img, quad);
    expect(p.length).toBe(4 * PATCH_LENGTH);
    expect(pixel(p, 0, 15, 15)).toBeCloseTo(255, 0);
    expect(pixel(p, 0, 45, 45)).toBeCloseTo(120, 0);
    // The other three corners hold only the card's grey.
    for (const k of [1, 2, 3]) expect(mean(p, k)).toBeCloseTo(120, 0);
  });

  it('turn the bottom corners, so a card lying the other way up shows its index upright in the same patch order', () => {
    const { img, quad } = cardWithMark();
    const turned = [quad[2]!, quad[3]!, quad[0]!, quad[1]!];
    const p = cornerPatches(img, turned);
    // The mark is now in the quad's bottom-right corner, and its patch is turned back upright.
    expect(pixel(p, 2, 15, 15)).toBeCloseTo(255, 0);
    expect(mean(p, 0)).toBeCloseTo(120, 0);
  });

  it('refuses a quad that is not four corners', () => {
    const { img, quad } = cardWithMark();
    expect(() => cornerPatches(img, quad.slice(0, 3))).toThrow(/4 corners, not 3/);
  });
});
