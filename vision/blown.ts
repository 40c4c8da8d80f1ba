// Advice for a refused frame that a lamp's reflection blew out: the most common reason a card at a
// real table is not read surely (the glare conditions lose the most photos), and the one a player
// can fix at once by tilting the card or moving the lamp.
import { CLIPPED, CROP_H, CROP_W, warpCrop } from './features.ts';
import type { Point } from './homography.ts';
import type { RawImage } from './image.ts';

/**
 * Half the side of the square a pixel must fill to count: a numeral's stroke is narrower than 5
 * pixels of the crop, a glare core is not. A square, not the locator's cross (morphology.ts): opened
 * by the cross, the white borders of two plain cards in the tests' photos counted as glare.
 */
const REACH = 2;
/** Share of the located card's crop that blown-out squares must cover to be advised on (5 of its 2,240 pixels). */
export const CARD_SHARE = 0.002;
/** Share of a frame with no card found that blown-out squares must cover. */
export const FRAME_SHARE = 0.001;

export const CARD_ADVICE = "a lamp's reflection blows part of the card out to white: tilt the card or move the lamp, then scan again";
export const FRAME_ADVICE = "part of the frame is blown out to white, as a lamp's reflection leaves it: move the lamp or tilt the card, then scan again";

/**
 * The share of a `width` × `height` image whose pixel lies in a (2·REACH+1)² square that is
 * blown out throughout (every channel clipped, as the white reference counts it), given each
 * pixel's weakest channel: a glare core, not a white stroke.
 */
export function blownShare(weakest: ArrayLike<number>, width: number, height: number): number {
  if (!Number.isInteger(width) || !Number.isInteger(height) || width < 1 || height < 1 || weakest.length !== width * height) {
    throw new RangeError(`blownShare: ${weakest.length} values do not make a ${width} × ${height} image`);
  }
  const side = 2 * REACH + 1;
  // Runs of blown pixels along each row, then squares as runs down each column.
  const across = new Uint8Array(width * height);
  for (let y = 0; y < height; y++) {
    let run = 0;
    for (let x = 0; x < width; x++) {
      run = weakest[y * width + x]! >= CLIPPED ? run + 1 : 0;
      if (run >= side) across[y * width + x - REACH] = 1;
    }
  }
  const core = new Uint8Array(width * height);
  for (let x = 0; x < width; x++) {
    let run = 0;
    for (let y = 0; y < height; y++) {
      run = across[y * width + x] ? run + 1 : 0;
      if (run >= side) core[(y - REACH) * width + x] = 1;
    }
  }
  // Each square's centre marks it; the pixels it covers are the centres grown back, along rows then columns.
  const grown = new Uint8Array(width * height);
  for (let y = 0; y < height; y++) for (let x = 0; x < width; x++) {
    if (!core[y * width + x]) continue;
    for (let dx = -REACH; dx <= REACH; dx++) grown[y * width + x + dx] = 1;
  }
  let covered = 0;
  for (let x = 0; x < width; x++) {
    let last = -Infinity;
    for (let y = 0; y < height + REACH; y++) {
      if (y < height && grown[y * width + x]) last = y;
      const at = y - REACH;
      // Row `at` is covered when a grown pixel lies within REACH above or below it.
      if (at >= 0 && last >= at - REACH) covered++;
    }
  }
  return covered / (width * height);
}

function weakestOf(data: ArrayLike<number>, channels: number, pixels: number): Float32Array {
  const out = new Float32Array(pixels);
  for (let i = 0; i < pixels; i++) out[i] = Math.min(data[i * channels]!, data[i * channels + 1]!, data[i * channels + 2]!);
  return out;
}

/** Advice when the located card's face is partly blown out, else null. */
export function cardAdvice(image: RawImage, quad: readonly Point[]): string | null {
  const crop = warpCrop(image, quad);
  return blownShare(weakestOf(crop, 3, CROP_W * CROP_H), CROP_W, CROP_H) >= CARD_SHARE ? CARD_ADVICE : null;
}

/** Advice when a frame with no card found is partly blown out, else null. */
export function frameAdvice(image: RawImage): string | null {
  const pixels = image.width * image.height;
  return blownShare(weakestOf(image.data, image.channels, pixels), image.width, image.height) >= FRAME_SHARE ? FRAME_ADVICE : null;
}
