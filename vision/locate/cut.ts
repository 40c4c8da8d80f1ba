// A card cut by the frame's edge: its visible sides are fitted as straight lines (the frame's own
// edge left out) and met beyond the edge, which keeps the perspective that stretching sides loses.
import type { Point } from '../homography.ts';
import { fitLine, intersect, quadArea, quadShape } from './geometry.ts';

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
  let pts = outline(pixels, w, h);
  const total = pts.length, lines: Line[] = [];
  for (let k = 0; k < 4 && pts.length >= 8; k++) {
    const found = bestLine(pts);
    if (found === null || found.on.length < SIDE_SHARE * total) break;
    lines.push(found.line);
    const { at, dir } = found.line;
    pts = pts.filter((p) => Math.abs((p[0] - at[0]) * dir[1] - (p[1] - at[1]) * dir[0]) >= 2 * ON_LINE);
  }
  if (lines.length < 4) return null;
  let cx = 0, cy = 0;
  for (const i of pixels) { cx += i % w; cy += (i / w) | 0; }
  cx /= pixels.length; cy /= pixels.length;
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
  // In the corner order of the quad found before: each of its corners takes its nearest met corner.
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
