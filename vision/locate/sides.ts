// A card whose outline a lamp's glare has broken: its straight sides are found among the blob's
// edge pixels wherever they still show, and a side the glare hides is put where a card's 5:7
// puts it. Glare's own outline is round, so it gives no long straight run.
import type { Point } from '../homography.ts';
import { CARD_ASPECT, fitLine, intersect, quadShape, shortSideFirst } from './geometry.ts';
import { outlineSupport } from './outline.ts';
import { MASK_FACTOR } from './table.ts';

/** A straight run of edge pixels: its line and how far along it the run reaches each way. */
interface Run {
  at: Point;
  dir: Point;
  from: number;
  to: number;
  count: number;
}

/** How near a run's line (mask pixels) an edge pixel must lie to belong to it. */
const ON_RUN = 1.2;
/** The widest gap (mask pixels) inside one run: a longer one splits it. */
const RUN_GAP = 4;
/** The most runs taken from one outline: a card's four sides and a few of glare's or a finger's. */
const MOST_RUNS = 7;
/** Sides within this cosine of parallel, or of square, count as such (about 10°). */
const PARALLEL = 0.985;
const SQUARE = 0.17;
/** Edge pixel centres lie inside the blob's true edge; each side is moved out by this (mask pixels). */
const OUTWARD = 0.25;

/** The longest gap-free stretch of points along a line, as positions along it. */
function longestStretch(ts: Float64Array): { from: number; to: number; count: number } {
  ts.sort();
  let best = { from: ts[0]!, to: ts[0]!, count: 1 }, start = 0;
  for (let k = 1; k <= ts.length; k++) {
    if (k === ts.length || ts[k]! - ts[k - 1]! > RUN_GAP) {
      if (k - start > best.count) best = { from: ts[start]!, to: ts[k - 1]!, count: k - start };
      start = k;
    }
  }
  return best;
}

/** The straight runs of an outline, longest first: each the gap-free stretch most remaining edge pixels lie on. */
export function straightRuns(edge: readonly Point[], least: number): Run[] {
  let left = [...edge];
  const runs: Run[] = [];
  while (runs.length < MOST_RUNS && left.length >= least) {
    const n = left.length, step = Math.max(1, Math.floor(n / 40));
    // Flat copies and one buffer: this loop tries about 240 lines against every pixel left.
    const xs = Float64Array.from(left, (p) => p[0]), ys = Float64Array.from(left, (p) => p[1]), along = new Float64Array(n);
    const offsets = [n >> 3, n >> 2, (3 * n) >> 3, n >> 1, 3, 6];
    let best: Run | null = null;
    for (let i = 0; i < n; i += step) {
      for (const off of offsets) {
        const ax = xs[i]!, ay = ys[i]!, j = (i + off) % n, len = Math.hypot(xs[j]! - ax, ys[j]! - ay);
        if (len < 3) continue;
        const d0 = (xs[j]! - ax) / len, d1 = (ys[j]! - ay) / len;
        let m = 0;
        for (let k = 0; k < n; k++) {
          const px = xs[k]! - ax, py = ys[k]! - ay;
          if (Math.abs(px * d1 - py * d0) < ON_RUN) along[m++] = px * d0 + py * d1;
        }
        if (m < least || (best !== null && m <= best.count)) continue;
        const s = longestStretch(along.subarray(0, m));
        if (s.count > (best?.count ?? 0)) best = { at: left[i]!, dir: [d0, d1], ...s };
      }
    }
    if (best === null || best.count < least) break;
    // Refitted to its own pixels, then those pixels are taken out for the next run.
    const b = best;
    const mine = left.filter((p) => {
      const t = (p[0] - b.at[0]) * b.dir[0] + (p[1] - b.at[1]) * b.dir[1];
      return Math.abs((p[0] - b.at[0]) * b.dir[1] - (p[1] - b.at[1]) * b.dir[0]) < ON_RUN && t >= b.from - 0.5 && t <= b.to + 0.5;
    });
    const line = fitLine(mine);
    const taken = new Set(mine);
    left = left.filter((p) => !taken.has(p));
    if (line === null) continue;
    const ts = mine.map((p) => (p[0] - line.at[0]) * line.dir[0] + (p[1] - line.at[1]) * line.dir[1]);
    runs.push({ ...line, from: Math.min(...ts), to: Math.max(...ts), count: mine.length });
  }
  return runs;
}

const cosine = (a: Run, b: Run): number => Math.abs(a.dir[0] * b.dir[0] + a.dir[1] * b.dir[1]);
const distance = (r: Run, p: Point): number => (p[0] - r.at[0]) * r.dir[1] - (p[1] - r.at[1]) * r.dir[0];
const runEnds = (r: Run): Point[] => [[r.at[0] + r.from * r.dir[0], r.at[1] + r.from * r.dir[1]], [r.at[0] + r.to * r.dir[0], r.at[1] + r.to * r.dir[1]]];

/**
 * Card quads (mask pixels) from three straight runs: two parallel sides `a`, `b` and one square
 * to them, `c`. The fourth side is a run parallel to `c` where a card's 5:7 puts it, if there is
 * one, or else is put there: as far from `c` as the card's length (a, b the long sides) or width
 * (a, b the short sides), the shorter that still takes in where a and b run.
 */
function fromThree(a: Run, b: Run, c: Run, runs: readonly Run[]): Point[] | null {
  const p1 = intersect(a, c), p2 = intersect(b, c);
  if (p1 === null || p2 === null) return null;
  const across = Math.hypot(p2[0] - p1[0], p2[1] - p1[1]);
  // Along a, away from c: towards where a's and b's runs lie.
  let u: Point = [a.dir[0], a.dir[1]];
  const ends = [...runEnds(a), ...runEnds(b)];
  const reach = ends.map((p) => (p[0] - p1[0]) * u[0] + (p[1] - p1[1]) * u[1]);
  if (reach.reduce((s, r) => s + r, 0) < 0) { u = [-u[0], -u[1]]; for (let k = 0; k < reach.length; k++) reach[k] = -reach[k]!; }
  const farthest = Math.max(...reach);
  // c's run must lie between a and b: it is the card's end, not a line beyond it.
  const mid = runEnds(c).map((p) => (p[0] - p1[0]) * (p2[0] - p1[0]) / across + (p[1] - p1[1]) * (p2[1] - p1[1]) / across);
  if (Math.min(...mid) < -0.1 * across || Math.max(...mid) > 1.1 * across) return null;
  const options = [across / CARD_ASPECT, across * CARD_ASPECT].filter((l) => l >= 0.9 * farthest);
  if (options.length === 0) return null;
  let length = options[0]!;
  // A run parallel to c near that distance is the far side itself.
  const cn = Math.sign(distance(c, [p1[0] + u[0], p1[1] + u[1]]));
  for (const r of runs) {
    if (r === a || r === b || r === c || cosine(r, c) < PARALLEL) continue;
    const d = Math.abs(distance(c, [r.at[0] + r.dir[0] * (r.from + r.to) / 2, r.at[1] + r.dir[1] * (r.from + r.to) / 2]));
    if (Math.sign(distance(c, r.at)) === cn && Math.abs(d - length) < 0.08 * length) length = d;
  }
  const p3: Point = [p2[0] + u[0] * length, p2[1] + u[1] * length], p4: Point = [p1[0] + u[0] * length, p1[1] + u[1] * length];
  const far = { at: p4, dir: c.dir };
  const q3 = intersect(b, far) ?? p3, q4 = intersect(a, far) ?? p4;
  return [p1, p2, q3, q4];
}

/** A quad turned to the locator's order: the short side first, clockwise on screen, in frame pixels, each side moved out. */
function inOrder(q: Point[]): Point[] {
  const o = shortSideFirst(q);
  const cx = (o[0]![0] + o[1]![0] + o[2]![0] + o[3]![0]) / 4, cy = (o[0]![1] + o[1]![1] + o[2]![1] + o[3]![1]) / 4;
  return o.map(([x, y]) => {
    const d = Math.hypot(x - cx, y - cy) || 1;
    return [(x + (OUTWARD * Math.SQRT2 * (x - cx)) / d) * MASK_FACTOR, (y + (OUTWARD * Math.SQRT2 * (y - cy)) / d) * MASK_FACTOR] as Point;
  });
}

/**
 * The card quads (frame pixels) that a blob's straight runs make, each with how many edge
 * pixels lie on its outline, most first. `side` is the card's expected short side (mask pixels):
 * a run must be a third of it to count. The frame's edge is no side of a card: leave its pixels out.
 */
export function sidedQuads(edge: readonly Point[], side: number): Array<{ quad: Point[]; support: number }> {
  const runs = straightRuns(edge, Math.max(8, Math.round(side / 3)));
  const out: Array<{ quad: Point[]; support: number }> = [];
  for (let i = 0; i < runs.length; i++) {
    for (let j = i + 1; j < runs.length; j++) {
      const a = runs[i]!, b = runs[j]!;
      if (cosine(a, b) < PARALLEL || Math.abs(distance(a, b.at)) < 0.4 * side) continue;
      for (const c of runs) {
        if (c === a || c === b || cosine(a, c) > SQUARE || cosine(b, c) > SQUARE) continue;
        const q = fromThree(a, b, c, runs);
        if (q === null || !quadShape(q)) continue;
        const quad = inOrder(q);
        // Counted on the quad as fitted (before inOrder moves its sides out), a little past its corners.
        out.push({ quad, support: outlineSupport(edge, q.map(([x, y]) => [x * MASK_FACTOR, y * MASK_FACTOR] as Point), ON_RUN, 0.02) });
      }
    }
  }
  return out.sort((x, y) => y.support - x.support);
}
