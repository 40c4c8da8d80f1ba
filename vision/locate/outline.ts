// A card blob's outline: rough corners from its extreme points or its enclosing rectangle, sides
// refitted as lines through its edge pixels, and how sharp the frame's colour step is across them.
import type { RawImage } from '../image.ts';
import type { Point } from '../homography.ts';
import { convexHull, fitLine, intersect, smallestRectangle } from './geometry.ts';
import type { Blob } from './blobs.ts';
import { MASK_FACTOR, medianOf } from './table.ts';

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
export function corners(b: Blob, w: number): Point[] {
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
export const INLIER = 1;

/** The blob's edge pixels (centres, in mask pixels): blob pixels with a 4-neighbour outside it or on the frame's edge. */
export function edgePixelsOf(b: Blob, w: number, h: number): Point[] {
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
export function rectangleCorners(b: Blob, edge: readonly Point[]): Point[] {
  // The hull of the pixels' squares is the hull of the row ends' squares: a pixel with blob
  // pixels left and right of it in its row has its corners on the segments between theirs.
  const outline: Point[] = [];
  for (const [cx, cy] of rowEnds(edge)) {
    const x = cx - 0.5, y = cy - 0.5;
    outline.push([x, y], [x + 1, y], [x, y + 1], [x + 1, y + 1]);
  }
  const rect = smallestRectangle(convexHull(outline));
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
export function cardCorners(b: Blob, w: number, h: number): Point[] {
  const edge = edgePixelsOf(b, w, h), bridged = hullSamples(edge);
  const fromPoints = refineCorners(edge, bridged, corners(b, w)), fromRectangle = refineCorners(edge, bridged, rectangleCorners(b, edge));
  return outlineSupport(edge, fromRectangle) > outlineSupport(edge, fromPoints) ? fromRectangle : fromPoints;
}

/**
 * How many edge pixels lie within `inlier` of the quad's sides (the quad in frame pixels, the
 * points in mask pixels), counting those within `slack` (a share of the side) past its ends.
 */
export function outlineSupport(edge: readonly Point[], quad: readonly Point[], inlier = INLIER, slack = 0): number {
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
      if (t >= -slack && t <= 1 + slack && Math.abs((px - ax) * (cy - ay) - (py - ay) * (cx - ax)) / len < inlier) { n++; break; }
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
export function edgeSupport(img: RawImage, quad: readonly Point[], hidden?: (x: number, y: number, insideX: number, insideY: number) => boolean): number {
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
      if (hidden?.(px + EDGE_REACH * nx, py + EDGE_REACH * ny, px - EDGE_REACH * nx, py - EDGE_REACH * ny)) continue;
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
export const EDGE_SHARE = 0.75;
/** Points per side and how far either side of it (working pixels) edgeSupport compares. */
const EDGE_SAMPLES = 16;
const EDGE_REACH = 3;
