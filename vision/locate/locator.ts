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
import { SOLID_EDGE, SOLID_FULL, SOLID_SHARP, solidShare, withSolid } from './solid-ink.ts';
import { foreground, GLARE_SATURATION, MASK_FACTOR, shrink, tableDistance, type Shrunk, type TableDistance } from './table.ts';
import { CLIPPED, clippedGlare, glareAlong, glareInside, glareMask, spilled } from './glare.ts';
import { blobs, clean, touchesBorder, type Blob } from './blobs.ts';
import { cardCorners, corners, edgePixelsOf, edgeSupport, outlineSupport, rectangleCorners, EDGE_SHARE, INLIER } from './outline.ts';
import { crossFilter, grow, opened } from './morphology.ts';
import { handPixels } from './hand.ts';
import { cutCard, cutThreeSided } from './cut.ts';
import { cardFromEdges } from './edges.ts';
import { loadClothPairs, type ClothPairs } from './cloth-pairs.ts';
import { sidedQuads } from './sides.ts';
import { CARD_ASPECT, convergence, convexHull, eachInBox, grownQuad, insideTest, intersect, largestQuad, mostSupportedLine, quadArea, quadShape, uncut } from './geometry.ts';

/** The locator's answer: one card with its corners (TL, TR, BR, BL), none, or several. */
export type Located =
  | { kind: 'card'; quad: Point[] }
  | { kind: 'none' }
  | { kind: 'several'; count: number };

/** Smallest blob considered, as a share of the frame: a card filling a third of the frame's height covers about 6 %. */
const MIN_AREA = 0.03;

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
  // A nearly square blob's axes of inertia say little about which way its sides run, so its
  // extreme points along their diagonals can miss the corners: the axes are then taken from the
  // largest quad on its outline.
  let card = b;
  if (!quadLike(corners(b, w), b.area, true)) {
    const axes = hullAxes(b, w, h);
    if (axes === null || !quadLike(corners(axes, w), b.area, true)) return null;
    card = axes;
  }
  const q = corners(card, w);
  // Sides 1 and 3 run along the blob's long axis, 0 and 2 across it.
  if (aspect >= SQUAT && convergence(q, 0) > convergence(q, 1)) {
    card = { ...card, e1: [-card.e1[1], card.e1[0]], long: card.short, short: card.long };
    if (!quadLike(corners(card, w), b.area, true)) return null;
  }
  // Two overlapping cards, or a card and a thumb, also make a filled blob: its outline strays from any quad.
  const edge = edgePixelsOf(card, w, h);
  return outlineSupport(edge, cardCorners(card, w, h)) >= TILTED_OUTLINE * edge.length ? card : null;
}

/** The blob with its long axis along the longer pair of sides of the largest quad on its hull, or null. */
function hullAxes(b: Blob, w: number, h: number): Blob | null {
  const q = largestQuad(convexHull(edgePixelsOf(b, w, h)));
  if (q === null) return null;
  // Each pair of opposite sides taken the same way round: 0→1 with 3→2, and 1→2 with 0→3.
  const across: Point = [(q[1]![0] - q[0]![0]) + (q[2]![0] - q[3]![0]), (q[1]![1] - q[0]![1]) + (q[2]![1] - q[3]![1])];
  const down: Point = [(q[2]![0] - q[1]![0]) + (q[3]![0] - q[0]![0]), (q[2]![1] - q[1]![1]) + (q[3]![1] - q[0]![1])];
  const [axis, other] = hypot(across[0], across[1]) >= hypot(down[0], down[1]) ? [across, down] : [down, across];
  const len = hypot(axis[0], axis[1]);
  if (len === 0) return null;
  return { ...b, e1: [axis[0] / len, axis[1] / len], long: b.long, short: b.long * (hypot(other[0], other[1]) / len) };
}

/** The least share of a tilted card's blob's edge pixels on its quad's outline. */
const TILTED_OUTLINE = 0.9;

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

/**
 * The share of the saturated pixels inside a quad (shrunk by 15 % towards its centre, off the
 * table) whose hue lies more than 40° from the quad's main hue: a card is one colour (its splat
 * and bands are darker shades of it), two overlapping cards are usually two. With `skipSkin`
 * (a blob that reaches in from the frame's edge, as a hand does) skin-coloured pixels do not count,
 * nor, given a hand's mask, the hand's pixels.
 */
function secondHueShare(f: Shrunk, q: readonly Point[], skipSkin: boolean | Uint8Array = false): number {
  const bins = new Float64Array(36);
  const xs = q.map((p) => p[0]), ys = q.map((p) => p[1]);
  const cx = (xs[0]! + xs[1]! + xs[2]! + xs[3]!) / 4, cy = (ys[0]! + ys[1]! + ys[2]! + ys[3]!) / 4;
  const inner = q.map(([x, y]) => [cx + 0.85 * (x - cx), cy + 0.85 * (y - cy)] as Point);
  let n = 0;
  const inInner = insideTest(inner, 0);
  eachInBox(q, f.w, f.h, 0, (i, x, y) => {
    if (!inInner(x, y)) return;
    const a = f.c1[i]!, b = f.c2[i]!;
    if (hypot(a, b) < 0.2 || (skipSkin === true && skinLike(a, b)) || (skipSkin instanceof Uint8Array && skipSkin[i])) return;
    const k = Math.floor(((Math.atan2(b, a) / (2 * Math.PI) + 1) % 1) * 36) % 36;
    bins[k] = bins[k]! + 1;
    n++;
  });
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
function secondCard(f: Shrunk, t: TableDistance, levels: readonly Blob[][], card: Blob | null, quad: readonly Point[]): boolean {
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
  const inBlob = blobMask(f, card);
  let table = 0;
  const wellInside = insideTest(q, -1);
  const isTable = (i: number): boolean => !inBlob[i] && t.dc[i]! < 0.5 * t.tc && Math.abs(t.dl[i]!) < 0.5 * t.tBright;
  eachInBox(q, f.w, f.h, 0, (i, x, y) => {
    if (wellInside(x, y) && isTable(i)) table++;
  });
  // A card whose own colours come near the table's shows table-like bays too, but its quad's
  // corners lie on the card; a quad round two cards has a corner out on the table.
  return table > NOTCHED_TABLE * area && onOutline < NOTCHED_OUTLINE && emptiestCorner(q, isTable, f.w, f.h) > EMPTY_CORNER;
}

/**
 * The largest share of table among the mask pixels just inside each of a quad's corners (2–8
 * pixels in along the line to its centre, and one pixel either side of it).
 */
export function emptiestCorner(q: readonly Point[], isTable: (i: number) => boolean, w: number, h: number): number {
  const cx = (q[0]![0] + q[1]![0] + q[2]![0] + q[3]![0]) / 4, cy = (q[0]![1] + q[1]![1] + q[2]![1] + q[3]![1]) / 4;
  let emptiest = 0;
  for (const [px, py] of q) {
    const d = hypot(cx - px, cy - py) || 1, ux = (cx - px) / d, uy = (cy - py) / d;
    let table = 0, seen = 0;
    for (let r = 2; r <= 8; r++) {
      for (const side of [-1, 0, 1]) {
        const x = Math.round(px + ux * r - uy * side), y = Math.round(py + uy * r + ux * side);
        if (x < 0 || y < 0 || x >= w || y >= h) continue;
        seen++;
        if (isTable(y * w + x)) table++;
      }
    }
    if (seen > 0) emptiest = Math.max(emptiest, table / seen);
  }
  return emptiest;
}

/**
 * A quad with more table than NOTCHED_TABLE of it inside, whose outline holds less than
 * NOTCHED_OUTLINE of the blob's edge pixels, and with more table than EMPTY_CORNER just inside a
 * corner, is two cards (the figures behind EMPTY_CORNER are in docs/vision-history.md).
 */
const NOTCHED_TABLE = 0.06;
const NOTCHED_OUTLINE = 0.82;
const EMPTY_CORNER = 0.5;

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
function robustSides(edge: readonly Point[], rough: readonly Point[], w: number, h: number, band = 0.12): Point[] {
  const q = rough.map(([x, y]) => [x / MASK_FACTOR, y / MASK_FACTOR] as Point);
  const lines = q.map((a, k) => {
    const c = q[(k + 1) % 4]!, len = Math.hypot(c[0] - a[0], c[1] - a[1]);
    const u: Point = [(c[0] - a[0]) / len, (c[1] - a[1]) / len];
    const near: Point[] = [];
    for (const p of edge) {
      if (p[0] < 1 || p[1] < 1 || p[0] > w - 1 || p[1] > h - 1) continue;
      const t = ((p[0] - a[0]) * u[0] + (p[1] - a[1]) * u[1]) / len, d = (p[0] - a[0]) * u[1] - (p[1] - a[1]) * u[0];
      if (t > 0.1 && t < 0.9 && Math.abs(d) < Math.max(3, band * len)) near.push(p);
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
 * A card's corners on a patterned cloth, where pieces of the pattern touching the card join its
 * blob and pull the corners out: each side refitted to the straight run most of the blob's edge
 * pixels near it lie on (a petal's edge is curved), when more of them then lie on the outline.
 */
function clothSides(b: Blob, w: number, h: number): Point[] {
  const rough = cardCorners(b, w, h), edge = edgePixelsOf(b, w, h);
  const before = outlineSupport(edge, rough) / edge.length;
  if (before >= POOR) return rough;
  const refitted = robustSides(edge, rough, w, h, CLOTH_BAND);
  return quadShape(refitted) && outlineSupport(edge, refitted) / edge.length > before + GAIN ? refitted : rough;
}

/** How far from a rough side (a share of its length) a cloth's card's true side may lie. */
const CLOTH_BAND = 0.25;
/** The refit is taken only for a rough quad with less than POOR of the edge pixels on it, and when it holds GAIN more. */
const POOR = 0.5;
const GAIN = 0.1;

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
function litOneCard(f: Shrunk, blob: Blob, quad: readonly Point[], glare: Uint8Array): boolean {
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
function handHeldCard(img: RawImage, f: Shrunk, everyBlob: readonly Blob[][], glare: () => Uint8Array): Located | null {
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
      const hidden = (x: number, y: number): boolean => near[maskIndex(f, x, y)] === 1;
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
function cutAlone(f: Shrunk, t: TableDistance, everyBlob: readonly Blob[][]): Located | null {
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

/** The mask pixel under a point of the frame (frame pixels), held inside the mask. */
function maskIndex(f: Shrunk, x: number, y: number): number {
  return Math.min(f.h - 1, Math.max(0, Math.floor(y / MASK_FACTOR))) * f.w + Math.min(f.w - 1, Math.max(0, Math.floor(x / MASK_FACTOR)));
}

/** A blob's pixels as a mask of the frame's size. */
function blobMask(f: Shrunk, b: Blob): Uint8Array {
  const m = new Uint8Array(f.w * f.h);
  for (const i of b.pixels) m[i] = 1;
  return m;
}

/** Light this bright (bytes) may hide a card's edge: a lamp's glare on it, or on the table beside it. */
const LIT = 215;
/** The least clipped light near a card, as a share of its quad, for its sides to be looked for round glare. */
const CLIPPED_NEAR = 0.01;
/** How far (mask pixels) round clipped light a lamp's tinted ring reaches. */
const LAMP_RING = 6;
/** How far round clipped light the lamp's halo on the table reaches (mask pixels). */
const LAMP_HALO = 12;
/** A straight-sided quad's least and greatest area, as shares of its blob's. */
const SIDED_AREA = [0.6, 1.6] as const;
/** The least share of a quad where its blob shows unlit: the card must be seen, not only the light on it. */
const SIDED_SEEN = 0.5;
/** The least share of a quad that its blob and the light over it must fill. */
const SIDED_FILL = 0.9;

/** The quads each blob's straight runs make, kept for a second look at the same blob in the same frame. */
const quadsOf = new WeakMap<Blob, Array<{ quad: Point[]; support: number }>>();

/** Clipped pixels in the whole frame: a quad near fewer than CLIPPED_NEAR of its area of them is never kept, so blobs of a frame without them are not looked at. */
function clippedIn(f: Shrunk): number {
  let n = 0;
  for (let i = 0; i < f.l.length; i++) if (f.l[i]! >= CLIPPED) n++;
  return n;
}

/** Clipped light and the ring a lamp's glare tints round it (see LAMP_RING). */
function lampRing(f: Shrunk, reach = LAMP_RING): Uint8Array {
  const core = new Uint8Array(f.w * f.h);
  for (let i = 0; i < core.length; i++) core[i] = f.l[i]! >= CLIPPED ? 1 : 0;
  return grow(core, f.w, f.h, reach);
}

/** The least share of what a swollen card's blob holds beyond its straight sides that must lie in a lamp's ring. */
const SWALLOWED_LIGHT = 0.7;
/** ... and the least of it, as a share of the blob: a glare disc, not a corner's few pixels. */
const SWALLOWED_AREA = 0.03;

/**
 * A card whose outline glare has broken (see sides.ts): the biggest blobs' straight runs, from
 * each source level, make quads; the one most edge pixels lie on is kept when clipped light lies
 * near it, its blob and the light fill it, its sides are sharp where no light hides them and
 * nothing of a second card's colour lies beside it. With `swallowed`, that quad must also have
 * a lamp's light in its blob beyond it (a card that swallowed the light spilling off it).
 */
function sidedCard(img: RawImage, f: Shrunk, t: TableDistance, everyBlob: readonly Blob[][], sources: readonly Blob[][], swallowed = false): Point[] | null {
  // A patterned cloth's own straight runs (gingham, stripes) make quads of the pattern.
  if (t.cloth) return null;
  let best: { quad: Point[]; support: number; blob: Blob; inBlob: Uint8Array } | null = null;
  const clipped = clippedIn(f);
  let ringMemo: Uint8Array | null = null;
  const ring = (): Uint8Array => (ringMemo ??= lampRing(f));
  for (const level of sources) {
    for (const b of level.filter((x) => x.area >= MIN_AREA * f.w * f.h).sort((x, y) => y.area - x.area).slice(0, 2)) {
      // A kept quad is at least SIDED_AREA[0] of its blob's, with clipped light near it over CLIPPED_NEAR of that.
      if (clipped < CLIPPED_NEAR * SIDED_AREA[0] * b.area) continue;
      let quads = quadsOf.get(b);
      if (quads === undefined) {
        const edge = edgePixelsOf(b, f.w, f.h).filter(([x, y]) => x > 1 && y > 1 && x < f.w - 1 && y < f.h - 1);
        quadsOf.set(b, (quads = sidedQuads(edge, Math.sqrt(b.area / CARD_ASPECT)).slice(0, 4)));
      }
      let inBlob: Uint8Array | null = null;
      for (const { quad, support } of quads) {
        if (best !== null && support <= best.support) break;
        inBlob ??= blobMask(f, b);
        if (sidedOneCard(img, f, t, everyBlob, b, inBlob, quad, ring())) best = { quad, support, blob: b, inBlob };
      }
    }
  }
  return best === null || (swallowed && !swallowedLight(f, best.blob, best.quad) && !bittenByLight(f, best.inBlob, best.quad)) ? null : best.quad;
}

/** The checks sidedCard asks of a quad (frame pixels) made from blob `b`'s straight runs. */
function sidedOneCard(img: RawImage, f: Shrunk, t: TableDistance, everyBlob: readonly Blob[][], b: Blob, inBlob: Uint8Array, quad: Point[], ring: Uint8Array): boolean {
  const q = quad.map(([x, y]) => [x / MASK_FACTOR, y / MASK_FACTOR] as Point);
  const area = quadArea(q);
  if (area < SIDED_AREA[0] * b.area || area > SIDED_AREA[1] * b.area) return false;
  const inside = insideTest(q, 0), reach = 0.1 * Math.sqrt(area), near = insideTest(q, reach);
  let filled = 0, clipped = 0, card = 0;
  eachInBox(q, f.w, f.h, reach, (i, x, y) => {
    if (inside(x, y) && (inBlob[i] || f.l[i]! >= LIT)) { filled++; if (f.l[i]! < LIT) card++; }
    if (f.l[i]! >= CLIPPED && near(x, y)) clipped++;
  });
  if (clipped < CLIPPED_NEAR * area || filled < SIDED_FILL * area || card < SIDED_SEEN * area) return false;
  // The blob beyond the quad may be the lamp's light on the table (its core and the tinted ring
  // round it), never another card's colour.
  const beside = insideTest(q, 2);
  let foreign = 0;
  for (const i of b.pixels) {
    if (ring[i] || beside((i % f.w) + 0.5, ((i / f.w) | 0) + 0.5)) continue;
    if (hypot(f.c1[i]!, f.c2[i]!) > SATURATED && t.washed(f.c1[i]!, f.c2[i]!) > GLARE_SATURATION) foreign++;
  }
  if (foreign > SLIVER_SHARE * area || secondHueShare(f, q) > SECOND_HUE) return false;
  // A side is hidden where the light is bright on both sides of it: glare over the card's edge.
  const lit = (x: number, y: number): boolean => f.l[maskIndex(f, x, y)]! >= LIT;
  return edgeSupport(img, quad, (x, y, ix, iy) => lit(x, y) && lit(ix, iy)) >= HAND_EDGE && !secondCard(f, t, everyBlob, null, quad);
}

/** Whether what a blob holds beyond a quad (frame pixels) is mostly a lamp's light, not a card's white border all round. */
function swallowedLight(f: Shrunk, b: Blob, quad: readonly Point[]): boolean {
  const inside = insideTest(quad.map(([x, y]) => [x / MASK_FACTOR, y / MASK_FACTOR] as Point), 1), lamp = lampRing(f, LAMP_HALO);
  let beyond = 0, lit = 0;
  for (const i of b.pixels) {
    if (inside((i % f.w) + 0.5, ((i / f.w) | 0) + 0.5)) continue;
    beyond++;
    lit += lamp[i]!;
  }
  return beyond >= SWALLOWED_AREA * b.area && lit >= SWALLOWED_LIGHT * beyond;
}

/** Whether what a quad (frame pixels) holds beyond its blob (`inBlob`, a mask) is mostly light: a lamp's glare bit the card out of the mask. */
function bittenByLight(f: Shrunk, inBlob: Uint8Array, quad: readonly Point[]): boolean {
  const q = quad.map(([x, y]) => [x / MASK_FACTOR, y / MASK_FACTOR] as Point);
  const inside = insideTest(q, -1);
  let bitten = 0, lit = 0;
  eachInBox(q, f.w, f.h, 0, (i, x, y) => {
    if (inBlob[i] || !inside(x, y)) return;
    bitten++;
    if (f.l[i]! >= LIT) lit++;
  });
  return bitten >= SWALLOWED_AREA * quadArea(q) && lit >= SWALLOWED_LIGHT * bitten;
}

/** Locates the one card in an RGB frame (any rotation), or says there is none or several. */
export function locateCard(img: RawImage): Located {
  const { located, cloth } = findCard(img);
  // On a patterned cloth, what lies round the card is read for a second card under or over it.
  return located.kind === 'card' && cloth && clothPairs().pairs(img, located.quad) ? { kind: 'several', count: 2 } : located;
}

let clothPairsMemo: ClothPairs | null = null;
const clothPairs = (): ClothPairs => (clothPairsMemo ??= loadClothPairs());

/** What the locator makes of a frame before the cloth-pair network reads it, and whether the table is a patterned cloth. */
export function findCard(img: RawImage): { located: Located; cloth: boolean } {
  if (img.width < 32 || img.height < 32) return { located: { kind: 'none' }, cloth: false };
  const f = shrink(img), distance = tableDistance(f);
  const found = byColour(img, f, distance);
  if (found.kind !== 'none' || !distance.cloth) return { located: found, cloth: distance.cloth };
  // A card printed in the cloth's own colours is cloth by colour too, but its cut edges are straight.
  // Colour beside it that is not the cloth's is a second card the colour levels refused the pair for.
  const quad = cardFromEdges(img);
  const byEdges: Located = quad === null || colourBeside(foreground(distance, distance.levels[0]!), quad, f.w, f.h) > EDGE_CARD_BESIDE ? found : { kind: 'card', quad };
  return { located: byEdges, cloth: true };
}

/** Card-coloured pixels beside a card found by its edges, as a share of its area, above which they are a second card. */
const EDGE_CARD_BESIDE = 0.1;
/** How far beside a card's outline (share of its short side) colourBeside looks. */
const EDGE_CARD_REACH = 0.25;

/** The mask pixels set in `m` within EDGE_CARD_REACH of the quad's short side outside it (frame pixels), as a share of the quad's own. */
function colourBeside(m: Uint8Array, quad: readonly Point[], w: number, h: number): number {
  const q = quad.map(([x, y]) => [x / MASK_FACTOR, y / MASK_FACTOR] as Point);
  const short = Math.min(Math.hypot(q[1]![0] - q[0]![0], q[1]![1] - q[0]![1]), Math.hypot(q[2]![0] - q[1]![0], q[2]![1] - q[1]![1]));
  const inside = insideTest(q, 0), near = insideTest(q, EDGE_CARD_REACH * short);
  let beside = 0;
  eachInBox(q, w, h, EDGE_CARD_REACH * short, (i, x, y) => {
    if (m[i] && near(x, y) && !inside(x, y)) beside++;
  });
  return beside / Math.max(1, quadArea(q));
}

function byColour(img: RawImage, f: Shrunk, distance: TableDistance): Located {
  const found = locateWith(img, f, distance);
  // A card in one of a patterned cloth's colours is cloth by colour: tried again with the solid pieces on the cloth as card.
  const dc = found.kind === 'card' || distance.solid === undefined ? null : withSolid(distance.dc, distance.solid());
  const again = dc === null ? found : locateWith(img, f, { ...distance, dc });
  if (again.kind !== 'card' || dc === null) return found;
  // A quad solid all over is refused unless its edge is as sharp as a card's cut edge on cloth:
  // a card whose numeral is as far from the cloth's ground as its field is solid all over too.
  const edge = edgeSupport(img, again.quad);
  return edge >= SOLID_EDGE && (edge >= SOLID_SHARP || solidShare(dc, again.quad.map(([x, y]) => [x / MASK_FACTOR, y / MASK_FACTOR] as Point), f.w, f.h) < SOLID_FULL) ? again : found;
}

function locateWith(img: RawImage, f: Shrunk, distance: TableDistance): Located {
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
    const quad = distance.cloth ? clothSides(biggest, f.w, f.h) : cardCorners(biggest, f.w, f.h);
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
        // A rectangle fitted round glare, or an eroded card with glare along its outline: the
        // glare's warm rim and a card's pale panel are hues of their own, so a second hue there is
        // a second card only where the outline strays as well.
        const lit = (): boolean => (rectangle || glareAlong(found.quad, glare(), f.w, f.h)) && litOneCard(f, found.blob, found.quad, glare());
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
  const firstStrays = first !== null && strays(first, f.w, f.h);
  // A card that swallowed a lamp's light spilling off it onto the table: its straight sides,
  // where the light lies beyond them, make the card whatever the glare mask saw.
  if (levels.length === 0 || firstStrays) {
    const lit = sidedCard(img, f, distance, everyBlob, everyBlob, true);
    if (lit !== null) return { kind: 'card', quad: lit };
  }
  const swollen = firstStrays && glareAlong(first!.quad, glare(), f.w, f.h);
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
  const sided = (): Located | null => {
    const quad = sidedCard(img, f, distance, everyBlob, [...everyBlob, ...glareFree()]);
    return quad === null ? null : { kind: 'card', quad };
  };
  if (found !== null && 'kind' in found) return held() ?? (found.kind === 'none' ? sided() : null) ?? found;
  if (found !== null) levels.splice(0, levels.length, found);
  const chosen = pick();
  if (chosen === null) return held() ?? cutAlone(f, distance, everyBlob) ?? sided() ?? { kind: 'none' };
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

