// Finds the card in a frame. The frame's outer ring is taken as the table; pixels whose
// chroma differs from it, or that are much brighter, are "card". Shadows only darken, so a
// darker pixel must be very much darker to count (a card's cast shadow must not join its blob).
// Holes (the white numeral, glare) are filled, blobs are measured by their moments, and a blob
// is a card when it is a filled rectangle of about 5:7. Rough corners come from the extreme
// points along the blob's diagonals, which tolerates perspective; the final ones are where lines
// fitted along the four sides cross. Of the strict-to-loose threshold levels, the biggest card
// wins among those whose card has a sharp edge on every side (see edgeSupport). A card joined
// to something (a finger, a lamp's spill on the table) is eroded free or fitted without the glare.
import type { RawImage } from '../image.ts';
import type { Point } from '../homography.ts';
import { hypot } from './hypot.ts';
import { borderLoop, CLOTH_CONTRAST, inkAt, inkContrast, mixtureDistance, type Ink } from './palette.ts';
import { clothPalette } from './sparse-cloth.ts';
import { SOLID_EDGE, SOLID_FULL, solidInk, solidShare, withSolid } from './solid-ink.ts';
import { crossFilter, opened } from './morphology.ts';
import { handPixels } from './hand.ts';
import { cutCard, cutThreeSided } from './cut.ts';
import { convergence, convexHull, fitLine, grownQuad, insideTest, intersect, mostSupportedLine, quadArea, quadShape, uncut } from './geometry.ts';

/** The locator's answer: one card with its corners (TL, TR, BR, BL), none, or several. */
export type Located =
  | { kind: 'card'; quad: Point[] }
  | { kind: 'none' }
  | { kind: 'several'; count: number };

/** Smallest blob considered, as a share of the frame: a card filling a third of the frame's height covers about 6 %. */
const MIN_AREA = 0.03;

/** The working mask is the frame shrunk by this factor (box filter; shrink() is written for 2). */
const MASK_FACTOR = 2;

interface Blob {
  area: number;
  cx: number;
  cy: number;
  e1: [number, number];
  long: number;
  short: number;
  fill: number;
  pixels: Int32Array;
}

/**
 * The frame shrunk: brightness, the two chroma channels, and the sum of the block's bytes that
 * the brightness is made from (brightness is that sum / 12, so it takes at most 3,061 values).
 */
function shrink(img: RawImage): { l: Float32Array; sums: Uint16Array; c1: Float32Array; c2: Float32Array; w: number; h: number } {
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

// Numeric sorts of typed copies: a comparator sort of plain arrays took an eighth of the locator's time.
function medianOf(xs: ArrayLike<number>): number {
  const s = Float64Array.from(xs).sort();
  return s[s.length >> 1]!;
}

function quantile(xs: ArrayLike<number>, q: number): number {
  const s = Float64Array.from(xs).sort();
  return s[Math.min(s.length - 1, Math.floor(q * s.length))]!;
}

/** Each pixel's distance from the table colour sampled on the frame's border, and the table's own spread. */
interface TableDistance {
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

function tableDistance(f: ReturnType<typeof shrink>): TableDistance {
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
  const washed = triangleDistance([a0, b0], LAMP_WARM, LAMP_COOL);
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
function borderPalette(f: ReturnType<typeof shrink>, ring: readonly number[]): Ink[] {
  return clothPalette(ring.map((i) => inkAt(f, i)), borderLoop(f.w, f.h).map((i) => inkAt(f, i)));
}

/**
 * A patterned cloth's distance: each pixel's from the cloth's colours and their two-colour
 * mixtures (see palette.ts), written over `dc`; gives the threshold that distance must pass.
 */
function clothDistance(f: ReturnType<typeof shrink>, ring: readonly number[], dc: Float32Array, palette: readonly Ink[]): number {
  const distance = mixtureDistance(palette);
  for (let i = 0; i < dc.length; i++) dc[i] = distance(...inkAt(f, i)) / nearBlack(f.l[i]!);
  return Math.max(0.13, 2 * quantile(ring.map((i) => dc[i]!), 0.9));
}

/**
 * The chroma (as shrink() measures it) of a 2700 K and a 9000 K lamp seen by a camera balanced
 * for daylight: a lamp's light, and so its glare, lies on the line between them (white near its
 * middle), so glare on a table mixes the table's colour with a point of that line.
 */
const LAMP_WARM: Point = [0.27, 0.46];
const LAMP_COOL: Point = [-0.08, -0.18];

/** A function giving a chroma's distance from the triangle a, b, c (0 inside it). */
function triangleDistance(a: Point, b: Point, c: Point): (x: number, y: number) => number {
  return convexDistance([a, b, c]);
}

/** A function giving a point's distance from a convex polygon (0 inside it); a polygon of no area (a table on the lamps' line) has no inside. */
function convexDistance(poly: readonly Point[]): (x: number, y: number) => number {
  let area = 0;
  for (let k = 0; k < poly.length; k++) {
    const p = poly[k]!, q = poly[(k + 1) % poly.length]!;
    area += p[0] * q[1] - q[0] * p[1];
  }
  // Worked out once per polygon: `washed` asks about every saturated pixel beside a card.
  const sides = poly.map((p, k) => {
    const q = poly[(k + 1) % poly.length]!, dx = q[0] - p[0], dy = q[1] - p[1];
    return { p, dx, dy, len2: dx * dx + dy * dy };
  });
  return (x, y) => {
    let inside = area !== 0, best = Infinity;
    for (const { p, dx, dy, len2 } of sides) {
      const cross = dx * (y - p[1]) - dy * (x - p[0]);
      if (cross * area < 0) inside = false;
      const t = len2 === 0 ? 0 : Math.min(1, Math.max(0, ((x - p[0]) * dx + (y - p[1]) * dy) / len2));
      best = Math.min(best, hypot(x - p[0] - t * dx, y - p[1] - t * dy));
    }
    return inside ? 0 : best;
  };
}

/** Marks card-coloured pixels: chroma unlike the table's, or much brighter, or very much darker. */
function foreground(t: TableDistance, strictness: number): Uint8Array {
  const { dc, dl } = t;
  const tc = strictness * t.tc, tBright = strictness * t.tBright, tDark = t.tDark;
  const m = new Uint8Array(dc.length);
  for (let i = 0; i < dc.length; i++) m[i] = dc[i]! > tc || dl[i]! > tBright || dl[i]! < tDark ? 1 : 0;
  return m;
}

/**
 * Glare: brighter than the table, its colour the table's washed towards a lamp's (a card's field is
 * another colour); opened, so that a card's thin white border or panel is not taken for it.
 */
function glareMask(f: ReturnType<typeof shrink>, t: TableDistance): Uint8Array {
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
function lampLit(f: ReturnType<typeof shrink>, t: TableDistance, i: number): boolean {
  const most = Math.min(1, Math.exp(t.tBright - t.dl[i]!)), [a, b] = t.chroma;
  const towards = (l: Point): Point => [l[0] + most * (a - l[0]), l[1] + most * (b - l[1])];
  return convexDistance([LAMP_WARM, LAMP_COOL, towards(LAMP_COOL), towards(LAMP_WARM)])(f.c1[i]!, f.c2[i]!) < GLARE_SATURATION;
}

/** The glare pieces holding a pixel clipped to white or nearly: a lamp's reflection has such a core, a pale finger or a lit patch of table has none. */
function clippedGlare(g: Uint8Array, l: Float32Array, w: number, h: number): Uint8Array {
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
const CLIPPED = 245;

/** Glare pieces narrower than this (mask pixels, each way) are a card's white border or panel, not a lamp's. */
const GLARE_OPEN = 3;

/** How far (brightness-normalised chroma) a brighter pixel may lie from the line between white and the table's colour to be glare. */
const GLARE_SATURATION = 0.12;

/**
 * Integer scratch for the floods' stacks and a blob's pixel list, kept between frames: new ones
 * for every level of every frame were a megabyte of buffers a frame waiting for the collector,
 * which the process's resident memory showed. Nothing is read from them that the same call did
 * not write.
 */
const scratch = { flood: new Int32Array(0), stack: new Int32Array(0), members: new Int32Array(0) };
function scratchInts(use: keyof typeof scratch, length: number): Int32Array {
  if (scratch[use].length < length) scratch[use] = new Int32Array(length);
  return scratch[use];
}

/** Removes specks (opening) and fills holes not connected to the frame edge. */
function clean(m: Uint8Array, w: number, h: number): Uint8Array {
  const op = crossFilter(crossFilter(m, w, h, 'and'), w, h, 'or');
  // Flood the table from the border; whatever table pixel it cannot reach is a hole in a blob.
  // A span at a time (a row's run of table pixels, then the runs touching it above and below):
  // the same 4-connected pixels as a pixel-at-a-time flood, in a third of its time.
  const seen = new Uint8Array(w * h);
  // A pixel is pushed at most three times: from the border, and by the span above and below it.
  const stack = scratchInts('flood', 3 * w * h);
  let sp = 0;
  for (let x = 0; x < w; x++) { stack[sp++] = x; stack[sp++] = (h - 1) * w + x; }
  for (let y = 1; y < h - 1; y++) { stack[sp++] = y * w; stack[sp++] = y * w + w - 1; }
  while (sp > 0) {
    const s = stack[--sp]!;
    if (op[s] || seen[s]) continue;
    const row = s - (s % w), end = row + w;
    let a = s, z = s;
    while (a > row && !op[a - 1] && !seen[a - 1]) a--;
    while (z + 1 < end && !op[z + 1] && !seen[z + 1]) z++;
    seen.fill(1, a, z + 1);
    // One seed per run of unseen table pixels in the rows above and below the span.
    for (const r of [a - w, a + w]) {
      if (r < 0 || r >= w * h) continue;
      let inRun = false;
      for (let j = r; j <= r + (z - a); j++) {
        const open = !op[j] && !seen[j];
        if (open && !inRun) stack[sp++] = j;
        inRun = open;
      }
    }
  }
  for (let i = 0; i < w * h; i++) if (!seen[i]) op[i] = 1;
  return op;
}

function blobs(m: Uint8Array, w: number, h: number, minArea: number): Blob[] {
  const label = new Int32Array(w * h);
  const stack = scratchInts('stack', w * h), members = scratchInts('members', w * h);
  const out: Blob[] = [];
  let next = 1;
  for (let s = 0; s < w * h; s++) {
    if (!m[s] || label[s]) continue;
    let sp = 0, n = 0;
    label[s] = next; stack[sp++] = s;
    let sx = 0, sy = 0, sxx = 0, syy = 0, sxy = 0;
    while (sp > 0) {
      const i = stack[--sp]!, x = i % w, y = (i / w) | 0;
      members[n++] = i;
      sx += x; sy += y; sxx += x * x; syy += y * y; sxy += x * y;
      if (x > 0 && m[i - 1] && !label[i - 1]) { label[i - 1] = next; stack[sp++] = i - 1; }
      if (x < w - 1 && m[i + 1] && !label[i + 1]) { label[i + 1] = next; stack[sp++] = i + 1; }
      if (y > 0 && m[i - w] && !label[i - w]) { label[i - w] = next; stack[sp++] = i - w; }
      if (y < h - 1 && m[i + w] && !label[i + w]) { label[i + w] = next; stack[sp++] = i + w; }
    }
    next++;
    if (n < minArea) continue;
    const cx = sx / n, cy = sy / n;
    const vxx = sxx / n - cx * cx, vyy = syy / n - cy * cy, vxy = sxy / n - cx * cy;
    const tr = vxx + vyy, det = vxx * vyy - vxy * vxy;
    const disc = Math.sqrt(Math.max(0, (tr * tr) / 4 - det));
    const l1 = tr / 2 + disc, l2 = Math.max(1e-6, tr / 2 - disc);
    const ang = 0.5 * Math.atan2(2 * vxy, vxx - vyy);
    const long = Math.sqrt(12 * l1), short = Math.sqrt(12 * l2);
    out.push({ area: n, cx, cy, e1: [Math.cos(ang), Math.sin(ang)], long, short, fill: n / (long * short), pixels: members.slice(0, n) });
  }
  return out;
}

/** True for a blob shaped like a card seen from above: a filled rectangle of about 5:7. */
function cardLike(b: Blob): boolean {
  const aspect = b.short / b.long;
  return aspect > 0.55 && aspect < 0.9 && b.fill > 0.8 && b.fill < 1.12;
}

/** True for corners that make a card seen slightly off-axis: opposite sides alike, corners near square, area matching the blob. */
function quadLike(q: Point[], blobArea: number, tilted = false): boolean {
  if (!(tilted ? quadShape(q, TILTED_SIDES, TILTED_COSINE) : quadShape(q))) return false;
  let area = 0;
  for (let i = 0; i < 4; i++) area += q[i]![0] * q[(i + 1) % 4]![1] - q[(i + 1) % 4]![0] * q[i]![1];
  const ratio = Math.abs(area) / 2 / (blobArea * MASK_FACTOR * MASK_FACTOR);
  return ratio > 0.85 && ratio < 1.2;
}

/** A blob at least this filled may be a card seen by a tilted camera whatever its proportions (see tiltedCard). */
const TILTED_FILL = 0.95;
/** A tilted card's least proportions (a card's 5:7 foreshortened across its long axis by a 45° tilt). */
const TILTED_ASPECT = 0.45;
/** A tilted card's perspective: opposite sides' lengths within this ratio, corners within about 53°–127°. */
const TILTED_SIDES = 1.67;
const TILTED_COSINE = 0.6;
/** Proportions above which a tilted card's long axis is told by perspective, not by the blob's shape. */
const SQUAT = 0.8;

/**
 * A card seen by a camera tilted up to 45°: foreshortened anywhere from about 1:2 to square and
 * drawn in perspective, but still a filled quadrilateral; null for anything else. A squat one is
 * returned with its long axis turned to the card's own: foreshortening shortened that axis, and
 * it is the axis whose sides converge.
 */
function tiltedCard(b: Blob, w: number, h: number): Blob | null {
  const aspect = b.short / b.long;
  if (b.fill < TILTED_FILL || b.fill > 1.12 || aspect < TILTED_ASPECT || touchesBorder(b, w, h)) return null;
  const q = corners(b, w);
  if (!quadLike(q, b.area, true)) return null;
  // Sides 1 and 3 run along the blob's long axis, 0 and 2 across it.
  let card = b;
  if (aspect >= SQUAT && convergence(q, 0) > convergence(q, 1)) {
    card = { ...b, e1: [-b.e1[1], b.e1[0]], long: b.short, short: b.long };
    if (!quadLike(corners(card, w), b.area, true)) return null;
  }
  // Two overlapping cards, or a card and a thumb, also make a filled blob: its outline strays from any quad.
  const edge = edgePixelsOf(card, w, h);
  return outlineSupport(edge, cardCorners(card, w, h)) >= TILTED_OUTLINE * edge.length ? card : null;
}

/** The least share of a tilted card's blob's edge pixels on its quad's outline. */
const TILTED_OUTLINE = 0.9;

/** Whether a blob reaches the frame's border (within 2 mask pixels): the frame, not the card, made that side. */
function touchesBorder(b: Blob, w: number, h: number): boolean {
  for (const i of b.pixels) {
    const x = i % w, y = (i / w) | 0;
    if (x < 2 || y < 2 || x >= w - 2 || y >= h - 2) return true;
  }
  return false;
}

/** (right, down) of TL, TR, BR, BL in a blob's frame, its long axis as "up". */
const CORNER_SIGNS = [[-1, -1], [1, -1], [1, 1], [-1, 1]] as const;

/**
 * A point's place in a blob's frame (relative to its centre): across and along the long axis,
 * each in units of the blob's own extent, so that a corner is the point furthest along a
 * diagonal, right·across + down·along for its CORNER_SIGNS. "Right" is "up" (−e1) turned a
 * quarter clockwise, so the crop is never mirrored.
 */
function blobFrame(b: Blob, x: number, y: number): [across: number, along: number] {
  const [ex, ey] = b.e1;
  return [(x * ey - y * ex) / b.short, (x * ex + y * ey) / b.long];
}

/** The four corners of a card blob, ordered TL, TR, BR, BL for the long axis as "up". */
function corners(b: Blob, w: number): Point[] {
  const [ex, ey] = b.e1;
  const rx = ey, ry = -ex;
  // blobFrame and CORNER_SIGNS written out (the same arithmetic: a sign of ±1 only negates), since
  // this runs over every pixel of every blob.
  const { short, long, cx, cy } = b;
  let b0 = -Infinity, b1 = -Infinity, b2 = -Infinity, b3 = -Infinity;
  let x0 = 0, y0 = 0, x1 = 0, y1 = 0, x2 = 0, y2 = 0, x3 = 0, y3 = 0;
  const pixels = b.pixels;
  for (let p = 0; p < pixels.length; p++) {
    const i = pixels[p]!;
    const x = (i % w) - cx, y = ((i / w) | 0) - cy;
    const a = (x * ey - y * ex) / short, d = (x * ex + y * ey) / long;
    const s0 = -a - d, s1 = a - d, s2 = a + d, s3 = -a + d;
    if (s0 > b0) { b0 = s0; x0 = x; y0 = y; }
    if (s1 > b1) { b1 = s1; x1 = x; y1 = y; }
    if (s2 > b2) { b2 = s2; x2 = x; y2 = y; }
    if (s3 > b3) { b3 = s3; x3 = x; y3 = y; }
  }
  const at: Array<[number, number]> = [[x0, y0], [x1, y1], [x2, y2], [x3, y3]];
  // Back to frame pixels; a blob's extreme pixel centre lies half a pixel inside its true edge.
  return at.map(([x, y], k) => {
    const ox = CORNER_SIGNS[k]![0] * rx + CORNER_SIGNS[k]![1] * ex, oy = CORNER_SIGNS[k]![0] * ry + CORNER_SIGNS[k]![1] * ey;
    return [(b.cx + x + 0.5 + 0.5 * ox) * MASK_FACTOR, (b.cy + y + 0.5 + 0.5 * oy) * MASK_FACTOR] as Point;
  });
}

/** The leftmost and rightmost of the points in each row (pixel centres): all a convex hull needs of them. */
function rowEnds(pts: readonly Point[]): Point[] {
  const first = new Map<number, Point>(), last = new Map<number, Point>();
  for (const p of pts) {
    const a = first.get(p[1]), z = last.get(p[1]);
    if (a === undefined || p[0] < a[0]) first.set(p[1], p);
    if (z === undefined || p[0] > z[0]) last.set(p[1], p);
  }
  const out = [...first.values()];
  for (const [y, p] of last) if (p !== first.get(y)) out.push(p);
  return out;
}

/**
 * Points every half pixel along the convex hull of a blob's edge pixels. A card is convex, so
 * its hull is its outline; a notch in a side (a white numeral near a white border on a light
 * table joins the table in the mask) is bridged, where the edge pixels alone lean the side's
 * line into it. The hull also takes in what sticks out (a speck of shadow joined to the card),
 * so each side keeps whichever line more of its edge pixels lie on (see refineCorners).
 */
function hullSamples(edge: readonly Point[]): Point[] {
  const hull = convexHull(rowEnds(edge));
  const out: Point[] = [];
  for (let k = 0; k < hull.length; k++) {
    const a = hull[k]!, b = hull[(k + 1) % hull.length]!;
    const steps = Math.max(1, Math.ceil(2 * Math.hypot(b[0] - a[0], b[1] - a[1])));
    for (let j = 0; j < steps; j++) out.push([a[0] + ((b[0] - a[0]) * j) / steps, a[1] + ((b[1] - a[1]) * j) / steps]);
  }
  return out;
}

/**
 * How far (mask pixels) each fitted side is moved outwards. A blurred edge pixel counts as card
 * once it is partly covered, so edge pixel centres lie a little inside the true edge, not half a
 * pixel (the value was measured: see docs/vision-history.md).
 */
const EDGE_OFFSET = 0.25;
/**
 * The same for lines fitted to the convex hull (see hullSamples), whose points run through the
 * outermost edge pixels rather than among them, so the line moves inwards.
 */
const HULL_OFFSET = -0.25;
/** How near a side's line (mask pixels) an edge pixel must lie to count as on it. */
const INLIER = 1;

/** The blob's edge pixels (centres, in mask pixels): blob pixels with a 4-neighbour outside it or on the frame's edge. */
function edgePixelsOf(b: Blob, w: number, h: number): Point[] {
  const inBlob = new Uint8Array(w * h);
  for (const i of b.pixels) inBlob[i] = 1;
  const out: Point[] = [];
  for (const i of b.pixels) {
    const x = i % w, y = (i / w) | 0;
    if (x === 0 || y === 0 || x === w - 1 || y === h - 1 || !inBlob[i - 1] || !inBlob[i + 1] || !inBlob[i - w] || !inBlob[i + w]) out.push([x + 0.5, y + 0.5]);
  }
  return out;
}

/**
 * The blob's smallest-area enclosing rectangle (rotating calipers over the convex hull of its
 * pixels' outlines), in frame pixels, ordered TL, TR, BR, BL as corners() orders its points.
 * Where a white numeral in a card's corner joins a light table in the mask, the blob lacks that
 * corner: its extreme points and long axis lean into the notch, and so does every side fitted
 * between them. The three whole corners and the sides still fix the rectangle.
 */
function rectangleCorners(b: Blob, edge: readonly Point[]): Point[] {
  // The hull of the pixels' squares is the hull of the row ends' squares: a pixel with blob
  // pixels left and right of it in its row has its corners on the segments between theirs.
  const outline: Point[] = [];
  for (const [cx, cy] of rowEnds(edge)) {
    const x = cx - 0.5, y = cy - 0.5;
    outline.push([x, y], [x + 1, y], [x, y + 1], [x + 1, y + 1]);
  }
  const hull = convexHull(outline);
  let best = Infinity, rect: Point[] = [];
  for (let k = 0; k < hull.length; k++) {
    const a = hull[k]!, c = hull[(k + 1) % hull.length]!;
    const len = Math.hypot(c[0] - a[0], c[1] - a[1]);
    if (len < 1e-9) continue;
    const ux = (c[0] - a[0]) / len, uy = (c[1] - a[1]) / len;
    let s0 = Infinity, s1 = -Infinity, t0 = Infinity, t1 = -Infinity;
    for (let j = 0; j < hull.length; j++) {
      const x = hull[j]![0], y = hull[j]![1];
      const s = x * ux + y * uy, t = y * ux - x * uy;
      s0 = Math.min(s0, s); s1 = Math.max(s1, s); t0 = Math.min(t0, t); t1 = Math.max(t1, t);
    }
    if ((s1 - s0) * (t1 - t0) < best) {
      best = (s1 - s0) * (t1 - t0);
      rect = [[s0, t0], [s1, t0], [s1, t1], [s0, t1]].map(([s, t]) => [s! * ux - t! * uy, s! * uy + t! * ux] as Point);
    }
  }
  return CORNER_SIGNS.map(([right, down]) => {
    let pick = rect[0]!, most = -Infinity;
    for (const p of rect) {
      const [a, d] = blobFrame(b, p[0] - b.cx, p[1] - b.cy);
      if (right * a + down * d > most) { most = right * a + down * d; pick = p; }
    }
    return [pick[0] * MASK_FACTOR, pick[1] * MASK_FACTOR] as Point;
  });
}

/**
 * The card's corners: the side lines refined from the blob's extreme points, or from its
 * enclosing rectangle, whichever outline more of the blob's edge pixels lie on. A clean card
 * gives both the same quad and keeps the first; one whose corner a white numeral took away
 * only finds its sides from the rectangle.
 */
function cardCorners(b: Blob, w: number, h: number): Point[] {
  const edge = edgePixelsOf(b, w, h), bridged = hullSamples(edge);
  const fromPoints = refineCorners(edge, bridged, corners(b, w)), fromRectangle = refineCorners(edge, bridged, rectangleCorners(b, edge));
  return outlineSupport(edge, fromRectangle) > outlineSupport(edge, fromPoints) ? fromRectangle : fromPoints;
}

/** How many edge pixels lie within INLIER of the quad's sides (the quad in frame pixels, the points in mask pixels). */
function outlineSupport(edge: readonly Point[], quad: readonly Point[]): number {
  const q = quad.map(([x, y]) => [x / MASK_FACTOR, y / MASK_FACTOR] as Point);
  // Each side's ends and length, worked out once rather than for every edge pixel (the same numbers).
  const sides = [0, 1, 2, 3].map((k) => {
    const [ax, ay] = q[k]!, [cx, cy] = q[(k + 1) % 4]!;
    const len2 = (cx - ax) ** 2 + (cy - ay) ** 2;
    return { ax, ay, cx, cy, len2, len: Math.sqrt(len2) };
  });
  let n = 0;
  for (let i = 0; i < edge.length; i++) {
    const px = edge[i]![0], py = edge[i]![1];
    for (let k = 0; k < 4; k++) {
      const { ax, ay, cx, cy, len2, len } = sides[k]!;
      const t = ((px - ax) * (cx - ax) + (py - ay) * (cy - ay)) / len2;
      if (t >= 0 && t <= 1 && Math.abs((px - ax) * (cy - ay) - (py - ay) * (cx - ax)) / len < INLIER) { n++; break; }
    }
  }
  return n;
}

/**
 * Refines rough corners: a straight line is fitted to the blob's edge pixels (or to the samples
 * along their hull, see hullSamples) along the middle of each side and the corners become the
 * lines' crossings. An extreme pixel sits inside a
 * card's rounded corner and moves with every speck at the corner; a line through a few dozen edge
 * pixels does not, so the crop's edges (and the corner numerals near them) land where they should.
 */
function refineCorners(edgePixels: readonly Point[], hullPoints: readonly Point[], rough: readonly Point[]): Point[] {
  const q = rough.map(([x, y]) => [x / MASK_FACTOR, y / MASK_FACTOR] as Point);
  const mx = (q[0]![0] + q[1]![0] + q[2]![0] + q[3]![0]) / 4, my = (q[0]![1] + q[1]![1] + q[2]![1] + q[3]![1]) / 4;
  const frames = q.map((a, k) => {
    const c = q[(k + 1) % 4]!, len = Math.hypot(c[0] - a[0], c[1] - a[1]);
    const u: Point = [(c[0] - a[0]) / len, (c[1] - a[1]) / len];
    let n: Point = [-u[1], u[0]];
    if ((a[0] + c[0]) / 2 * n[0] + (a[1] + c[1]) / 2 * n[1] < mx * n[0] + my * n[1]) n = [-n[0], -n[1]];
    return { a, u, n, len };
  });
  // The points along the middle of each side.
  const bySide = (pts: readonly Point[]): Point[][] => {
    const sides: Point[][] = [[], [], [], []];
    for (const p of pts) {
      for (let k = 0; k < 4; k++) {
        const { a, u, n, len } = frames[k]!;
        const t = ((p[0] - a[0]) * u[0] + (p[1] - a[1]) * u[1]) / len, d = (p[0] - a[0]) * n[0] + (p[1] - a[1]) * n[1];
        if (t > 0.15 && t < 0.85 && Math.abs(d) < Math.max(2, 0.06 * len)) sides[k]!.push(p);
      }
    }
    return sides;
  };
  const plain = bySide(edgePixels), bridged = bySide(hullPoints);
  const lines = frames.map(({ n }, k) => {
    // Each side keeps the line more of its edge pixels lie on: the hull's where a notch bit the
    // side, the edge pixels' own where something stuck out of it (or the side is clean).
    const own = fitLine(plain[k]!), hull = fitLine(bridged[k]!);
    const support = (l: { at: Point; dir: Point } | null): number =>
      l === null ? -1 : plain[k]!.filter((p) => Math.abs((p[0] - l.at[0]) * l.dir[1] - (p[1] - l.at[1]) * l.dir[0]) < INLIER).length;
    const useHull = support(hull) > support(own);
    const l = useHull ? hull : own;
    if (l === null) return null;
    const offset = useHull ? HULL_OFFSET : EDGE_OFFSET;
    return { at: [l.at[0] + offset * n[0], l.at[1] + offset * n[1]] as Point, dir: l.dir };
  });
  const shortSide = Math.min(...frames.map((f) => f.len));
  return q.map((corner, k) => {
    const before = lines[(k + 3) % 4], after = lines[k];
    const c = before && after ? intersect(before, after) : null;
    // A crossing far from the rough corner means a side was not straight (a torn blob): keep the rough corner.
    const use = c !== null && Math.hypot(c[0] - corner[0], c[1] - corner[1]) < 0.12 * shortSide ? c : corner;
    return [use[0] * MASK_FACTOR, use[1] * MASK_FACTOR] as Point;
  });
}

/**
 * How sharply the frame changes across a quad's sides: for each side, the median colour step
 * between points just inside and just outside it, and the weakest side's. A card's edge is a
 * step all the way round; a blob that has swallowed a lit patch of table has a side running
 * through the light's smooth gradient, where the step is small.
 */
function edgeSupport(img: RawImage, quad: readonly Point[], hidden?: (x: number, y: number) => boolean): number {
  const { width: w, height: h, channels: c, data: d } = img;
  const cx = (quad[0]![0] + quad[1]![0] + quad[2]![0] + quad[3]![0]) / 4, cy = (quad[0]![1] + quad[1]![1] + quad[2]![1] + quad[3]![1]) / 4;
  const at = (x: number, y: number, k: number): number => {
    const ix = Math.min(w - 1, Math.max(0, Math.round(x))), iy = Math.min(h - 1, Math.max(0, Math.round(y)));
    return d[(iy * w + ix) * c + k]!;
  };
  let weakest = Infinity, measured = 0;
  for (let s = 0; s < 4; s++) {
    const a = quad[s]!, b = quad[(s + 1) % 4]!;
    const len = Math.hypot(b[0] - a[0], b[1] - a[1]);
    let nx = -(b[1] - a[1]) / len, ny = (b[0] - a[0]) / len;
    if ((a[0] + b[0]) / 2 * nx + (a[1] + b[1]) / 2 * ny < cx * nx + cy * ny) { nx = -nx; ny = -ny; }
    const steps: number[] = [];
    for (let k = 1; k < EDGE_SAMPLES; k++) {
      const t = 0.1 + (0.8 * k) / EDGE_SAMPLES;
      const px = a[0] + (b[0] - a[0]) * t, py = a[1] + (b[1] - a[1]) * t;
      if (hidden?.(px + EDGE_REACH * nx, py + EDGE_REACH * ny)) continue;
      let sq = 0;
      for (let ch = 0; ch < 3; ch++) sq += (at(px + EDGE_REACH * nx, py + EDGE_REACH * ny, ch) - at(px - EDGE_REACH * nx, py - EDGE_REACH * ny, ch)) ** 2;
      steps.push(Math.sqrt(sq));
    }
    // A side a hand hides all along shows no edge of the card's own: the other sides must.
    if (steps.length >= 3) { weakest = Math.min(weakest, medianOf(steps)); measured++; }
  }
  return measured >= 3 ? weakest : 0;
}

/** A level whose card's weakest side steps less than this share of the sharpest level's is a card that swallowed table. */
const EDGE_SHARE = 0.75;
/** Points per side and how far either side of it (working pixels) edgeSupport compares. */
const EDGE_SAMPLES = 16;
const EDGE_REACH = 3;

/** Thresholds are tried strict first, then looser: a card whose colour is close to the table's (orange on wood in warm light) only separates at a looser one. */
const STRICTNESS = [1, 0.72, 0.5];
/** On a patterned cloth the loosest level takes in the cloth's own odd pixels, whose filled holes can make a card of cloth. */
const CLOTH_STRICTNESS = [1, 0.72, 0.6];
/** The opening's radius (mask pixels) on a patterned cloth: wider than the necks joining a dot or petal to the card. */
const CLOTH_OPEN = 2;

/** The smallest piece of a mask kept for the second-card check, as a share of the frame. */
const PIECE_AREA = 0.005;
/** Saturated card colour beyond the found card, as a share of its area, that is a second card (a thumb or glare leaves under a tenth). */
const EXCESS_SHARE = 0.15;
/**
 * The same for a piece of mask touching the card but not the frame's border (no hand): a card
 * under the found one shows a sliver of its colour, while glare and a plain table leave under
 * 4 %. A patterned cloth's saturated pieces touching the card reach further: there EXCESS_SHARE.
 */
const BESIDE_SHARE = 0.05;
/**
 * A smaller sliver still is a second card on a plain table when the blob's outline strays from
 * the quad as well (less than STRAYING_OUTLINE of its edge pixels on it): the card underneath
 * sticks out of the quad's sides, which a whole card's blob never does.
 */
const SLIVER_SHARE = 0.015;
const STRAYING_OUTLINE = 0.7;
/** How saturated (brightness-normalised chroma) a pixel must be to be card colour rather than glare or table. */
const SATURATED = 0.15;
/** A quad holding this share of saturated pixels in a second hue, with an outline the blob does not follow well, is two cards taken for one. */
const SECOND_HUE = 0.22;
const OUTLINE_SHARE = 0.9;
/** The same for a card found by erosion (see erodedCard), whose blob's outline is not its own. */
const ERODED_SECOND_HUE = 0.18;

/**
 * Whether a chroma is skin's: light to dark skin lies 45–56° round (orange's way) and far paler
 * than an orange card; the margins take in a lamp's cast.
 */
function skinLike(a: number, b: number): boolean {
  const angle = (Math.atan2(b, a) * 180) / Math.PI;
  return angle > SKIN_HUE[0] && angle < SKIN_HUE[1] && hypot(a, b) < SKIN_CHROMA;
}
const SKIN_HUE = [30, 70] as const;
const SKIN_CHROMA = 0.9;
/** The least colour step round an eroded card with skin over it (see edgeSupport): a core eroded out of a hand or a blank has soft sides. */
const HAND_EDGE = 10;

/** The least share of a hand's pixels beyond the card it holds (the finger between the card and the frame's edge). */
const HAND_OUTSIDE = 0.3;
/** The most of a hand's pixels that may be glare. */
const HAND_GLARE = 0.2;
/** The most of a card's quad a hand may lie over. */
const HAND_OVER = 0.35;
/** A hand-held card replaces a card found whole only when it is at most this share of its area. */
const HAND_SMALLER = 0.97;

/** Glare beside a card's quad (frame pixels), as a share of its area, that is a lamp's spill. */
const SPILL_SHARE = 0.02;

/** Whether a blob meets the frame's edge, or glare lies just outside its card's quad (within a tenth of its size). */
function cutOrSpilled(b: Blob, quad: readonly Point[], glare: Uint8Array, w: number, h: number): boolean {
  return touchesBorder(b, w, h) || spilled(quad, glare, w);
}

/** Whether fewer than SWOLLEN_OUTLINE of a found card's blob's edge pixels lie on its quad's outline. */
function strays(card: { biggest: Blob; quad: Point[] }, w: number, h: number): boolean {
  const edge = edgePixelsOf(card.biggest, w, h);
  return outlineSupport(edge, card.quad) < SWOLLEN_OUTLINE * edge.length;
}

/** The least share of a card's edge pixels on its quad's outline for a card that has not swallowed glare. */
const SWOLLEN_OUTLINE = 0.85;

/** Glare pixels within `reach` of a quad (mask pixels) that `keep` accepts, looking only at the quad's box grown by `reach`. */
function glareNear(glare: Uint8Array, q: readonly Point[], w: number, h: number, reach: number, keep: (x: number, y: number) => boolean): number {
  const xs = q.map((p) => p[0]), ys = q.map((p) => p[1]);
  let n = 0;
  for (let y = Math.max(0, Math.floor(Math.min(...ys) - reach)); y <= Math.min(h - 1, Math.ceil(Math.max(...ys) + reach)); y++) {
    for (let x = Math.max(0, Math.floor(Math.min(...xs) - reach)); x <= Math.min(w - 1, Math.ceil(Math.max(...xs) + reach)); x++) {
      if (glare[y * w + x] && keep(x + 0.5, y + 0.5)) n++;
    }
  }
  return n;
}

/** Whether glare lies along a quad's outline (frame pixels), within a tenth of its size either side. */
function glareAlong(quad: readonly Point[], glare: Uint8Array, w: number, h: number): boolean {
  const q = quad.map(([x, y]) => [x / MASK_FACTOR, y / MASK_FACTOR] as Point);
  const area = quadArea(q), reach = 0.1 * Math.sqrt(area);
  const outer = insideTest(q, reach), inner = insideTest(q, -reach);
  return glareNear(glare, q, w, h, reach, (x, y) => outer(x, y) && !inner(x, y)) > SPILL_SHARE * area;
}

/** Whether glare lies just outside a card's quad (frame pixels), within a tenth of its size. */
function spilled(quad: readonly Point[], glare: Uint8Array, w: number): boolean {
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

/** The least share of its enclosing rectangle a blob with glare cut out of it must fill. */
const RECTANGLE_FILL = 0.8;

/**
 * A card fitted to a blob's smallest enclosing rectangle, its sides refitted to the edge pixels
 * most of them lie on. Glare (when given) counts as filling the rectangle, and edge pixels
 * beside it are the glare's outline, not the card's, so no side is fitted to them.
 */
function rectangleCard(b: Blob, w: number, h: number, glare?: Uint8Array): { blob: Blob; quad: Point[]; stray: number } | null {
  const edge = edgePixelsOf(b, w, h);
  const rough = rectangleCorners(b, edge);
  const area = quadArea(rough);
  const s1 = Math.hypot(rough[1]![0] - rough[0]![0], rough[1]![1] - rough[0]![1]), s2 = Math.hypot(rough[2]![0] - rough[1]![0], rough[2]![1] - rough[1]![1]);
  const aspect = Math.min(s1, s2) / Math.max(s1, s2);
  const filled = b.area + (glare === undefined ? 0 : glareInside(glare, rough, w, h));
  if ((filled * MASK_FACTOR * MASK_FACTOR) / area < RECTANGLE_FILL || aspect < 0.55 || aspect > 0.9) return null;
  const near = glare === undefined ? null : grow(glare, w, h, GLARE_NEAR);
  const quad = robustSides(near === null ? edge : edge.filter(([x, y]) => !near[(y | 0) * w + (x | 0)]), rough, w, h);
  return { blob: b, quad, stray: strayShare(b, quad, w, h) };
}

/** How near glare (mask pixels) an edge pixel may lie and still be the card's own edge. */
const GLARE_NEAR = 2;

/** A mask dilated by the cross `times` times. */
function grow(m: Uint8Array, w: number, h: number, times: number): Uint8Array {
  let g = m;
  for (let k = 0; k < times; k++) g = crossFilter(g, w, h, 'or');
  return g;
}

/** Glare pixels inside a quad (frame pixels). */
function glareInside(glare: Uint8Array, quad: readonly Point[], w: number, h: number): number {
  const q = quad.map(([x, y]) => [x / MASK_FACTOR, y / MASK_FACTOR] as Point);
  return glareNear(glare, q, w, h, 0, insideTest(q, 0));
}

/**
 * The share of the saturated pixels inside a quad (shrunk by 15 % towards its centre, off the
 * table) whose hue lies more than 40° from the quad's main hue: a card is one colour (its splat
 * and bands are darker shades of it), two overlapping cards are usually two. With `skipSkin`
 * (a blob that reaches in from the frame's edge, as a hand does) skin-coloured pixels do not count,
 * nor, given a hand's mask, the hand's pixels.
 */
function secondHueShare(f: ReturnType<typeof shrink>, q: readonly Point[], skipSkin: boolean | Uint8Array = false): number {
  const bins = new Float64Array(36);
  const xs = q.map((p) => p[0]), ys = q.map((p) => p[1]);
  const cx = (xs[0]! + xs[1]! + xs[2]! + xs[3]!) / 4, cy = (ys[0]! + ys[1]! + ys[2]! + ys[3]!) / 4;
  const inner = q.map(([x, y]) => [cx + 0.85 * (x - cx), cy + 0.85 * (y - cy)] as Point);
  let n = 0;
  const inInner = insideTest(inner, 0);
  for (let y = Math.max(0, Math.floor(Math.min(...ys))); y <= Math.min(f.h - 1, Math.ceil(Math.max(...ys))); y++) {
    for (let x = Math.max(0, Math.floor(Math.min(...xs))); x <= Math.min(f.w - 1, Math.ceil(Math.max(...xs))); x++) {
      if (!inInner(x + 0.5, y + 0.5)) continue;
      const i = y * f.w + x, a = f.c1[i]!, b = f.c2[i]!;
      if (hypot(a, b) < 0.2 || (skipSkin === true && skinLike(a, b)) || (skipSkin instanceof Uint8Array && skipSkin[i])) continue;
      const k = Math.floor(((Math.atan2(b, a) / (2 * Math.PI) + 1) % 1) * 36) % 36;
      bins[k] = bins[k]! + 1;
      n++;
    }
  }
  if (n === 0) return 0;
  let peak = 0, most = -1;
  for (let k = 0; k < 36; k++) {
    let m = 0;
    for (let d = -3; d <= 3; d++) m += bins[(k + d + 36) % 36]!;
    if (m > most) { most = m; peak = k; }
  }
  let away = 0;
  for (let k = 0; k < 36; k++) if (Math.min(Math.abs(k - peak), 36 - Math.abs(k - peak)) > 4) away += bins[k]!;
  return away / n;
}

/**
 * Whether a found card lies on or under another: at some level a piece of mask touching the card
 * (and not reaching the frame's border, as a hand does) holds much saturated colour beyond it (or
 * some, with an outline that strays from the quad),
 * or the card's quad holds two hues while the blob's outline strays from it (two cards taken for one).
 */
function secondCard(f: ReturnType<typeof shrink>, t: TableDistance, levels: readonly Blob[][], card: Blob | null, quad: readonly Point[]): boolean {
  const q = quad.map(([x, y]) => [x / MASK_FACTOR, y / MASK_FACTOR] as Point);
  const area = quadArea(q);
  const nearCard = insideTest(q, 3);
  let sliver = 0;
  for (const level of levels) {
    for (const b of level) {
      let near = false, border = false, beyond = 0;
      for (const i of b.pixels) {
        const x = (i % f.w) + 0.5, y = ((i / f.w) | 0) + 0.5;
        if (x < 2 || y < 2 || x > f.w - 2 || y > f.h - 2) { border = true; break; }
        if (nearCard(x, y)) near = true;
        else if (hypot(f.c1[i]!, f.c2[i]!) > SATURATED && t.washed(f.c1[i]!, f.c2[i]!) > GLARE_SATURATION) beyond++;
      }
      if (near && !border && beyond > (t.cloth ? EXCESS_SHARE : BESIDE_SHARE) * area) return true;
      if (near && !border) sliver = Math.max(sliver, beyond);
    }
  }
  if (card === null) return false;
  const edge = edgePixelsOf(card, f.w, f.h), onOutline = outlineSupport(edge, quad) / edge.length;
  if (!t.cloth && sliver > SLIVER_SHARE * area && onOutline < STRAYING_OUTLINE) return true;
  if (secondHueShare(f, q) > SECOND_HUE && onOutline < OUTLINE_SHARE) return true;
  // Two cards of one colour: the quad takes in table at the notches between them and the blob's
  // outline strays from it (a white numeral biting a card's edge is not table).
  const inBlob = new Uint8Array(f.w * f.h);
  for (const i of card.pixels) inBlob[i] = 1;
  const xs = q.map((p) => p[0]), ys = q.map((p) => p[1]);
  let table = 0;
  const wellInside = insideTest(q, -1);
  for (let y = Math.max(0, Math.floor(Math.min(...ys))); y <= Math.min(f.h - 1, Math.ceil(Math.max(...ys))); y++) {
    for (let x = Math.max(0, Math.floor(Math.min(...xs))); x <= Math.min(f.w - 1, Math.ceil(Math.max(...xs))); x++) {
      const i = y * f.w + x;
      if (inBlob[i] || !wellInside(x + 0.5, y + 0.5)) continue;
      if (t.dc[i]! < 0.5 * t.tc && Math.abs(t.dl[i]!) < 0.5 * t.tBright) table++;
    }
  }
  return table > NOTCHED_TABLE * area && onOutline < NOTCHED_OUTLINE;
}

/** A quad with more table than this share of it inside, whose outline holds less than NOTCHED_OUTLINE of the blob's edge pixels, is two cards. */
const NOTCHED_TABLE = 0.06;
const NOTCHED_OUTLINE = 0.82;

/** What of a blob may lie beside its eroded card, away from the frame's border, before the card is not trusted. */
const STRAY_SHARE = 0.05;

/** The erosion radii tried (mask pixels, as shares of a blob's square root of area): wider than a finger, narrower than a card. */
const ERODE_SHARES = [0.1, 0.15, 0.2];

/**
 * A card inside a blob that something narrower than it joins (a finger, a thin glare streak):
 * the blob is eroded by a diamond until a card-like core is left, the core's sides are found as
 * a card's are, and each is moved back out by the distance the diamond took off it.
 */
function erodedCard(b: Blob, w: number, h: number): { blob: Blob; quad: Point[]; stray: number } | null {
  // Eroded within the blob's bounding box (and a pixel round it), which the erosion never leaves.
  let x0 = w, y0 = h, x1 = 0, y1 = 0;
  for (const i of b.pixels) {
    const x = i % w, y = (i / w) | 0;
    if (x < x0) x0 = x;
    if (x > x1) x1 = x;
    if (y < y0) y0 = y;
    if (y > y1) y1 = y;
  }
  x0 = Math.max(0, x0 - 1); y0 = Math.max(0, y0 - 1); x1 = Math.min(w - 1, x1 + 1); y1 = Math.min(h - 1, y1 + 1);
  const bw = x1 - x0 + 1, bh = y1 - y0 + 1;
  // The frame's edge stays an edge: erosion clears a box's outer ring, which is either the frame's or empty.
  let m: Uint8Array = new Uint8Array(bw * bh);
  for (const i of b.pixels) m[((i / w) | 0) * bw - y0 * bw + (i % w) - x0] = 1;
  let done = 0;
  for (const share of ERODE_SHARES) {
    const radius = Math.max(2, Math.round(share * Math.sqrt(b.area)));
    for (; done < radius; done++) m = crossFilter(m, bw, bh, 'and');
    // The diamond took the same off every side (for the side's direction), so the core is more
    // elongated than the card: it passes as card-like as it is or as it will be once grown back.
    const back = (p: Blob): number => 2 * radius * Math.max(Math.abs(p.e1[0]), Math.abs(p.e1[1]));
    const parts = blobs(m, bw, bh, 0.4 * MIN_AREA * w * h).filter((p) => (cardLike(p) || cardLike({ ...p, short: p.short + back(p), long: p.long + back(p) })) && quadLike(corners(p, bw), p.area));
    if (parts.length === 0) continue;
    const core = inFrame(parts.reduce((a, p) => (p.area > a.area ? p : a)), bw, x0, y0, w);
    const quad = robustSides(edgePixelsOf(b, w, h), grownQuad(cardCorners(core, w, h), radius * MASK_FACTOR), w, h);
    return { blob: core, quad, stray: strayShare(b, quad, w, h) };
  }
  return null;
}

/** A blob found in a box of width `bw` at (x0, y0), moved to the frame of width `w`. */
function inFrame(b: Blob, bw: number, x0: number, y0: number, w: number): Blob {
  const pixels = new Int32Array(b.pixels.length);
  for (let k = 0; k < pixels.length; k++) pixels[k] = ((b.pixels[k]! / bw) | 0) * w + y0 * w + (b.pixels[k]! % bw) + x0;
  return { ...b, cx: b.cx + x0, cy: b.cy + y0, pixels };
}

/**
 * Each side of a rough quad (frame pixels) refitted to the blob's edge pixels (mask pixels) near
 * it: the line through most of them, so where a finger crosses a side, its edges (across the
 * side) do not lean the line. Pixels on the frame's border are the frame's, not the card's.
 */
function robustSides(edge: readonly Point[], rough: readonly Point[], w: number, h: number): Point[] {
  const q = rough.map(([x, y]) => [x / MASK_FACTOR, y / MASK_FACTOR] as Point);
  const lines = q.map((a, k) => {
    const c = q[(k + 1) % 4]!, len = Math.hypot(c[0] - a[0], c[1] - a[1]);
    const u: Point = [(c[0] - a[0]) / len, (c[1] - a[1]) / len];
    const near: Point[] = [];
    for (const p of edge) {
      if (p[0] < 1 || p[1] < 1 || p[0] > w - 1 || p[1] > h - 1) continue;
      const t = ((p[0] - a[0]) * u[0] + (p[1] - a[1]) * u[1]) / len, d = (p[0] - a[0]) * u[1] - (p[1] - a[1]) * u[0];
      if (t > 0.1 && t < 0.9 && Math.abs(d) < Math.max(3, 0.12 * len)) near.push(p);
    }
    return mostSupportedLine(near, INLIER);
  });
  return q.map((corner, k) => {
    const before = lines[(k + 3) % 4], after = lines[k];
    const c = before && after ? intersect(before, after) : null;
    const use = c !== null && Math.hypot(c[0] - corner[0], c[1] - corner[1]) < 0.25 * Math.hypot(q[1]![0] - q[0]![0], q[1]![1] - q[0]![1]) ? c : corner;
    return [use[0] * MASK_FACTOR, use[1] * MASK_FACTOR] as Point;
  });
}

/**
 * What of a blob lies outside a card's quad (frame pixels) without reaching the frame's border,
 * as a share of the quad: a hand reaches in from beyond the frame, a second card does not.
 */
function strayShare(b: Blob, quad: readonly Point[], w: number, h: number): number {
  const q = quad.map(([x, y]) => [x / MASK_FACTOR, y / MASK_FACTOR] as Point);
  const outside = new Uint8Array(w * h), nearCard = insideTest(q, 3);
  const stack: number[] = [];
  let count = 0;
  for (const i of b.pixels) {
    const x = i % w, y = (i / w) | 0;
    if (nearCard(x + 0.5, y + 0.5)) continue;
    outside[i] = 1;
    count++;
    if (x < 2 || y < 2 || x >= w - 2 || y >= h - 2) { outside[i] = 2; stack.push(i); }
  }
  let reached = stack.length;
  while (stack.length > 0) {
    const i = stack.pop()!;
    for (const j of [i - 1, i + 1, i - w, i + w]) {
      if (j < 0 || j >= w * h || outside[j] !== 1) continue;
      outside[j] = 2;
      reached++;
      stack.push(j);
    }
  }
  return (count - reached) / quadArea(q);
}

/** Whether a card fitted round glare is one card: few second-hue pixels away from the glare, or an outline (away from the glare) on its quad. */
function litOneCard(f: ReturnType<typeof shrink>, blob: Blob, quad: readonly Point[], glare: Uint8Array): boolean {
  const near = grow(glare, f.w, f.h, 2);
  const q = quad.map(([x, y]) => [x / MASK_FACTOR, y / MASK_FACTOR] as Point);
  if (secondHueShare(f, q, near) <= ERODED_SECOND_HUE) return true;
  const edge = edgePixelsOf(blob, f.w, f.h).filter(([x, y]) => !near[(y | 0) * f.w + (x | 0)]);
  return outlineSupport(edge, quad) >= OUTLINE_SHARE * edge.length;
}

/**
 * A card held down by a hand that reaches in from the frame's edge: the hand (see hand.ts) is cut
 * out of the biggest blobs that meet the edge, and the card's rectangle is fitted to what is left,
 * the hand standing in for card where it lies over it (as glare does in rectangleCard).
 */
function handHeldCard(img: RawImage, f: ReturnType<typeof shrink>, everyBlob: readonly Blob[][], glare: () => Uint8Array): Located | null {
  for (const level of everyBlob) {
    const big = level.filter((b) => b.area >= MIN_AREA * f.w * f.h && touchesBorder(b, f.w, f.h)).sort((a, b) => b.area - a.area).slice(0, 2);
    for (const b of big) {
      const hand = handPixels(b.pixels, f);
      if (hand === null) continue;
      // A lamp's glare at the frame's edge, washed towards the lamp's colour, is not a hand.
      const g = glare();
      let lit = 0, area = 0;
      for (let i = 0; i < hand.length; i++) if (hand[i]) { area++; lit += g[i]!; }
      if (lit > HAND_GLARE * area) continue;
      const m = new Uint8Array(f.w * f.h);
      for (const i of b.pixels) if (!hand[i]) m[i] = 1;
      const rest = blobs(clean(m, f.w, f.h), f.w, f.h, MIN_AREA * f.w * f.h).sort((x, y) => y.area - x.area)[0];
      if (rest === undefined) continue;
      const found = rectangleCard(rest, f.w, f.h, hand);
      if (found === null || !quadShape(found.quad) || found.stray > STRAY_SHARE) continue;
      const q = found.quad.map(([x, y]) => [x / MASK_FACTOR, y / MASK_FACTOR] as Point);
      // A hand reaches the card from beyond it; what lies all inside the card is the card's own colour at a cut edge.
      const onCard = insideTest(q, 2);
      let handArea = 0, outside = 0;
      for (let i = 0; i < hand.length; i++) if (hand[i]) { handArea++; if (!onCard((i % f.w) + 0.5, ((i / f.w) | 0) + 0.5)) outside++; }
      // A finger hides at most a fifth or so of the card (more, and too little card is left to be sure of).
      if (outside < HAND_OUTSIDE * handArea || handArea - outside > HAND_OVER * quadArea(q)) continue;
      // The hand's own rim (its edge's blend with the card, its shadow) is no second card either.
      const near = grow(hand, f.w, f.h, 2);
      const hidden = (x: number, y: number): boolean => near[Math.min(f.h - 1, Math.max(0, Math.floor(y / MASK_FACTOR))) * f.w + Math.min(f.w - 1, Math.max(0, Math.floor(x / MASK_FACTOR)))] === 1;
      if (edgeSupport(img, found.quad, hidden) < HAND_EDGE) continue;
      // A second hue (a card's pale panel has one too) is a second card only where the card's outline away from the hand strays from the quad.
      const edge = edgePixelsOf(rest, f.w, f.h).filter(([x, y]) => !near[(y | 0) * f.w + (x | 0)]);
      if (secondHueShare(f, q, near) > ERODED_SECOND_HUE && outlineSupport(edge, found.quad) < OUTLINE_SHARE * edge.length) continue;
      return { kind: 'card', quad: found.quad };
    }
  }
  return null;
}

/**
 * A card the frame cuts across a corner, which no finder took because the cut blob is not a
 * card's shape: the biggest blob meeting the frame's edge at each level, strict first, whose four
 * sides met beyond the edge hold it (cut.ts), unless a second card shows with it.
 */
function cutAlone(f: ReturnType<typeof shrink>, t: TableDistance, everyBlob: readonly Blob[][]): Located | null {
  for (const level of everyBlob) {
    const big = level.filter((b) => b.area >= MIN_AREA * f.w * f.h && touchesBorder(b, f.w, f.h)).sort((a, b) => b.area - a.area)[0];
    if (big === undefined) continue;
    const rough = corners(big, f.w);
    const met = cutCard(big.pixels, f.w, f.h, MASK_FACTOR, rough) ?? cutThreeSided(big.pixels, f.w, f.h, MASK_FACTOR, rough);
    if (met === null) continue;
    // A blob that is no card's shape does not tell the card's long axis: the short side goes first.
    const quad = hypot(met[1]![0] - met[0]![0], met[1]![1] - met[0]![1]) > hypot(met[2]![0] - met[1]![0], met[2]![1] - met[1]![1]) ? [met[1]!, met[2]!, met[3]!, met[0]!] : met;
    const q = quad.map(([x, y]) => [x / MASK_FACTOR, y / MASK_FACTOR] as Point);
    if (secondHueShare(f, q) > SECOND_HUE || secondCard(f, t, everyBlob, null, quad)) return { kind: 'several', count: 2 };
    return { kind: 'card', quad };
  }
  return null;
}

/** Locates the one card in an RGB frame (any rotation), or says there is none or several. */
export function locateCard(img: RawImage): Located {
  if (img.width < 32 || img.height < 32) return { kind: 'none' };
  const f = shrink(img), distance = tableDistance(f);
  const found = locateWith(img, f, distance);
  // A card in one of a patterned cloth's colours is cloth by colour: tried again with the solid pieces on the cloth as card.
  const dc = found.kind === 'card' || distance.solid === undefined ? null : withSolid(distance.dc, distance.solid());
  const again = dc === null ? found : locateWith(img, f, { ...distance, dc });
  if (again.kind !== 'card' || dc === null) return found;
  return edgeSupport(img, again.quad) >= SOLID_EDGE && solidShare(dc, again.quad.map(([x, y]) => [x / MASK_FACTOR, y / MASK_FACTOR] as Point), f.w, f.h) < SOLID_FULL ? again : found;
}

function locateWith(img: RawImage, f: ReturnType<typeof shrink>, distance: TableDistance): Located {
  // The strictest level may hold only part of the card (its white panel or numeral), and a part
  // is always smaller than the whole, so the biggest card wins; but only among levels whose card
  // has sharp edges all round, since a loose level can merge the card with a lit patch of table.
  const levels: Array<{ blobs: Blob[]; biggest: Blob; quad: Point[]; edge: number; eroded?: boolean }> = [];
  const everyBlob: Blob[][] = [];
  for (const strictness of distance.levels) {
    // On a patterned cloth, pattern pieces touching the card are opened off it: they pull its sides out.
    const cleaned = clean(foreground(distance, strictness), f.w, f.h);
    const m = distance.cloth ? opened(cleaned, f.w, f.h, CLOTH_OPEN) : cleaned;
    const all = blobs(m, f.w, f.h, PIECE_AREA * f.w * f.h);
    everyBlob.push(all);
    const level: Blob[] = [];
    for (const b of all) {
      if (b.area < MIN_AREA * f.w * f.h) continue;
      const card = cardLike(b) && quadLike(corners(b, f.w), b.area) ? b : tiltedCard(b, f.w, f.h);
      if (card !== null) level.push(card);
    }
    if (level.length === 0) continue;
    const biggest = level.reduce((a, b) => (b.area > a.area ? b : a));
    const quad = cardCorners(biggest, f.w, f.h);
    levels.push({ blobs: level, biggest, quad, edge: edgeSupport(img, quad) });
  }
  // No level holds a clean card: a thumb, a glare or the frame's edge may have joined something
  // to it, so the biggest blobs are eroded until what sticks out falls away (strict levels first).
  // A glare spilling off the card joins it to a round patch of table too wide to erode away, so
  // last the levels are made again without glare (bright, colourless pixels) and the card's
  // rectangle is fitted to what is left of its sides.
  // The glare mask is made only on the paths that ask for it: most frames never do.
  let glareMemo: Uint8Array | null = null;
  const glare = (): Uint8Array => (glareMemo ??= glareMask(f, distance));
  const glareFree = (): Blob[][] => distance.levels.map((s) => {
    const m = foreground(distance, s), g = glare();
    for (let i = 0; i < m.length; i++) if (g[i]) m[i] = 0;
    return blobs(clean(m, f.w, f.h), f.w, f.h, MIN_AREA * f.w * f.h);
  });
  type Level = (typeof levels)[number];
  // The quad of a card refused for what lay beside it (see findIn).
  const refused: { quad: Point[] | null } = { quad: null };
  // The first card a finder makes of the biggest blobs of each source level, strict first; or the
  // answer when what it found is two cards.
  const findIn = (sourceBlobs: Blob[][], rectangle: boolean): Level | Located | null => {
    for (let k = 0; k < sourceBlobs.length; k++) {
      const big = sourceBlobs[k]!.filter((b) => b.area >= MIN_AREA * f.w * f.h).sort((a, b) => b.area - a.area).slice(0, 2);
      for (const b of big) {
        const found = rectangle ? rectangleCard(b, f.w, f.h, glare()) : erodedCard(b, f.w, f.h);
        if (found === null || !quadShape(found.quad)) continue;
        // A rectangle only where glare spilled past the card or the frame cut it: two overlapping cards also fill most of one.
        if (rectangle && !cutOrSpilled(b, found.quad, glare(), f.w, f.h)) continue;
        // Something big beside the card that no hand brings in from the frame's edge, or a second
        // colour across the quad, is another card (a finger over a card shows less of its colour).
        if (found.stray > STRAY_SHARE) {
          refused.quad = found.quad;
          return found.stray > EXCESS_SHARE ? { kind: 'several', count: 2 } : { kind: 'none' };
        }
        const q = found.quad.map(([x, y]) => [x / MASK_FACTOR, y / MASK_FACTOR] as Point);
        // A thumb's skin over an eroded card that a hand joins from the frame's edge is no second
        // card's colour; the card must then have a sharp edge all round.
        const edge = edgeSupport(img, found.quad);
        const hand = (): boolean => !rectangle && touchesBorder(b, f.w, f.h) && secondHueShare(f, q, true) <= ERODED_SECOND_HUE && edge >= HAND_EDGE;
        // A rectangle fitted round glare: the glare's warm rim and a card's pale panel are hues of
        // their own, so a second hue there is a second card only where the outline strays as well.
        const lit = (): boolean => rectangle && litOneCard(f, found.blob, found.quad, glare());
        if (secondHueShare(f, q) > ERODED_SECOND_HUE && !hand() && !lit()) return { kind: 'several', count: 2 };
        return { blobs: [found.blob], biggest: found.blob, quad: found.quad, edge, eroded: true };
      }
    }
    return null;
  };
  const pick = (): Level | null => {
    const sharpest = Math.max(0, ...levels.map((l) => l.edge));
    let best: Level | null = null;
    for (const level of levels) {
      if (level.edge >= EDGE_SHARE * sharpest && (best === null || level.biggest.area > best.biggest.area * 1.15)) best = level;
    }
    return best;
  };
  // A card found whole at some level may still have swallowed the glare spilling off it: its
  // corners then lie out in the glare. With glare along its outline and a blob whose outline
  // strays from it (the glare's round edge; a card's white border along its edge is straight),
  // it is fitted again without the glare.
  const first = pick();
  const swollen = first !== null && strays(first, f.w, f.h) && glareAlong(first.quad, glare(), f.w, f.h);
  let found: Level | Located | null = null;
  if (swollen) found = findIn(glareFree(), true);
  else if (levels.length === 0) {
    found = findIn(everyBlob, false);
    // Taking glare out only takes pixels away, so with no blob big enough there is none without it either.
    const anyBig = everyBlob.some((level) => level.some((b) => b.area >= MIN_AREA * f.w * f.h));
    if (found === null && anyBig) found = findIn(glareFree(), true);
    // An eroded card refused for what lay beside it may have a lamp's spill there: with a clipped
    // glare core along its outline it is fitted again without the glare before none or several is said.
    else if (found !== null && 'kind' in found && refused.quad !== null && glareAlong(refused.quad, clippedGlare(glare(), f.l, f.w, f.h), f.w, f.h)) found = findIn(glareFree(), true) ?? found;
    // An eroded card with glare along its outline may be a card and a spill's disc eroded into one core.
    else if (found !== null && !('kind' in found) && found.eroded === true && glareAlong(found.quad, glare(), f.w, f.h)) found = findIn(glareFree(), true) ?? found;
  }
  // A hand over the card, reaching in from the frame's edge, is cut out before none or several is said.
  const held = (): Located | null => handHeldCard(img, f, everyBlob, glare);
  if (found !== null && 'kind' in found) return held() ?? found;
  if (found !== null) levels.splice(0, levels.length, found);
  const chosen = pick();
  if (chosen === null) return held() ?? cutAlone(f, distance, everyBlob) ?? { kind: 'none' };
  // Much smaller card-like blobs beside a big one are labels or coins, not a second card.
  const small = 0.4 * chosen.biggest.area;
  const cards = chosen.blobs.filter((b) => b.area > small);
  if (cards.length > 1) return held() ?? { kind: 'several', count: cards.length };
  if (secondCard(f, distance, everyBlob, chosen.eroded === true ? null : chosen.biggest, chosen.quad)) return held() ?? { kind: 'several', count: 2 };
  // A card found whole may have swallowed the finger over it: a hand reaching in is cut out first.
  if (everyBlob.some((level) => level.some((b) => b.area >= MIN_AREA * f.w * f.h && touchesBorder(b, f.w, f.h)))) {
    const hand = held();
    // Only a smaller card: a card that swallowed the finger is bigger than the card without it, never smaller.
    if (hand !== null && hand.kind === 'card' && quadArea(hand.quad) < HAND_SMALLER * quadArea(chosen.quad)) return hand;
  }
  const cut = touchesBorder(chosen.biggest, f.w, f.h) ? cutCard(chosen.biggest.pixels, f.w, f.h, MASK_FACTOR, chosen.quad) : null;
  return { kind: 'card', quad: cut ?? uncut(chosen.quad, img.width, img.height) };
}

