// A card cut by the frame's edge: its visible sides are fitted as straight lines (the frame's own
// edge left out) and met beyond the edge, which keeps the perspective that stretching sides loses.
import type { Point } from '../homography.ts';
import { CARD_ASPECT, fitLine, insideTest, intersect, quadArea, quadShape } from './geometry.ts';

type Line = { at: Point; dir: Point };

/** How near a line (mask pixels) an outline pixel must lie to count as on it. */
const ON_LINE = 1;
/** Fewest outline pixels a side must have, as a share of the outline, to be trusted. */
const SIDE_SHARE = 0.03;
/** Pixels of the blob that may lie outside the quad met beyond the edge. */
const OUTSIDE_SHARE = 0.03;

/** The blob's outline pixels (mask pixel centres), leaving out those along the frame's edge. */
function outline(pixels: Int32Array, w: number, h: number): Point[] {
  const inBlob = new Uint8Array(w * h);
  for (const i of pixels) inBlob[i] = 1;
  const out: Point[] = [];
  for (const i of pixels) {
    const x = i % w, y = (i / w) | 0;
    if (x <= 1 || y <= 1 || x >= w - 2 || y >= h - 2) continue;
    if (!inBlob[i - 1] || !inBlob[i + 1] || !inBlob[i - w] || !inBlob[i + w]) out.push([x + 0.5, y + 0.5]);
  }
  return out;
}

/** The line through two sampled points that most points lie on, refitted to those; with its inliers. */
function bestLine(pts: readonly Point[]): { line: Line; on: Point[] } | null {
  const n = pts.length, step = Math.max(1, Math.floor(n / 28));
  let best: Point[] = [];
  for (let i = 0; i < n; i += step) {
    for (let j = i + step; j < n; j += step) {
      const a = pts[i]!, b = pts[j]!, len = Math.hypot(b[0] - a[0], b[1] - a[1]);
      if (len < 6) continue;
      let count = 0;
      for (const p of pts) if (Math.abs((p[0] - a[0]) * (b[1] - a[1]) - (p[1] - a[1]) * (b[0] - a[0])) / len < ON_LINE) count++;
      if (count > best.length) best = pts.filter((p) => Math.abs((p[0] - a[0]) * (b[1] - a[1]) - (p[1] - a[1]) * (b[0] - a[0])) / len < ON_LINE);
    }
  }
  const line = fitLine(best);
  return line === null ? null : { line, on: best };
}

/**
 * The full quad (frame pixels, in `quad`'s corner order) of a card blob that touches the frame's
 * edge, from four sides seen beyond it; null unless all four are seen and they make a card that
 * holds the blob. `factor` is the mask's shrink factor.
 */
export function cutCard(pixels: Int32Array, w: number, h: number, factor: number, quad: readonly Point[]): Point[] | null {
  const lines = visibleSides(pixels, w, h);
  if (lines.length < 4) return null;
  const [cx, cy] = centre(pixels, w);
  // Sides ordered by the direction from the blob's centre to each line's nearest point.
  const angle = (l: Line): number => {
    const t = (cx - l.at[0]) * l.dir[0] + (cy - l.at[1]) * l.dir[1];
    return Math.atan2(l.at[1] + t * l.dir[1] - cy, l.at[0] + t * l.dir[0] - cx);
  };
  const sorted = lines.map((l) => ({ l, a: angle(l) })).sort((p, q) => p.a - q.a);
  for (let k = 0; k < 4; k++) {
    const gap = ((sorted[(k + 1) % 4]!.a - sorted[k]!.a) + 2 * Math.PI) % (2 * Math.PI);
    if (gap < 0.9 || gap > 2.2) return null;
  }
  const met: Point[] = [];
  for (let k = 0; k < 4; k++) {
    const c = intersect(sorted[k]!.l, sorted[(k + 1) % 4]!.l);
    if (c === null) return null;
    met.push([(c[0]) * factor, (c[1]) * factor]);
  }
  if (!quadShape(met, 1.5, 0.5)) return null;
  // The quad must hold the blob, and the blob must fill most of what of the quad lies in the frame.
  const m = met.map(([x, y]) => [x / factor, y / factor] as Point);
  const turn = Math.sign((m[1]![0] - m[0]![0]) * (m[2]![1] - m[1]![1]) - (m[1]![1] - m[0]![1]) * (m[2]![0] - m[1]![0]));
  let outside = 0;
  for (const i of pixels) {
    const x = (i % w) + 0.5, y = ((i / w) | 0) + 0.5;
    for (let k = 0; k < 4; k++) {
      const a = m[k]!, b = m[(k + 1) % 4]!;
      if (turn * ((b[0] - a[0]) * (y - a[1]) - (b[1] - a[1]) * (x - a[0])) < -1.5 * Math.hypot(b[0] - a[0], b[1] - a[1])) { outside++; break; }
    }
  }
  if (outside > OUTSIDE_SHARE * pixels.length) return null;
  if (quadArea(m) > pixels.length / 0.7) return null;
  return inCornerOrder(met, quad);
}

/** Up to four straight sides of a blob's outline (the frame's edge left out), each holding SIDE_SHARE of it. */
function visibleSides(pixels: Int32Array, w: number, h: number): Line[] {
  let pts = outline(pixels, w, h);
  const total = pts.length, lines: Line[] = [];
  for (let k = 0; k < 4 && pts.length >= 8; k++) {
    const found = bestLine(pts);
    if (found === null || found.on.length < SIDE_SHARE * total) break;
    lines.push(found.line);
    const { at, dir } = found.line;
    pts = pts.filter((p) => Math.abs((p[0] - at[0]) * dir[1] - (p[1] - at[1]) * dir[0]) >= 2 * ON_LINE);
  }
  return lines;
}

function centre(pixels: Int32Array, w: number): Point {
  let cx = 0, cy = 0;
  for (const i of pixels) { cx += i % w; cy += (i / w) | 0; }
  return [cx / pixels.length, cy / pixels.length];
}

/** Two sides this near parallel (|sin| of the angle between them) are a card's opposite sides. */
const PARALLEL = 0.14;
/** ... and a third this near square to both (|cos|) is the side joining them. */
const SQUARE = 0.26;
/** The blob must fill this share of the part of a three-sided card's quad inside the frame. */
const THREE_SIDED_FILL = 0.85;
/** The least share of a three-sided card's length that must be in view, and the most beyond 5:7. */
const THREE_SIDED_SEEN = 0.75;
const THREE_SIDED_LONGER = 1.12;
/** The far side must lie beyond the frame or within this many mask pixels of its edge (where the blob's edge blurs into the frame's). */
const EDGE_BAND = 3;
/** Of nine points along the far side, how many may lie in view (a corner of it that the frame's edge blurs). */
const FAR_IN_VIEW = 2;

/**
 * A card whose whole far side is beyond the frame's edge shows three sides: two parallel ones
 * running into the edge and the end joining them. The far side is put parallel to the end at a
 * card's 5:7 from it (the end is the short side when more than 90 % of its length is in view, as
 * uncut() reasons, or just beyond the blob where a tilt shows a little more); kept only when that
 * side lies out of view (but for a corner in the band where the frame's edge blurs the blob's), at
 * least three quarters of the card are in view, the card holds the blob, and the blob fills what
 * of the card is in the frame. Frame pixels, in `quad`'s corner order.
 */
export function cutThreeSided(pixels: Int32Array, w: number, h: number, factor: number, quad: readonly Point[]): Point[] | null {
  const lines = visibleSides(pixels, w, h);
  if (lines.length !== 3) return null;
  const cross = (a: Line, b: Line): number => Math.abs(a.dir[0] * b.dir[1] - a.dir[1] * b.dir[0]);
  let k = -1;
  for (let e = 0; e < 3; e++) {
    const [p, q] = lines.filter((_, i) => i !== e) as [Line, Line];
    if (cross(p, q) < PARALLEL && cross(lines[e]!, p) > Math.sqrt(1 - SQUARE ** 2) && cross(lines[e]!, q) > Math.sqrt(1 - SQUARE ** 2)) k = e;
  }
  if (k < 0) return null;
  const end = lines[k]!, [p1, p2] = lines.filter((_, i) => i !== k) as [Line, Line];
  const c1 = intersect(end, p1), c2 = intersect(end, p2);
  if (c1 === null || c2 === null) return null;
  const width = Math.hypot(c2[0] - c1[0], c2[1] - c1[1]);
  // Along the parallel sides, away from the end and into the blob.
  let d: Point = [-end.dir[1], end.dir[0]];
  const [cx, cy] = centre(pixels, w);
  if ((cx - c1[0]) * d[0] + (cy - c1[1]) * d[1] < 0) d = [-d[0], -d[1]];
  let seen = 0;
  for (const i of pixels) seen = Math.max(seen, ((i % w) + 0.5 - c1[0]) * d[0] + (((i / w) | 0) + 0.5 - c1[1]) * d[1]);
  const proportion = seen > 0.9 * width ? width * CARD_ASPECT : width / CARD_ASPECT;
  // A tilt or a blurred edge can show a little more than 5:7; the far side is then just out of view.
  if (seen > THREE_SIDED_LONGER * proportion || seen < THREE_SIDED_SEEN * proportion) return null;
  const length = Math.max(proportion, seen + 0.5);
  const c3: Point = [c2[0] + length * d[0], c2[1] + length * d[1]], c4: Point = [c1[0] + length * d[0], c1[1] + length * d[1]];
  let inView = 0;
  for (let t = 0; t <= 1; t += 0.125) {
    const x = c4[0] + t * (c3[0] - c4[0]), y = c4[1] + t * (c3[1] - c4[1]);
    if (x > EDGE_BAND && y > EDGE_BAND && x < w - EDGE_BAND && y < h - EDGE_BAND) inView++;
  }
  if (inView > FAR_IN_VIEW) return null;
  const m = [c1, c2, c3, c4];
  const inside = insideTest(m, 1.5), within = insideTest(m, 0);
  let inQuad = 0, blobIn = 0;
  const ys = m.map((c) => c[1]), xs = m.map((c) => c[0]);
  for (let y = Math.max(0, Math.floor(Math.min(...ys))); y < Math.min(h, Math.ceil(Math.max(...ys))); y++) {
    for (let x = Math.max(0, Math.floor(Math.min(...xs))); x < Math.min(w, Math.ceil(Math.max(...xs))); x++) if (within(x + 0.5, y + 0.5)) inQuad++;
  }
  for (const i of pixels) if (inside((i % w) + 0.5, ((i / w) | 0) + 0.5)) blobIn++;
  if (blobIn < (1 - OUTSIDE_SHARE) * pixels.length || pixels.length < THREE_SIDED_FILL * inQuad) return null;
  return inCornerOrder(m.map(([x, y]) => [x * factor, y * factor] as Point), quad);
}

/** `met` in the corner order of the quad found before: each of its corners takes its nearest met corner. */
function inCornerOrder(met: readonly Point[], quad: readonly Point[]): Point[] {
  let bestShift = 0, bestRev = false, bestCost = Infinity;
  for (const rev of [false, true]) for (let s = 0; s < 4; s++) {
    let cost = 0;
    for (let k = 0; k < 4; k++) {
      const p = met[rev ? (s - k + 4) % 4 : (s + k) % 4]!;
      cost += Math.hypot(p[0] - quad[k]![0], p[1] - quad[k]![1]);
    }
    if (cost < bestCost) { bestCost = cost; bestShift = s; bestRev = rev; }
  }
  return quad.map((_, k) => met[bestRev ? (bestShift - k + 4) % 4 : (bestShift + k) % 4]!);
}
