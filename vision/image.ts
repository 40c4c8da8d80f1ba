// Raw pixel images shared by the renderer, augmenter, locator and classifier. Everything in
// vision/ works on packed 8-bit RGB (or RGBA) so that sharp can read and write it directly.

/** A packed 8-bit image: `channels` bytes per pixel, rows top to bottom. */
export interface RawImage {
  data: Uint8Array;
  width: number;
  height: number;
  channels: 3 | 4;
}

/** An empty RGB or RGBA image. */
export function blankImage(width: number, height: number, channels: 3 | 4 = 3): RawImage {
  return { data: new Uint8Array(width * height * channels), width, height, channels };
}

/** Clamps a number to a byte. */
export function toByte(v: number): number {
  return v <= 0 ? 0 : v >= 255 ? 255 : (v + 0.5) | 0;
}

/** Bilinear sample of channel values at a real position; writes RGB into out (edge-clamped). */
export function sampleBilinear(img: RawImage, x: number, y: number, out: Float32Array): void {
  const w = img.width;
  const h = img.height;
  const c = img.channels;
  const xf = x < 0 ? 0 : x > w - 1 ? w - 1 : x;
  const yf = y < 0 ? 0 : y > h - 1 ? h - 1 : y;
  const x0 = xf | 0;
  const y0 = yf | 0;
  const x1 = x0 + 1 < w ? x0 + 1 : x0;
  const y1 = y0 + 1 < h ? y0 + 1 : y0;
  const fx = xf - x0;
  const fy = yf - y0;
  const d = img.data;
  const i00 = (y0 * w + x0) * c;
  const i10 = (y0 * w + x1) * c;
  const i01 = (y1 * w + x0) * c;
  const i11 = (y1 * w + x1) * c;
  for (let k = 0; k < c; k++) {
    const top = d[i00 + k]! + (d[i10 + k]! - d[i00 + k]!) * fx;
    const bottom = d[i01 + k]! + (d[i11 + k]! - d[i01 + k]!) * fx;
    out[k] = top + (bottom - top) * fy;
  }
}
