// A hand holding the card down reaches in from beyond the frame, so where a blob meets the
// frame's edge its colour there is the hand's. The hand is the part of the blob joined to that
// edge through pixels of that colour; cut out, it leaves the card with a bite where the finger
// lies over it. A card cut by the frame shows its own colour at the edge, so there the "hand"
// would be the card itself, and it is told apart by the blob's other colour being no different.
import { selectInPlace } from '../order.ts';

/** The shrunk frame the locator works on: brightness and two brightness-normalised chroma channels. */
export interface Planes {
  l: Float32Array;
  c1: Float32Array;
  c2: Float32Array;
  w: number;
  h: number;
}

/** How far a hand pixel's chroma may lie from the hand's colour at the frame's edge (a finger's shading keeps its chroma). */
const HAND_CHROMA = 0.14;
/** How far its log brightness may lie from it (a lit cylinder: 0.72–1 of its tone; a nail is paler). */
const HAND_BRIGHTNESS = 0.45;
/** The least chroma step between the hand's colour and the rest of the blob's for the two to be told apart. */
const APART_CHROMA = 0.2;
/** Or the least log-brightness step (a dark hand over a pale card). */
const APART_BRIGHTNESS = 0.5;
/** The hues (degrees round the chroma plane, red−green across, yellow−blue up) a hand's colour may have. */
const SKIN_HUE = [30, 70] as const;
/** Blob pixels on the frame's edge needed to sample a hand (mask pixels). */
const MIN_EDGE_PIXELS = 4;
/** A hand is at least this share of its blob, and leaves at least the rest. */
const MIN_SHARE = 0.02;
const MAX_SHARE = 0.6;

/** The median of a plane's values at some pixels. */
function median(pixels: readonly number[], value: (i: number) => number): number {
  const s = new Float64Array(pixels.length);
  for (let k = 0; k < pixels.length; k++) s[k] = value(pixels[k]!);
  return s.length === 0 ? NaN : selectInPlace(s, s.length >> 1);
}

/** The median colour (c1, c2, log brightness) of some pixels. */
function colourOf(p: Planes, pixels: readonly number[]): [number, number, number] {
  return [median(pixels, (i) => p.c1[i]!), median(pixels, (i) => p.c2[i]!), median(pixels, (i) => Math.log(p.l[i]! + 10))];
}

/**
 * The pixels (a mask over the frame) of a hand that reaches into a blob from the frame's edge,
 * or null when the blob does not meet the edge or what meets it is the colour of the rest.
 */
export function handPixels(pixels: ArrayLike<number>, p: Planes): Uint8Array | null {
  const { w, h } = p;
  const edge: number[] = [];
  for (let k = 0; k < pixels.length; k++) {
    const i = pixels[k]!, x = i % w, y = (i / w) | 0;
    if (x < 2 || y < 2 || x >= w - 2 || y >= h - 2) edge.push(i);
  }
  if (edge.length < MIN_EDGE_PIXELS) return null;
  const [a, b, lum] = colourOf(p, edge);
  // Skin of any tone, under any lamp the table meets, lies orange's way round the chroma plane.
  const hue = (Math.atan2(b, a) * 180) / Math.PI;
  if (hue < SKIN_HUE[0] || hue > SKIN_HUE[1]) return null;
  const inBlob = new Uint8Array(w * h);
  const logL = new Float64Array(w * h);
  for (let k = 0; k < pixels.length; k++) {
    const i = pixels[k]!;
    inBlob[i] = 1;
    logL[i] = Math.log(p.l[i]! + 10);
  }
  const like = (i: number): boolean => Math.abs(logL[i]! - lum) < HAND_BRIGHTNESS && Math.hypot(p.c1[i]! - a, p.c2[i]! - b) < HAND_CHROMA;
  const hand = new Uint8Array(w * h);
  const stack: number[] = [];
  for (const i of edge) if (like(i)) { hand[i] = 1; stack.push(i); }
  let area = stack.length;
  while (stack.length > 0) {
    const i = stack.pop()!, x = i % w;
    for (const j of [x > 0 ? i - 1 : -1, x < w - 1 ? i + 1 : -1, i - w, i + w]) {
      if (j < 0 || j >= w * h || !inBlob[j] || hand[j] || !like(j)) continue;
      hand[j] = 1;
      area++;
      stack.push(j);
    }
  }
  if (area < MIN_SHARE * pixels.length || area > MAX_SHARE * pixels.length) return null;
  const rest: number[] = [];
  for (let k = 0; k < pixels.length; k++) if (!hand[pixels[k]!]) rest.push(pixels[k]!);
  const [ra, rb, rl] = colourOf(p, rest);
  if (Math.hypot(ra - a, rb - b) < APART_CHROMA && Math.abs(rl - lum) < APART_BRIGHTNESS) return null;
  return hand;
}
