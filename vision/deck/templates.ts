// A taught deck's faces as templates. One photo per card is the printing itself: a card under a
// glare disc, a cast or a thumb still shows most of its face, and where it does not, the pixels
// that differ are few. So the located crop is compared pixel by pixel with each candidate card's
// taught crop, in a form where smooth light drops out (log intensity less its local mean) and a
// pixel that differs counts only up to a cap (a glare disc or a thumb costs its area, no more).
import { CROP_H, CROP_W } from '../features.ts';

/** Half the side of the box whose mean is taken from each pixel's log intensity (crop pixels). */
const BLUR_RADIUS = 6;
/** How far (crop pixels, each way) a face is slid over a template to line them up. */
const SHIFT = 3;
/** The most one pixel can count, summed over its three channels. */
const CAP = 0.3;
/** Template pixels this near the crop's edge are left out: the locator's edge is a pixel or two out. */
const MARGIN = 3;
/** A pixel whose weakest channel is at least this is blown out and says nothing of the face. */
const BLOWN = 248;
/** Pixel stride of one face: three channels. */
const STRIDE = 3;

/**
 * A crop made ready for comparison: per pixel three high-passed log channels, NaN where the pixel
 * is blown out (a NaN difference fails `d < CAP` and so costs the cap, with no test of its own).
 */
export type Face = Float32Array;

/** The face of a CROP_H × CROP_W RGB crop (0–255, as warpCrop makes it). */
export function faceOf(crop: Float32Array): Face {
  const n = CROP_H * CROP_W;
  if (crop.length !== n * 3) throw new RangeError(`a crop is ${n * 3} numbers, not ${crop.length}`);
  const face = new Float32Array(n * STRIDE);
  const lg = new Float64Array(n);
  // A summed-area table per channel gives each pixel's box mean in four lookups.
  const sat = new Float64Array((CROP_H + 1) * (CROP_W + 1));
  for (let k = 0; k < 3; k++) {
    for (let i = 0; i < n; i++) lg[i] = Math.log(crop[3 * i + k]! + 8);
    for (let y = 0; y < CROP_H; y++) {
      let row = 0;
      for (let x = 0; x < CROP_W; x++) {
        row += lg[y * CROP_W + x]!;
        sat[(y + 1) * (CROP_W + 1) + x + 1] = sat[y * (CROP_W + 1) + x + 1]! + row;
      }
    }
    for (let y = 0; y < CROP_H; y++) {
      const y0 = Math.max(0, y - BLUR_RADIUS), y1 = Math.min(CROP_H, y + BLUR_RADIUS + 1);
      for (let x = 0; x < CROP_W; x++) {
        const x0 = Math.max(0, x - BLUR_RADIUS), x1 = Math.min(CROP_W, x + BLUR_RADIUS + 1);
        const sum = sat[y1 * (CROP_W + 1) + x1]! - sat[y0 * (CROP_W + 1) + x1]! - sat[y1 * (CROP_W + 1) + x0]! + sat[y0 * (CROP_W + 1) + x0]!;
        face[STRIDE * (y * CROP_W + x) + k] = lg[y * CROP_W + x]! - sum / ((y1 - y0) * (x1 - x0));
      }
    }
  }
  for (let i = 0; i < n; i++) if (Math.min(crop[3 * i]!, crop[3 * i + 1]!, crop[3 * i + 2]!) >= BLOWN) face.fill(NaN, STRIDE * i, STRIDE * i + 3);
  return face;
}

/** The face turned through 180° (the locator cannot tell a card's top from its bottom). */
export function turnFace(face: Face): Face {
  const n = face.length / STRIDE, out = new Float32Array(face.length);
  for (let i = 0; i < n; i++) for (let k = 0; k < STRIDE; k++) out[STRIDE * (n - 1 - i) + k] = face[STRIDE * i + k]!;
  return out;
}

const COUNTED = (CROP_H - 2 * MARGIN) * (CROP_W - 2 * MARGIN);

/**
 * The mean capped difference of `face` slid by (sx, sy) over `template`; a blown-out or missing
 * pixel costs the cap. Past `worst` the exact figure no longer matters, and the sum stops there.
 */
function differenceAt(face: Face, template: Face, sx: number, sy: number, worst = Infinity): number {
  const stop = worst * COUNTED;
  // Template columns whose slid pixel stays on the face; the others cost the cap.
  const x0 = Math.max(MARGIN, -sx), x1 = Math.min(CROP_W - MARGIN, CROP_W - sx);
  const offFace = (CROP_W - 2 * MARGIN - Math.max(0, x1 - x0)) * CAP;
  let sum = 0;
  for (let y = MARGIN; y < CROP_H - MARGIN; y++) {
    if (sum > stop) return Infinity;
    const fy = y + sy;
    if (fy < 0 || fy >= CROP_H) {
      sum += (CROP_W - 2 * MARGIN) * CAP;
      continue;
    }
    sum += offFace;
    let j = STRIDE * (fy * CROP_W + x0 + sx), i = STRIDE * (y * CROP_W + x0);
    for (let x = x0; x < x1; x++, i += STRIDE, j += STRIDE) {
      const d = Math.abs(face[j]! - template[i]!) + Math.abs(face[j + 1]! - template[i + 1]!) + Math.abs(face[j + 2]! - template[i + 2]!);
      sum += d < CAP ? d : CAP;
    }
  }
  return sum / COUNTED;
}

/**
 * How far a face is from a template at their best alignment (0 the same face; the cap, 0.3,
 * nothing in common): slid on a coarse grid of every second pixel, then a pixel round the best
 * place, both ways up. Beyond `worst` the figure does not matter and Infinity comes back sooner.
 */
export function faceDistance(face: Face, turned: Face, template: Face, worst = Infinity): number {
  let best = worst;
  for (const f of [face, turned]) {
    let here = Infinity, bx = 0, by = 0;
    for (let sy = -SHIFT + 1; sy <= SHIFT - 1; sy += 2) {
      for (let sx = -SHIFT + 1; sx <= SHIFT - 1; sx += 2) {
        const d = differenceAt(f, template, sx, sy, here);
        if (d < here) [here, bx, by] = [d, sx, sy];
      }
    }
    for (let sy = by - 1; sy <= by + 1; sy++) {
      for (let sx = bx - 1; sx <= bx + 1; sx++) {
        if ((sx === bx && sy === by) || Math.abs(sx) > SHIFT || Math.abs(sy) > SHIFT) continue;
        here = Math.min(here, differenceAt(f, template, sx, sy, Math.min(here, best)));
      }
    }
    best = Math.min(best, here);
  }
  return best < worst ? best : Infinity;
}
