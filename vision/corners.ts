// A card's corners as the camera took them. The working image is shrunk to 384 pixels, where a
// corner index is a few pixels tall; under a lamp's glare that index is often the only numeral left
// to read. So the corners are warped from the frame at its own resolution, each shown the way an
// index there would stand upright (the bottom corners turned through 180°, as the card prints them).
import sharp from 'sharp';
import { homographyFromPoints, type Point } from './homography.ts';
import type { RawImage } from './image.ts';

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

/** Decodes a frame at its own size (up to FULL_CAP on the long side), RGB. The caller has decoded it once already, so errors pass through. */
export async function decodeFull(bytes: Uint8Array): Promise<RawImage> {
  const { data, info } = await sharp(bytes, { failOn: 'error' })
    .resize(FULL_CAP, FULL_CAP, { fit: 'inside', withoutEnlargement: true })
    .removeAlpha()
    .toColourspace('srgb')
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { data: new Uint8Array(data.buffer, data.byteOffset, data.length), width: info.width, height: info.height, channels: 3 };
}

/** The square of the card (u, v: the patch's top-left as shares of width and height) warped to a patch, turned through 180° when `turn`. */
function warpPatch(img: RawImage, quad: readonly Point[], u0: number, v0: number, turn: boolean, out: Float32Array, at: number): void {
  const hm = homographyFromPoints([[0, 0], [1, 0], [1, 1], [0, 1]], quad);
  const su = PATCH_SPAN, sv = (PATCH_SPAN * 5) / 7;
  const { width: w, height: h, channels: c, data: d } = img;
  const xMax = w - 1.001, yMax = h - 1.001, n = SUPER * SUPER * 255;
  for (let y = 0; y < PATCH; y++) {
    for (let x = 0; x < PATCH; x++) {
      let r = 0, g = 0, b = 0;
      for (let sy = 0; sy < SUPER; sy++) {
        for (let sx = 0; sx < SUPER; sx++) {
          let fx = (x + (sx + 0.5) / SUPER) / PATCH, fy = (y + (sy + 0.5) / SUPER) / PATCH;
          if (turn) fx = 1 - fx, fy = 1 - fy;
          const u = u0 + fx * su, v = v0 + fy * sv;
          const q = hm[6]! * u + hm[7]! * v + hm[8]!;
          const px = Math.min(xMax, Math.max(0, (hm[0]! * u + hm[1]! * v + hm[2]!) / q - 0.5));
          const py = Math.min(yMax, Math.max(0, (hm[3]! * u + hm[4]! * v + hm[5]!) / q - 0.5));
          const ix = px | 0, iy = py | 0, ax = px - ix, ay = py - iy, bx = 1 - ax, by = 1 - ay;
          const o = (iy * w + ix) * c, o2 = o + w * c;
          r += (d[o]! * bx + d[o + c]! * ax) * by + (d[o2]! * bx + d[o2 + c]! * ax) * ay;
          g += (d[o + 1]! * bx + d[o + c + 1]! * ax) * by + (d[o2 + 1]! * bx + d[o2 + c + 1]! * ax) * ay;
          b += (d[o + 2]! * bx + d[o + c + 2]! * ax) * by + (d[o2 + 2]! * bx + d[o2 + c + 2]! * ax) * ay;
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
  warpPatch(img, quad, 0, 0, false, out, 0);
  warpPatch(img, quad, right, 0, false, out, PATCH_LENGTH);
  warpPatch(img, quad, right, foot, true, out, 2 * PATCH_LENGTH);
  warpPatch(img, quad, 0, foot, true, out, 3 * PATCH_LENGTH);
  return out;
}
