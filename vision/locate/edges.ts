// A card on a cloth printed in its own colours: by colour it is cloth, but its four cut edges are
// still long straight steps, where a flower's or a dot's are curved and short. The edges are voted
// into straight lines (a Hough transform, each pixel voting only near its own gradient's
// direction), two nearly parallel pairs at nearly square angles make a quad, and the largest quad
// of a card's proportions whose sides an edge follows most of the way round, and stops at its
// corners, is the card. A straight edge running up to it from outside is a second card's side.
import type { Point } from '../homography.ts';
import type { RawImage } from '../image.ts';
import { CARD_ASPECT, fitLine, insideTest, intersect, quadArea, shortSideFirst } from './geometry.ts';

/** Angle bins over 180°, and how many bins either side of its gradient's direction a pixel votes in. */
const ANGLES = 90;
const SPREAD = 2;
/** Sobel magnitude (largest of the three channels) an edge pixel needs. */
const STRONG = 24;
/** Lines kept: the strongest peaks, each at least this many votes. */
const MOST_LINES = 36;
const LEAST_VOTES = 30;
/** Opposite sides within this cosine of parallel (about 8°: a slightly tilted camera converges them), corners within this of square (15°). */
const PARALLEL = 0.99;
const SQUARE_COSINE = 0.26;
/** The card's sides' lengths (long over short) allowed either side of 88:63. */
const ASPECT_SLACK = 0.16;
/** A card's long side as a share of the frame's height, least and most (the camera's range, with slack). */
const LEAST_LONG = 0.3;
const MOST_LONG = 0.9;
/** Share of each side's length, away from its corners, that an edge must follow; and of all four together. */
const SIDE_SHARE = 0.6;
const MEAN_SHARE = 0.75;
/** How far (pixels) from a side an edge pixel may lie, and how far from its normal its gradient may point (cosine). */
const NEAR_SIDE = 1.5;
const ALONG = 0.94;

/** The stretch past each corner (shares of the side's length) along which a side's line must not run on, and the share that counts as running on. */
const BEYOND = [0.08, 0.4] as const;
const RUNS_ON = 0.5;

/** A straight run of at least this share of the card's short side, ending within MEETS pixels of its outline from outside, is a second card's side. */
const SECOND_SIDE = 0.3;
const MEETS = 12;
/** Gaps (positions) a run may have; and how far from a side (pixels) a parallel line is the side's shadow or border. */
const RUN_GAP = 3;
const BESIDE = 8;

interface Gradient {
  w: number;
  h: number;
  /** Per pixel: the strongest channel's Sobel magnitude, and its direction as a unit vector (zero where weak). */
  mag: Float32Array;
  ux: Float32Array;
  uy: Float32Array;
}

function gradientOf(img: RawImage): Gradient {
  const { width: w, height: h, channels: c, data: d } = img;
  const mag = new Float32Array(w * h), ux = new Float32Array(w * h), uy = new Float32Array(w * h);
  const row = w * c;
  for (let y = 1; y < h - 1; y++) {
    for (let x = 1; x < w - 1; x++) {
      let best = 0, bx = 0, by = 0;
      const o = (y * w + x) * c;
      for (let k = 0; k < 3; k++) {
        const nw = d[o - row - c + k]!, n = d[o - row + k]!, ne = d[o - row + c + k]!;
        const wv = d[o - c + k]!, ev = d[o + c + k]!;
        const sw = d[o + row - c + k]!, s = d[o + row + k]!, se = d[o + row + c + k]!;
        const gx = ne + 2 * ev + se - nw - 2 * wv - sw, gy = sw + 2 * s + se - nw - 2 * n - ne;
        const sq = gx * gx + gy * gy;
        if (sq > best) {
          best = sq; bx = gx; by = gy;
        }
      }
      const m = Math.sqrt(best);
      mag[y * w + x] = m / 4;
      if (m > 0) {
        ux[y * w + x] = bx / m;
        uy[y * w + x] = by / m;
      }
    }
  }
  return { w, h, mag, ux, uy };
}

/** A line as its normal's angle bin and its distance from the origin along that normal. */
interface Line {
  bin: number;
  rho: number;
  votes: number;
}

function houghLines(g: Gradient): Line[] {
  const { w, h, mag, ux, uy } = g;
  const diag = Math.ceil(Math.hypot(w, h)), rhos = 2 * diag + 1;
  const acc = new Int32Array(ANGLES * rhos);
  const cos = Float64Array.from({ length: ANGLES }, (_, b) => Math.cos((b * Math.PI) / ANGLES));
  const sin = Float64Array.from({ length: ANGLES }, (_, b) => Math.sin((b * Math.PI) / ANGLES));
  for (let y = 1; y < h - 1; y++) {
    for (let x = 1; x < w - 1; x++) {
      const i = y * w + x;
      if (mag[i]! < STRONG) continue;
      // The normal's angle folded into [0, π): a line's two sides have opposite gradients.
      let a = Math.atan2(uy[i]!, ux[i]!);
      if (a < 0) a += Math.PI;
      const centre = Math.round((a * ANGLES) / Math.PI);
      for (let s = -SPREAD; s <= SPREAD; s++) {
        const b = (((centre + s) % ANGLES) + ANGLES) % ANGLES;
        const rho = Math.round(x * cos[b]! + y * sin[b]!) + diag;
        acc[b * rhos + rho]!++;
      }
    }
  }
  const peaks: Line[] = [];
  for (let b = 0; b < ANGLES; b++) {
    for (let r = 1; r < rhos - 1; r++) {
      const v = acc[b * rhos + r]!;
      if (v < LEAST_VOTES) continue;
      let top = true;
      for (let db = -1; db <= 1 && top; db++) {
        const nb = (((b + db) % ANGLES) + ANGLES) % ANGLES;
        // Past 180° a line's bin wraps round with its distance negated.
        const wraps = b + db < 0 || b + db >= ANGLES;
        for (let dr = -1; dr <= 1 && top; dr++) {
          if (db === 0 && dr === 0) continue;
          const nr = wraps ? 2 * diag - (r + dr) : r + dr;
          if (nr < 0 || nr >= rhos) continue;
          const u = acc[nb * rhos + nr]!;
          if (u > v || (u === v && (db < 0 || (db === 0 && dr < 0)))) top = false;
        }
      }
      if (top) peaks.push({ bin: b, rho: r - diag, votes: v });
    }
  }
  return peaks.sort((a, b) => b.votes - a.votes).slice(0, MOST_LINES);
}

/** A line fitted to the edge pixels along a peak, with where along it an edge of its direction runs. */
interface Edge {
  at: Point;
  dir: Point;
  /** Prefix sums over positions t = −reach…reach along the line: 1 where an edge of the line's direction lies beside it. */
  followed: Int32Array;
  reach: number;
}

/** Whether pixel (x, y) holds an edge whose gradient points along the normal (nx, ny). */
function edgeAcross(g: Gradient, x: number, y: number, nx: number, ny: number, strong: number): boolean {
  const ix = Math.round(x), iy = Math.round(y);
  if (ix < 1 || iy < 1 || ix >= g.w - 1 || iy >= g.h - 1) return false;
  const i = iy * g.w + ix;
  if (g.mag[i]! < strong) return false;
  return Math.abs(g.ux[i]! * nx + g.uy[i]! * ny) >= ALONG;
}

/** The positions t (whole, within ±reach) at which at + t·dir lies inside a w × h frame. */
function span(at: Point, dir: Point, w: number, h: number, reach: number): [number, number] {
  let lo = -reach, hi = reach;
  for (const [p, d, size] of [[at[0], dir[0], w], [at[1], dir[1], h]] as const) {
    if (Math.abs(d) < 1e-9) {
      if (p < 0 || p >= size) return [1, 0];
      continue;
    }
    const a = (0 - p) / d, b = (size - 1e-6 - p) / d;
    lo = Math.max(lo, Math.ceil(Math.min(a, b)));
    hi = Math.min(hi, Math.floor(Math.max(a, b)));
  }
  return [lo, hi];
}

/** The peak's line refitted to the edge pixels that lie along it and face its way; null when too few do. */
function edgeOf(g: Gradient, l: Line): Edge | null {
  const angle = (l.bin * Math.PI) / ANGLES;
  let at: Point = [Math.cos(angle) * l.rho, Math.sin(angle) * l.rho], dir: Point = [-Math.sin(angle), Math.cos(angle)];
  const reach = Math.ceil(Math.hypot(g.w, g.h));
  for (const near of [2, 1.2]) {
    const nx = -dir[1], ny = dir[0], pts: Point[] = [];
    const [t0, t1] = span(at, dir, g.w, g.h, reach);
    for (let t = t0; t <= t1; t++) {
      const px = at[0] + t * dir[0], py = at[1] + t * dir[1];
      for (let s = -near; s <= near; s += 0.5) {
        const x = px + s * nx, y = py + s * ny;
        if (edgeAcross(g, x, y, nx, ny, STRONG)) pts.push([Math.round(x), Math.round(y)]);
      }
    }
    const fit = fitLine(pts);
    if (fit === null) return null;
    [at, dir] = [fit.at, fit.dir];
  }
  const nx = -dir[1], ny = dir[0];
  const followed = new Int32Array(2 * reach + 2);
  const [f0, f1] = span(at, dir, g.w, g.h, reach);
  for (let t = -reach; t <= reach; t++) {
    const px = at[0] + t * dir[0], py = at[1] + t * dir[1];
    let hit = 0;
    // Past the frame nothing follows the line.
    if (t >= f0 && t <= f1) for (let s = -NEAR_SIDE; s <= NEAR_SIDE && !hit; s += 0.5) if (edgeAcross(g, px + s * nx, py + s * ny, nx, ny, STRONG / 2)) hit = 1;
    followed[t + reach + 1] = followed[t + reach]! + hit;
  }
  return { at, dir, followed, reach };
}

/** The share of positions t0…t1 along edge e at which an edge follows it (none past the frame). */
function followedShare(e: Edge, t0: number, t1: number): number {
  const from = Math.round(Math.min(t0, t1)), to = Math.round(Math.max(t0, t1)), n = to - from + 1;
  const a = Math.max(-e.reach, from), b = Math.min(e.reach, to);
  return b < a ? 0 : (e.followed[b + e.reach + 1]! - e.followed[a + e.reach]!) / n;
}

const along = (e: Edge, p: Point): number => (p[0] - e.at[0]) * e.dir[0] + (p[1] - e.at[1]) * e.dir[1];

/**
 * How well edge e makes a card's side from corner a to corner b: the share of the side, away from
 * its corners, that an edge follows; 0 when the edge runs on past either corner as far as a
 * gingham's line does (a card's side stops at its corners).
 */
function sideShare(e: Edge, a: Point, b: Point): number {
  const ta = along(e, a), tb = along(e, b), len = tb - ta;
  if (followedShare(e, tb + BEYOND[0] * len, tb + BEYOND[1] * len) >= RUNS_ON || followedShare(e, ta - BEYOND[0] * len, ta - BEYOND[1] * len) >= RUNS_ON) return 0;
  return followedShare(e, ta + 0.1 * len, tb - 0.1 * len);
}

const dot = (a: Point, b: Point): number => a[0] * b[0] + a[1] * b[1];

/** Distance from p to the segment a–b. */
function toSegment(p: Point, a: Point, b: Point): number {
  const dx = b[0] - a[0], dy = b[1] - a[1], len2 = dx * dx + dy * dy;
  const t = len2 === 0 ? 0 : Math.max(0, Math.min(1, ((p[0] - a[0]) * dx + (p[1] - a[1]) * dy) / len2));
  return Math.hypot(p[0] - a[0] - t * dx, p[1] - a[1] - t * dy);
}

/** The stretches (positions along e) an edge follows without a gap longer than RUN_GAP, of at least `least` positions. */
function runsOf(e: Edge, least: number): Array<[number, number]> {
  const runs: Array<[number, number]> = [];
  let start = -1, last = -1;
  for (let t = -e.reach; t <= e.reach + RUN_GAP + 1; t++) {
    const on = t <= e.reach && e.followed[t + e.reach + 1]! > e.followed[t + e.reach]!;
    if (on) {
      if (start < 0) start = t;
      last = t;
    } else if (start >= 0 && t - last > RUN_GAP) {
      if (last - start >= least) runs.push([start, last]);
      start = -1;
    }
  }
  return runs;
}

/**
 * Whether a straight edge other than the quad's own sides runs up to its outline from outside:
 * the side of a second card lying under it. A lone card on a cloth of flowers or dots meets no
 * such edge; a stripe's does, and such a card is left to the colour levels.
 */
function edgeRunsInto(edges: readonly Edge[], quad: readonly Point[], sides: readonly Edge[], short: number): boolean {
  const inside = insideTest(quad, 0);
  const nearOutline = (p: Point): boolean => [0, 1, 2, 3].some((k) => toSegment(p, quad[k]!, quad[(k + 1) % 4]!) <= MEETS);
  for (const e of edges) {
    if (sides.includes(e)) continue;
    // A drop shadow or a border runs beside a side, not into the outline.
    if (sides.some((s) => Math.abs(dot(s.dir, e.dir)) >= PARALLEL && Math.abs(dot([-s.dir[1], s.dir[0]], [e.at[0] - s.at[0], e.at[1] - s.at[1]])) <= BESIDE)) continue;
    for (const [t0, t1] of runsOf(e, SECOND_SIDE * short)) {
      const p0: Point = [e.at[0] + t0 * e.dir[0], e.at[1] + t0 * e.dir[1]], p1: Point = [e.at[0] + t1 * e.dir[0], e.at[1] + t1 * e.dir[1]];
      const mid: Point = [(p0[0] + p1[0]) / 2, (p0[1] + p1[1]) / 2];
      if (!inside(mid[0], mid[1]) && (nearOutline(p0) || nearOutline(p1))) return true;
    }
  }
  return false;
}

/** The card a frame's straight edges outline, or null; its corners in the locator's order. */
export function cardFromEdges(img: RawImage): Point[] | null {
  const g = gradientOf(img);
  const edges = houghLines(g).map((l) => edgeOf(g, l)).filter((e): e is Edge => e !== null);
  const pairs: Array<[Edge, Edge]> = [];
  for (let i = 0; i < edges.length; i++) {
    for (let j = i + 1; j < edges.length; j++) {
      if (Math.abs(dot(edges[i]!.dir, edges[j]!.dir)) >= PARALLEL) pairs.push([edges[i]!, edges[j]!]);
    }
  }
  let best: { quad: Point[]; area: number; sides: Edge[]; short: number } | null = null;
  for (let i = 0; i < pairs.length; i++) {
    for (let j = i + 1; j < pairs.length; j++) {
      const [a1, a2] = pairs[i]!, [b1, b2] = pairs[j]!;
      if (Math.abs(dot(a1.dir, b1.dir)) > SQUARE_COSINE) continue;
      const sides = [a1, b1, a2, b2];
      const q = [intersect(a1, b1), intersect(b1, a2), intersect(a2, b2), intersect(b2, a1)];
      if (q.some((p) => p === null)) continue;
      const corners = q as Point[];
      const length = (k: number): number => Math.hypot(corners[(k + 1) % 4]![0] - corners[k]![0], corners[(k + 1) % 4]![1] - corners[k]![1]);
      const short = Math.min(length(0) + length(2), length(1) + length(3)) / 2, long = Math.max(length(0) + length(2), length(1) + length(3)) / 2;
      if (Math.abs(long / short - CARD_ASPECT) > ASPECT_SLACK * CARD_ASPECT) continue;
      if (long < LEAST_LONG * img.height || long > MOST_LONG * img.height) continue;
      const area = quadArea(corners);
      if (area < 0.9 * short * long) continue;
      if (corners.some(([x, y]) => x < 0 || y < 0 || x > img.width || y > img.height)) continue;
      // Side k runs from corner k to corner k + 1 along sides[(k + 1) % 4].
      const shares = [0, 1, 2, 3].map((k) => sideShare(sides[(k + 1) % 4]!, corners[k]!, corners[(k + 1) % 4]!));
      const least = Math.min(...shares), mean = shares.reduce((s, v) => s + v, 0) / 4;
      if (least < SIDE_SHARE || mean < MEAN_SHARE) continue;
      // A card's border or a band inside it makes a smaller quad of straight edges too: the card is the outermost.
      if (best === null || area > best.area) best = { quad: shortSideFirst(corners), area, sides, short };
    }
  }
  if (best === null || edgeRunsInto(edges, best.quad, best.sides, best.short)) return null;
  return best.quad;
}
