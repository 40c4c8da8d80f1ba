// A card whose colour is one of the cloth's (a red card on a red-flowered cloth) is cloth by
// colour alone, and the card is lost. The pattern's pieces are small (a dot, a petal, a stripe),
// the card is one solid piece: what lies away from the cloth's ground and survives an erosion
// wider than the pattern's pieces is something lying on the cloth.
import type { Point } from '../homography.ts';
import { insideTest } from './geometry.ts';
import { crossFilter } from './morphology.ts';
import { borderLoop, inkAt, type Ink } from './palette.ts';

/** The frame shrunk as the locator keeps it: two chroma channels and brightness per mask pixel. */
export interface InkPlanes { c1: Float32Array; c2: Float32Array; l: Float32Array; w: number; h: number }

/** The share of the pattern's runs along the frame's edge at most as long as the widest piece's (see patternWidth). */
const WIDEST = 0.75;
/** A solid piece's distance from the cloth: beyond every threshold. */
const SOLID_DISTANCE = 1e3;
/** Solid pieces covering more of the frame than this are the cloth itself (a fine gingham blurred to one colour). */
const SOLID_MAX = 0.45;
/**
 * A card found among solid pieces needs a sharp edge all round (the locator's edge step), and a quad
 * not solid all over: a card's numeral and marks are pale where its field is the cloth's colour.
 */
export const SOLID_EDGE = 8;
export const SOLID_FULL = 0.97;
/** ... unless its edge steps at least this much: a card's cut edge, sharper than a pattern's printed one. */
export const SOLID_SHARP = 40;

/**
 * Mask pixels of solid pieces lying on a patterned cloth: away from the cloth's ground (the
 * palette colour most of the border `ring` is nearest), in a piece wider than the pattern's pieces
 * are where they meet the frame's edge.
 */
export function solidInk(f: InkPlanes, palette: readonly Ink[], ring: readonly number[]): Uint8Array {
  const { w, h } = f;
  const ink = (i: number): Ink => inkAt(f, i);
  const counts = palette.map(() => 0);
  for (const i of ring) counts[nearest(palette, ink(i))]!++;
  const ground = palette[counts.indexOf(Math.max(...counts))]!;
  let gap = Infinity;
  for (const p of palette) if (p !== ground) gap = Math.min(gap, dist2(p, ground));
  const away = new Uint8Array(w * h);
  for (let i = 0; i < w * h; i++) away[i] = 4 * dist2(ink(i), ground) > gap ? 1 : 0;
  const radius = Math.ceil(patternWidth(away, w, h) / 2) + 1;
  let core: Uint8Array = away;
  for (let k = 0; k < radius; k++) core = crossFilter(core, w, h, 'and');
  for (let k = 0; k <= radius; k++) {
    core = crossFilter(core, w, h, 'or');
    for (let i = 0; i < core.length; i++) core[i]! &= away[i]!;
  }
  return core;
}

/** The table distance `dc` with the solid pieces beyond every threshold; null when they cover so much of the frame that they are the cloth. */
export function withSolid(dc: Float32Array, solid: Uint8Array): Float32Array | null {
  const out = Float32Array.from(dc);
  let n = 0;
  for (let i = 0; i < out.length; i++) if (solid[i]) { out[i] = SOLID_DISTANCE; n++; }
  return n > SOLID_MAX * out.length ? null : out;
}

/** The share of a quad's pixels (mask pixels) that `withSolid` marked solid. */
export function solidShare(dc: Float32Array, quad: readonly Point[], w: number, h: number): number {
  const inside = insideTest(quad, -1);
  let n = 0, solid = 0;
  for (let i = 0; i < w * h; i++) if (inside((i % w) + 0.5, ((i / w) | 0) + 0.5)) { n++; if (dc[i]! >= SOLID_DISTANCE) solid++; }
  return n === 0 ? 0 : solid / n;
}

/** How wide the pattern's pieces are (mask pixels): a high quantile of their runs along the frame's edge. */
function patternWidth(away: Uint8Array, w: number, h: number): number {
  const runs: number[] = [];
  let run = 0;
  for (const i of borderLoop(w, h)) {
    if (away[i]) run++;
    else if (run > 0) { runs.push(run); run = 0; }
  }
  if (run > 0) runs.push(run);
  if (runs.length === 0) return 0;
  runs.sort((a, b) => a - b);
  return runs[Math.min(runs.length - 1, Math.floor(WIDEST * runs.length))]!;
}

function nearest(palette: readonly Ink[], p: Ink): number {
  let best = 0;
  for (let k = 1; k < palette.length; k++) if (dist2(p, palette[k]!) < dist2(p, palette[best]!)) best = k;
  return best;
}

function dist2(a: Ink, b: Ink): number {
  return (a[0] - b[0]) ** 2 + (a[1] - b[1]) ** 2 + (a[2] - b[2]) ** 2;
}
