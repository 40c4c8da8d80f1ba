// A card's corners as the camera took them. The working image is shrunk to 384 pixels, where a
// corner index is a few pixels tall; under a lamp's glare that index is often the only numeral left
// to read. So the corners are warped from the frame at its own resolution, each shown the way an
// index there would stand upright (the bottom corners turned through 180°, as the card prints them).
import { decodeImage } from './frame.ts';
import { homographyFromPoints, project, type Homography, type Point } from './homography.ts';
import { sampleBilinear, type RawImage } from './image.ts';

/** A patch's side in pixels. */
export const PATCH = 48;
/** A patch's side as a share of the card's width (and PATCH_SPAN × 5/7 of its height): the index and a margin for the locator's corner error. */
export const PATCH_SPAN = 72 / 250;
/** Numbers in one patch: RGB, channels last, each (v / 255 − 0.5). */
export const PATCH_LENGTH = PATCH * PATCH * 3;
/** The frame's long side is capped here: past it the index gains nothing and the decode costs more. */
const FULL_CAP = 1920;
/** Samples per patch pixel along each axis, averaged (an area filter when the card is large). */
const SUPER = 3;

/** Decodes a frame at its own size (up to FULL_CAP on the long side), RGB; NotAnImageError as decodeFrame. */
export function decodeFull(bytes: Uint8Array): Promise<RawImage> {
  return decodeImage(bytes, FULL_CAP, false);
}

/** The square of the card (u, v: the patch's top-left as shares of width and height) warped to a patch, turned through 180° when `turn`. */
function warpPatch(img: RawImage, hm: Homography, u0: number, v0: number, turn: boolean, out: Float32Array, at: number): void {
  const su = PATCH_SPAN, sv = (PATCH_SPAN * 5) / 7, n = SUPER * SUPER * 255, px = new Float32Array(4);
  for (let y = 0; y < PATCH; y++) {
    for (let x = 0; x < PATCH; x++) {
      let r = 0, g = 0, b = 0;
      for (let sy = 0; sy < SUPER; sy++) {
        for (let sx = 0; sx < SUPER; sx++) {
          let fx = (x + (sx + 0.5) / SUPER) / PATCH, fy = (y + (sy + 0.5) / SUPER) / PATCH;
          if (turn) fx = 1 - fx, fy = 1 - fy;
          const [u, v] = project(hm, u0 + fx * su, v0 + fy * sv);
          // Pixel centres lie at half-integers.
          sampleBilinear(img, u - 0.5, v - 0.5, px);
          r += px[0]!, g += px[1]!, b += px[2]!;
        }
      }
      const i = at + (y * PATCH + x) * 3;
      out[i] = r / n - 0.5, out[i + 1] = g / n - 0.5, out[i + 2] = b / n - 0.5;
    }
  }
}

/**
 * The card's four corner patches (quad TL, TR, BR, BL in `img`'s pixels), laid end to end:
 * top-left and top-right as they are, bottom-right and bottom-left turned. Whichever way up the
 * card lies, an index in any corner stands upright in its patch.
 */
export function cornerPatches(img: RawImage, quad: readonly Point[]): Float32Array {
  if (quad.length !== 4) throw new RangeError(`a quad has 4 corners, not ${quad.length}`);
  const out = new Float32Array(4 * PATCH_LENGTH);
  const right = 1 - PATCH_SPAN, foot = 1 - (PATCH_SPAN * 5) / 7;
  const hm = homographyFromPoints([[0, 0], [1, 0], [1, 1], [0, 1]], quad);
  warpPatch(img, hm, 0, 0, false, out, 0);
  warpPatch(img, hm, right, 0, false, out, PATCH_LENGTH);
  warpPatch(img, hm, right, foot, true, out, 2 * PATCH_LENGTH);
  warpPatch(img, hm, 0, foot, true, out, 3 * PATCH_LENGTH);
  return out;
}
