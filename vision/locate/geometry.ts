// Plain geometry of points, lines and quads for the locator: fitting, crossing, testing and
// reshaping them, with no knowledge of masks or blobs.
import type { Point } from '../homography.ts';

/** How near a frame edge (working pixels) both corners of a side must lie for the side to be the frame's cut, not the card's. */
const CUT_REACH = 6;
/** A card's long side over its short side. */
export const CARD_ASPECT = 88 / 63;

/** Least-squares line through points: a point on it and its unit direction; null for too few points. */
export function fitLine(pts: Point[]): { at: Point; dir: Point } | null {
  if (pts.length < 8) return null;
  let mx = 0, my = 0;
  for (let i = 0; i < pts.length; i++) { mx += pts[i]![0]; my += pts[i]![1]; }
  mx /= pts.length; my /= pts.length;
  let sxx = 0, syy = 0, sxy = 0;
  for (let i = 0; i < pts.length; i++) {
    const x = pts[i]![0], y = pts[i]![1];
    sxx += (x - mx) ** 2; syy += (y - my) ** 2; sxy += (x - mx) * (y - my);
  }
  const ang = 0.5 * Math.atan2(2 * sxy, sxx - syy);
  return { at: [mx, my], dir: [Math.cos(ang), Math.sin(ang)] };
}

/** The convex hull of points (counter-clockwise), by the monotone chain. */
export function convexHull(pts: readonly Point[]): Point[] {
  const s = [...pts].sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  if (s.length < 3) return s;
  const cross = (o: Point, a: Point, b: Point): number => (a[0] - o[0]) * (b[1] - o[1]) - (a[1] - o[1]) * (b[0] - o[0]);
  const lower: Point[] = [], upper: Point[] = [];
  for (const p of s) {
    while (lower.length >= 2 && cross(lower[lower.length - 2]!, lower[lower.length - 1]!, p) <= 0) lower.pop();
    lower.push(p);
  }
  for (let i = s.length - 1; i >= 0; i--) {
    const p = s[i]!;
    while (upper.length >= 2 && cross(upper[upper.length - 2]!, upper[upper.length - 1]!, p) <= 0) upper.pop();
    upper.push(p);
  }
  return lower.slice(0, -1).concat(upper.slice(0, -1));
}

/**
 * The smallest-area rectangle round a convex polygon (rotating calipers: one of its sides lies on
 * a side of the polygon), its corners in turn; empty for a polygon with no side.
 */
export function smallestRectangle(hull: readonly Point[]): Point[] {
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
  return rect;
}

/**
 * The largest-area quadrilateral with its corners among a convex polygon's vertices (in the
 * polygon's order), or null for fewer than four; a hull of more than `most` vertices is sampled
 * evenly, since the search grows with the cube of their number.
 */
export function largestQuad(hull: readonly Point[], most = 48): Point[] | null {
  const n = hull.length;
  if (n < 4) return null;
  const pick = n <= most ? hull : Array.from({ length: most }, (_, k) => hull[Math.floor((k * n) / most)]!);
  const m = pick.length;
  const tri = (a: Point, b: Point, c: Point): number => Math.abs((b[0] - a[0]) * (c[1] - a[1]) - (b[1] - a[1]) * (c[0] - a[0])) / 2;
  let best = 0, at: number[] | null = null;
  // A diagonal i–j splits the quad into two triangles, each best on its own side of the diagonal.
  for (let i = 0; i < m; i++) {
    for (let j = i + 2; j < m; j++) {
      let k = i + 1, kArea = -1, l = -1, lArea = -1;
      for (let x = i + 1; x < j; x++) { const t = tri(pick[i]!, pick[x]!, pick[j]!); if (t > kArea) { kArea = t; k = x; } }
      for (let x = j + 1; x < i + m; x++) { const t = tri(pick[i]!, pick[x % m]!, pick[j]!); if (t > lArea) { lArea = t; l = x % m; } }
      if (l >= 0 && kArea + lArea > best) { best = kArea + lArea; at = [i, k, j, l]; }
    }
  }
  return at === null ? null : at.map((k) => pick[k]!);
}

export function intersect(a: { at: Point; dir: Point }, b: { at: Point; dir: Point }): Point | null {
  const det = a.dir[0] * b.dir[1] - a.dir[1] * b.dir[0];
  if (Math.abs(det) < 1e-6) return null;
  const t = ((b.at[0] - a.at[0]) * b.dir[1] - (b.at[1] - a.at[1]) * b.dir[0]) / det;
  return [a.at[0] + t * a.dir[0], a.at[1] + t * a.dir[1]];
}

/**
 * True for corners whose opposite sides are alike (their lengths' ratio within `sideRatio`) and
 * whose angles are near square (|cos| within `cosine`: 0.4 is about 66°–114°).
 */
export function quadShape(q: readonly Point[], sideRatio = 1.33, cosine = 0.4): boolean {
  const side = (i: number): number => Math.hypot(q[(i + 1) % 4]![0] - q[i]![0], q[(i + 1) % 4]![1] - q[i]![1]);
  const s = [0, 1, 2, 3].map(side);
  const far = (r: number): boolean => r < 1 / sideRatio || r > sideRatio;
  if (far(s[0]! / s[2]!) || far(s[1]! / s[3]!)) return false;
  for (let i = 0; i < 4; i++) {
    const a = q[(i + 3) % 4]!, b = q[i]!, c = q[(i + 1) % 4]!;
    const cos = ((a[0] - b[0]) * (c[0] - b[0]) + (a[1] - b[1]) * (c[1] - b[1])) / (Math.hypot(a[0] - b[0], a[1] - b[1]) * Math.hypot(c[0] - b[0], c[1] - b[1]));
    if (Math.abs(cos) > cosine) return false;
  }
  return true;
}

/** The angle (radians, 0 for parallel) between a quad's side k and its opposite side. */
export function convergence(q: readonly Point[], k: number): number {
  const a = q[k]!, b = q[(k + 1) % 4]!, c = q[(k + 2) % 4]!, d = q[(k + 3) % 4]!;
  const u = Math.atan2(b[1] - a[1], b[0] - a[0]), v = Math.atan2(c[1] - d[1], c[0] - d[0]);
  const diff = Math.abs(u - v) % Math.PI;
  return Math.min(diff, Math.PI - diff);
}

/** A quad's corners in the locator's order (TL, TR, BR, BL of the upright card): clockwise on screen, a short side first. */
export function shortSideFirst(q: readonly Point[]): Point[] {
  const cw = signedArea(q) > 0 ? [...q] : [q[0]!, q[3]!, q[2]!, q[1]!];
  const side = (k: number): number => Math.hypot(cw[(k + 1) % 4]![0] - cw[k]![0], cw[(k + 1) % 4]![1] - cw[k]![1]);
  return side(0) + side(2) <= side(1) + side(3) ? cw : [cw[1]!, cw[2]!, cw[3]!, cw[0]!];
}

/** A quad's area, positive when its corners run clockwise on screen (y down). */
function signedArea(q: readonly Point[]): number {
  let a = 0;
  for (let i = 0; i < 4; i++) a += q[i]![0] * q[(i + 1) % 4]![1] - q[(i + 1) % 4]![0] * q[i]![1];
  return a / 2;
}

export function quadArea(q: readonly Point[]): number {
  return Math.abs(signedArea(q));
}

/** Whether a point lies inside a convex quad (either winding) grown by `grow` pixels. */
export function insideGrown(q: readonly Point[], x: number, y: number, grow: number): boolean {
  return insideTest(q, grow)(x, y);
}

/** insideGrown for one quad and growth, its sides worked out once for the many points a mask asks about (the same arithmetic). */
export function insideTest(q: readonly Point[], grow: number): (x: number, y: number) => boolean {
  const turn = (q[1]![0] - q[0]![0]) * (q[2]![1] - q[1]![1]) - (q[1]![1] - q[0]![1]) * (q[2]![0] - q[1]![0]) > 0 ? 1 : -1;
  const sides = [0, 1, 2, 3].map((k) => {
    const a = q[k]!, b = q[(k + 1) % 4]!;
    return { ax: a[0], ay: a[1], dx: b[0] - a[0], dy: b[1] - a[1], len: Math.hypot(b[0] - a[0], b[1] - a[1]) };
  });
  const [s0, s1, s2, s3] = sides as [typeof sides[0], typeof sides[0], typeof sides[0], typeof sides[0]];
  const out = (s: typeof s0, x: number, y: number): boolean => (turn * (s.dx * (y - s.ay) - s.dy * (x - s.ax))) / s.len < -grow;
  return (x, y) => !(out(s0, x, y) || out(s1, x, y) || out(s2, x, y) || out(s3, x, y));
}

/** A convex quad (frame pixels) with each side moved out by what a diamond of `radius` takes off a side of its direction. */
export function grownQuad(q: readonly Point[], radius: number): Point[] {
  const cx = (q[0]![0] + q[1]![0] + q[2]![0] + q[3]![0]) / 4, cy = (q[0]![1] + q[1]![1] + q[2]![1] + q[3]![1]) / 4;
  const lines = q.map((a, k) => {
    const c = q[(k + 1) % 4]!, len = Math.hypot(c[0] - a[0], c[1] - a[1]);
    const dir: Point = [(c[0] - a[0]) / len, (c[1] - a[1]) / len];
    let n: Point = [-dir[1], dir[0]];
    if ((a[0] - cx) * n[0] + (a[1] - cy) * n[1] < 0) n = [-n[0], -n[1]];
    const out = radius * Math.max(Math.abs(n[0]), Math.abs(n[1]));
    return { at: [a[0] + out * n[0], a[1] + out * n[1]] as Point, dir };
  });
  return q.map((corner, k) => intersect(lines[(k + 3) % 4]!, lines[k]!) ?? corner);
}

/** The line through two of the points that most of them lie within `inlier` of, refitted to those; null for too few. */
export function mostSupportedLine(pts: readonly Point[], inlier: number): { at: Point; dir: Point } | null {
  if (pts.length < 8) return null;
  const n = pts.length, step = Math.max(1, Math.floor(n / 24));
  let best: Point[] = [];
  for (let i = 0; i < n; i += step) {
    for (const j of [(i + (n >> 2)) % n, (i + (n >> 1)) % n]) {
      const a = pts[i]!, b = pts[j]!, len = Math.hypot(b[0] - a[0], b[1] - a[1]);
      if (len < 4) continue;
      const inliers = pts.filter((p) => Math.abs((p[0] - a[0]) * (b[1] - a[1]) - (p[1] - a[1]) * (b[0] - a[0])) / len < inlier);
      if (inliers.length > best.length) best = inliers;
    }
  }
  return fitLine(best);
}

/**
 * A card cut by the frame's edge: the side lying along the edge is the frame's, so the two sides
 * running into it are extended to a card's proportions, measured on the side opposite the cut
 * (the corners then lie outside the frame, where the crop repeats the edge's pixels).
 */
export function uncut(quad: readonly Point[], w: number, h: number): Point[] {
  const onEdge = (p: Point): number[] => [p[0] < CUT_REACH ? 0 : -1, p[1] < CUT_REACH ? 1 : -1, p[0] > w - CUT_REACH ? 2 : -1, p[1] > h - CUT_REACH ? 3 : -1].filter((e) => e >= 0);
  const out = quad.map((p) => [p[0], p[1]] as Point);
  for (let k = 0; k < 4; k++) {
    const a = quad[k]!, b = quad[(k + 1) % 4]!;
    if (!onEdge(a).some((e) => onEdge(b).includes(e))) continue;
    const before = quad[(k + 3) % 4]!, after = quad[(k + 2) % 4]!;
    const opposite = Math.hypot(after[0] - before[0], after[1] - before[1]);
    const a1 = Math.hypot(a[0] - before[0], a[1] - before[1]), a2 = Math.hypot(b[0] - after[0], b[1] - after[1]);
    // Less than 15 % of a card is ever cut, so a long side stays longer than the short one.
    const full = Math.max(a1, a2) > 0.9 * opposite ? CARD_ASPECT * opposite : opposite / CARD_ASPECT;
    if (a1 < full) out[k] = [before[0] + ((a[0] - before[0]) * full) / a1, before[1] + ((a[1] - before[1]) * full) / a1];
    if (a2 < full) out[(k + 1) % 4] = [after[0] + ((b[0] - after[0]) * full) / a2, after[1] + ((b[1] - after[1]) * full) / a2];
  }
  return out;
}

/**
 * Visits every pixel of a w × h mask in the box round a quad (mask pixels), grown by `reach`,
 * with its index and its centre; the caller tests what it needs (inside the quad, near it).
 */
export function eachInBox(q: readonly Point[], w: number, h: number, reach: number, visit: (i: number, x: number, y: number) => void): void {
  const xs = q.map((p) => p[0]), ys = q.map((p) => p[1]);
  const x0 = Math.max(0, Math.floor(Math.min(...xs) - reach)), x1 = Math.min(w - 1, Math.ceil(Math.max(...xs) + reach));
  const y0 = Math.max(0, Math.floor(Math.min(...ys) - reach)), y1 = Math.min(h - 1, Math.ceil(Math.max(...ys) + reach));
  for (let y = y0; y <= y1; y++) for (let x = x0; x <= x1; x++) visit(y * w + x, x + 0.5, y + 0.5);
}
