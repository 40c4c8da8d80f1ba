// Glare: a lamp's reflection, the table's colour washed towards the lamp's, its clipped core, and
// how much of it lies along, beside or inside a card's quad.
import { opened } from './morphology.ts';
import { eachInBox, insideTest, quadArea } from './geometry.ts';
import { distanceToConvex, GLARE_SATURATION, LAMP_COOL, LAMP_WARM, MASK_FACTOR, type Shrunk, type TableDistance } from './table.ts';
import type { Point } from '../homography.ts';

/**
 * Glare: brighter than the table, its colour the table's washed towards a lamp's (a card's field is
 * another colour); opened, so that a card's thin white border or panel is not taken for it.
 */
export function glareMask(f: Shrunk, t: TableDistance): Uint8Array {
  let g: Uint8Array = new Uint8Array(t.dc.length);
  for (let i = 0; i < g.length; i++) g[i] = t.dl[i]! > 0.5 * t.tBright && t.washed(f.c1[i]!, f.c2[i]!) < GLARE_SATURATION && lampLit(f, t, i) ? 1 : 0;
  return opened(g, t.w, t.h, GLARE_OPEN);
}

/**
 * Whether a pixel brighter than the table is its colour mixed with a lamp's in a share the
 * table's own light allows: the table is lit at most e^tBright times its brightness (brighter is
 * card), so the rest of the pixel's light is the lamp's, which pulls its colour to the lamps' line.
 * A card of the table's colour, only brighter, keeps all of that colour and is no glare.
 */
function lampLit(f: Shrunk, t: TableDistance, i: number): boolean {
  const most = Math.min(1, Math.exp(t.tBright - t.dl[i]!)), [a, b] = t.chroma;
  const p = LAMP_POLYGON;
  p[4] = LAMP_COOL[0] + most * (a - LAMP_COOL[0]);
  p[5] = LAMP_COOL[1] + most * (b - LAMP_COOL[1]);
  p[6] = LAMP_WARM[0] + most * (a - LAMP_WARM[0]);
  p[7] = LAMP_WARM[1] + most * (b - LAMP_WARM[1]);
  return distanceToConvex(p, f.c1[i]!, f.c2[i]!) < GLARE_SATURATION;
}

/** lampLit's polygon: the two lamps, then each moved towards the table's colour (filled in per pixel). */
const LAMP_POLYGON = Float64Array.of(...LAMP_WARM, ...LAMP_COOL, 0, 0, 0, 0);

/** The glare pieces holding a pixel clipped to white or nearly: a lamp's reflection has such a core, a pale finger or a lit patch of table has none. */
export function clippedGlare(g: Uint8Array, l: Float32Array, w: number, h: number): Uint8Array {
  const out = new Uint8Array(g.length), stack: number[] = [];
  for (let i = 0; i < g.length; i++) if (g[i] && l[i]! >= CLIPPED) { out[i] = 1; stack.push(i); }
  while (stack.length > 0) {
    const i = stack.pop()!, x = i % w;
    for (const j of [x > 0 ? i - 1 : -1, x < w - 1 ? i + 1 : -1, i - w, i + w]) {
      if (j < 0 || j >= w * h || !g[j] || out[j]) continue;
      out[j] = 1;
      stack.push(j);
    }
  }
  return out;
}

/** The brightness (mean of the channels, bytes) of a pixel clipped to white, or nearly. */
export const CLIPPED = 245;

/** Glare pieces narrower than this (mask pixels, each way) are a card's white border or panel, not a lamp's. */
const GLARE_OPEN = 3;

/** Glare beside a card's quad (frame pixels), as a share of its area, that is a lamp's spill. */
const SPILL_SHARE = 0.02;

/** Glare pixels within `reach` of a quad (mask pixels) that `keep` accepts, looking only at the quad's box grown by `reach`. */
function glareNear(glare: Uint8Array, q: readonly Point[], w: number, h: number, reach: number, keep: (x: number, y: number) => boolean): number {
  let n = 0;
  eachInBox(q, w, h, reach, (i, x, y) => {
    if (glare[i] && keep(x, y)) n++;
  });
  return n;
}

/** Whether glare lies along a quad's outline (frame pixels), within a tenth of its size either side. */
export function glareAlong(quad: readonly Point[], glare: Uint8Array, w: number, h: number): boolean {
  const q = quad.map(([x, y]) => [x / MASK_FACTOR, y / MASK_FACTOR] as Point);
  const area = quadArea(q), reach = 0.1 * Math.sqrt(area);
  const outer = insideTest(q, reach), inner = insideTest(q, -reach);
  return glareNear(glare, q, w, h, reach, (x, y) => outer(x, y) && !inner(x, y)) > SPILL_SHARE * area;
}

/** Whether glare lies just outside a card's quad (frame pixels), within a tenth of its size. */
export function spilled(quad: readonly Point[], glare: Uint8Array, w: number): boolean {
  const q = quad.map(([x, y]) => [x / MASK_FACTOR, y / MASK_FACTOR] as Point);
  const area = quadArea(q), reach = 0.1 * Math.sqrt(area);
  let spill = 0;
  const nearCard = insideTest(q, 1), inReach = insideTest(q, reach);
  for (let i = 0; i < glare.length; i++) {
    if (!glare[i]) continue;
    const x = (i % w) + 0.5, y = ((i / w) | 0) + 0.5;
    if (!nearCard(x, y) && inReach(x, y)) spill++;
  }
  return spill > SPILL_SHARE * area;
}

/** Glare pixels inside a quad (frame pixels). */
export function glareInside(glare: Uint8Array, quad: readonly Point[], w: number, h: number): number {
  const q = quad.map(([x, y]) => [x / MASK_FACTOR, y / MASK_FACTOR] as Point);
  return glareNear(glare, q, w, h, 0, insideTest(q, 0));
}
