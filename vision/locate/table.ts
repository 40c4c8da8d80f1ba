// The table the card lies on: the frame shrunk to the locator's mask, each pixel's colour distance
// from the table sampled round the frame's border (one colour, or a patterned cloth's palette), the
// lamps' colours that glare mixes in, and the card-coloured pixels at a level of strictness.
import type { RawImage } from '../image.ts';
import { selectInPlace } from '../order.ts';
import type { Point } from '../homography.ts';
import { hypot } from './hypot.ts';
import { borderLoop, CLOTH_CONTRAST, inkAt, inkContrast, mixtureDistance, type Ink } from './palette.ts';
import { clothPalette } from './sparse-cloth.ts';
import { solidInk } from './solid-ink.ts';

/** The working mask is the frame shrunk by this factor (box filter; shrink() is written for 2). */
export const MASK_FACTOR = 2;

/**
 * The frame shrunk: brightness, the two chroma channels, and the sum of the block's bytes that
 * the brightness is made from (brightness is that sum / 12, so it takes at most 3,061 values).
 */
export function shrink(img: RawImage): { l: Float32Array; sums: Uint16Array; c1: Float32Array; c2: Float32Array; w: number; h: number } {
  const w = Math.floor(img.width / MASK_FACTOR), h = Math.floor(img.height / MASK_FACTOR);
  const l = new Float32Array(w * h), c1 = new Float32Array(w * h), c2 = new Float32Array(w * h);
  const sums = new Uint16Array(w * h);
  const ch = img.channels, d = img.data, n = MASK_FACTOR * MASK_FACTOR;
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      // The 2 × 2 block written out (sums of bytes, exact in any order).
      const o = (y * MASK_FACTOR * img.width + x * MASK_FACTOR) * ch, o2 = o + img.width * ch;
      const R = d[o]! + d[o + ch]! + d[o2]! + d[o2 + ch]!, G = d[o + 1]! + d[o + ch + 1]! + d[o2 + 1]! + d[o2 + ch + 1]!;
      const B = d[o + 2]! + d[o + ch + 2]! + d[o2 + 2]! + d[o2 + ch + 2]!;
      const r = R / n, g = G / n, b = B / n;
      const L = (r + g + b) / 3, i = y * w + x;
      l[i] = L;
      sums[i] = R + G + B;
      // Chroma divided by brightness, so a shadow (which only darkens) leaves it nearly unchanged.
      c1[i] = (r - g) / (L + 10);
      c2[i] = (r + g - 2 * b) / (2 * (L + 10));
    }
  }
  return { l, sums, c1, c2, w, h };
}

/** The frame as the locator's mask sees it (see shrink). */
export type Shrunk = ReturnType<typeof shrink>;

// Selected in a typed copy, not sorted: these run over thousands of pixels in every frame.
export function medianOf(xs: ArrayLike<number>): number {
  return xs.length === 0 ? NaN : selectInPlace(Float64Array.from(xs), xs.length >> 1);
}

export function quantile(xs: ArrayLike<number>, q: number): number {
  return xs.length === 0 ? NaN : selectInPlace(Float64Array.from(xs), Math.min(xs.length - 1, Math.floor(q * xs.length)));
}

/** Each pixel's distance from the table colour sampled on the frame's border, and the table's own spread. */
export interface TableDistance {
  /** Chroma distance, already divided by its near-black allowance. */
  dc: Float32Array;
  /** Log brightness ratio to the table. */
  dl: Float32Array;
  /** A chroma's distance from the mixtures of the table's colour and a lamp's (see LAMP_WARM): the table under more light. */
  washed: (c1: number, c2: number) => number;
  /** The table's chroma (the border's median). */
  chroma: Point;
  w: number;
  h: number;
  tc: number;
  tBright: number;
  tDark: number;
  /** The levels' thresholds, strict to loose (fewer on a patterned cloth, see CLOTH_STRICTNESS). */
  levels: readonly number[];
  /** Whether the table is a patterned cloth (its border holds colours that contrast as ink on paper). */
  cloth: boolean;
  /** On a patterned cloth, the solid pieces lying on it (see solid-ink.ts). */
  solid?: () => Uint8Array;
}

export function tableDistance(f: Shrunk): TableDistance {
  const { l, sums, c1, c2, w, h } = f;
  const ring: number[] = [];
  for (let x = 0; x < w; x++) for (const y of [0, 1, h - 2, h - 1]) ring.push(y * w + x);
  for (let y = 2; y < h - 2; y++) for (const x of [0, 1, w - 2, w - 1]) ring.push(y * w + x);
  const L0 = medianOf(ring.map((i) => l[i]!)), a0 = medianOf(ring.map((i) => c1[i]!)), b0 = medianOf(ring.map((i) => c2[i]!));
  const cd = ring.map((i) => hypot(c1[i]! - a0, c2[i]! - b0));
  const ld = ring.map((i) => Math.log((l[i]! + 10) / (L0 + 10)));
  const dc = new Float32Array(w * h), dl = new Float32Array(w * h);
  const lt = L0 + 10;
  // A pixel's log brightness ratio depends on its byte sum alone (see shrink), so each is worked
  // out once per frame, from the stored brightness as before: a log for every pixel was a
  // quarter of the locator's time.
  const logRatio = new Float64Array(3 * 255 * MASK_FACTOR * MASK_FACTOR + 1).fill(NaN);
  for (let i = 0; i < w * h; i++) {
    const li = l[i]!, da = c1[i]! - a0, db = c2[i]! - b0;
    dc[i] = hypot(da, db) / nearBlack(li);
    let lr = logRatio[sums[i]!]!;
    if (lr !== lr) lr = logRatio[sums[i]!] = Math.log((li + 10) / lt);
    dl[i] = lr;
  }
  let tc = Math.max(0.13, 2 * quantile(cd, 0.9)), levels = STRICTNESS, solid: TableDistance['solid'];
  // How far a chroma lies from the triangle of the table's colour and the two lamps' (0 inside it).
  const washed = convexDistance([[a0, b0], LAMP_WARM, LAMP_COOL]);
  if (tc > PATTERNED_SPREAD) {
    const palette = borderPalette(f, ring);
    if (inkContrast(palette)) {
      tc = clothDistance(f, ring, dc, palette);
      levels = CLOTH_STRICTNESS;
      solid = () => solidInk(f, palette, ring);
    } else if (palette.length > 0) {
      // A plain table with a card or a hand cut by the frame in its border: the spread is the table's own.
      // Glare reaching the border stays the table's: it is the table under more light.
      const near = mixtureDistance(palette);
      const own = cd.filter((_, k) => near(...inkAt(f, ring[k]!)) < CLOTH_CONTRAST || washed(c1[ring[k]!]!, c2[ring[k]!]!) < GLARE_SATURATION);
      if (own.length > 0) tc = Math.max(0.13, 2 * quantile(own, 0.9));
    }
  }
  return {
    dc, dl, w, h, washed,
    chroma: [a0, b0],
    tc,
    levels,
    cloth: levels === CLOTH_STRICTNESS,
    ...(solid === undefined ? {} : { solid }),
    tBright: Math.max(0.3, 2 * quantile(ld, 0.9)),
    tDark: Math.min(-1.0, 2 * quantile(ld, 0.1)),
  };
}

/** Chroma is unreliable in near-black pixels: a distance is divided by this, so more of it is demanded there. */
function nearBlack(brightness: number): number {
  return brightness < 30 ? 1 + (30 - brightness) / 15 : 1;
}

/** A border whose colours spread wider than this (the single-colour threshold it gives) is a patterned cloth. */
const PATTERNED_SPREAD = 0.5;

/** The colours that come back round the frame's border as a cloth's do (see palette.ts). */
function borderPalette(f: Shrunk, ring: readonly number[]): Ink[] {
  return clothPalette(ring.map((i) => inkAt(f, i)), borderLoop(f.w, f.h).map((i) => inkAt(f, i)));
}

/**
 * A patterned cloth's distance: each pixel's from the cloth's colours and their two-colour
 * mixtures (see palette.ts), written over `dc`; gives the threshold that distance must pass.
 */
function clothDistance(f: Shrunk, ring: readonly number[], dc: Float32Array, palette: readonly Ink[]): number {
  const distance = mixtureDistance(palette);
  for (let i = 0; i < dc.length; i++) dc[i] = distance(...inkAt(f, i)) / nearBlack(f.l[i]!);
  return Math.max(0.13, 2 * quantile(ring.map((i) => dc[i]!), 0.9));
}

/**
 * The chroma (as shrink() measures it) of a 2700 K and a 9000 K lamp seen by a camera balanced
 * for daylight: a lamp's light, and so its glare, lies on the line between them (white near its
 * middle), so glare on a table mixes the table's colour with a point of that line.
 */
export const LAMP_WARM: Point = [0.27, 0.46];
export const LAMP_COOL: Point = [-0.08, -0.18];

/** A function giving a point's distance from a convex polygon (0 inside it); a polygon of no area (a table on the lamps' line) has no inside. */
export function convexDistance(poly: readonly Point[]): (x: number, y: number) => number {
  // The area is worked out once: `washed` asks about every saturated pixel beside a card.
  const corners = Float64Array.from(poly.flat()), area = doubledArea(corners);
  return (x, y) => distanceToConvex(corners, x, y, area);
}

/** A polygon's signed area, doubled, from its corners as x, y pairs end to end. */
function doubledArea(c: Float64Array): number {
  const n = c.length >> 1;
  let area = 0;
  for (let k = 0; k < n; k++) {
    const j = (k + 1) % n;
    area += c[2 * k]! * c[2 * j + 1]! - c[2 * j]! * c[2 * k + 1]!;
  }
  return area;
}

/**
 * A point's distance from a convex polygon given as x, y pairs end to end (0 inside it). Plain
 * numbers, no objects: glareMask asks it about a polygon of its own for every bright pixel.
 */
export function distanceToConvex(c: Float64Array, x: number, y: number, area = doubledArea(c)): number {
  const n = c.length >> 1;
  let inside = area !== 0, best = Infinity;
  for (let k = 0; k < n; k++) {
    const j = (k + 1) % n, px = c[2 * k]!, py = c[2 * k + 1]!, dx = c[2 * j]! - px, dy = c[2 * j + 1]! - py, len2 = dx * dx + dy * dy;
    const cross = dx * (y - py) - dy * (x - px);
    if (cross * area < 0) inside = false;
    const t = len2 === 0 ? 0 : Math.min(1, Math.max(0, ((x - px) * dx + (y - py) * dy) / len2));
    best = Math.min(best, hypot(x - px - t * dx, y - py - t * dy));
  }
  return inside ? 0 : best;
}

/** Marks card-coloured pixels: chroma unlike the table's, or much brighter, or very much darker. */
export function foreground(t: TableDistance, strictness: number): Uint8Array {
  const { dc, dl } = t;
  const tc = strictness * t.tc, tBright = strictness * t.tBright, tDark = t.tDark;
  const m = new Uint8Array(dc.length);
  for (let i = 0; i < dc.length; i++) m[i] = dc[i]! > tc || dl[i]! > tBright || dl[i]! < tDark ? 1 : 0;
  return m;
}

/** How far (brightness-normalised chroma) a brighter pixel may lie from the line between white and the table's colour to be glare. */
export const GLARE_SATURATION = 0.12;

/** Thresholds are tried strict first, then looser: a card whose colour is close to the table's (orange on wood in warm light) only separates at a looser one. */
const STRICTNESS = [1, 0.72, 0.5];
/** On a patterned cloth the loosest level takes in the cloth's own odd pixels, whose filled holes can make a card of cloth. */
const CLOTH_STRICTNESS = [1, 0.72, 0.6];
