// Erosion and dilation of a 0/1 byte mask by the 5-pixel cross (a pixel and its 4 neighbours),
// the locator's speck removal. The frame's border pixels come out 0. Masks are read four
// pixels at a time as 32-bit words, neighbours left and right by shifting a byte in from the
// next word: the byte-at-a-time loop was two thirds of the mask cleaning's time, and the bytes
// are the same (the test compares the two on random masks).

/** True where a Uint32Array's first byte is its lowest (every machine the companion runs on). */
const LITTLE_ENDIAN = new Uint8Array(new Uint32Array([1]).buffer)[0] === 1;

/** Erosion (`and`) or dilation (`or`) by the cross, a pixel at a time: the reference. */
export function crossFilterBytes(m: Uint8Array, w: number, h: number, op: 'and' | 'or'): Uint8Array {
  const out = new Uint8Array(w * h);
  for (let y = 1; y < h - 1; y++) for (let x = 1; x < w - 1; x++) {
    const i = y * w + x;
    out[i] = op === 'and' ? m[i]! & m[i - 1]! & m[i + 1]! & m[i - w]! & m[i + w]! : m[i]! | m[i - 1]! | m[i + 1]! | m[i - w]! | m[i + w]!;
  }
  return out;
}

/** Erosion (`and`) or dilation (`or`) by the cross; four pixels at a time where the rows allow it. */
export function crossFilter(m: Uint8Array, w: number, h: number, op: 'and' | 'or'): Uint8Array {
  if (!LITTLE_ENDIAN || w % 4 !== 0 || m.byteOffset % 4 !== 0 || m.length !== w * h) return crossFilterBytes(m, w, h, op);
  const out = new Uint8Array(w * h);
  const s = new Uint32Array(m.buffer, m.byteOffset, (w * h) >> 2), o = new Uint32Array(out.buffer);
  const ww = w >> 2, and = op === 'and';
  for (let y = 1; y < h - 1; y++) {
    const row = y * ww;
    for (let k = 0; k < ww; k++) {
      const j = row + k, c = s[j]!;
      // Pixel x's left neighbour is the byte below it in the word, or the previous word's top byte.
      const left = (c << 8) | (k > 0 ? s[j - 1]! >>> 24 : 0);
      const right = (c >>> 8) | (k < ww - 1 ? s[j + 1]! << 24 : 0);
      o[j] = and ? c & left & right & s[j - ww]! & s[j + ww]! : c | left | right | s[j - ww]! | s[j + ww]!;
    }
    out[y * w] = 0;
    out[y * w + w - 1] = 0;
  }
  return out;
}

/** Opening by the cross `radius` times: erosion, then dilation, each `radius` times (what is narrower than 2·radius + 1 goes). */
export function opened(m: Uint8Array, w: number, h: number, radius: number): Uint8Array {
  let out = m;
  for (let k = 0; k < radius; k++) out = crossFilter(out, w, h, 'and');
  for (let k = 0; k < radius; k++) out = crossFilter(out, w, h, 'or');
  return out;
}

/** A mask dilated by the cross `times` times. */
export function grow(m: Uint8Array, w: number, h: number, times: number): Uint8Array {
  let g = m;
  for (let k = 0; k < times; k++) g = crossFilter(g, w, h, 'or');
  return g;
}
