// Where a card lands under the conditions that move it: partly outside the frame, seen by a
// tilted camera, or overlapped by a second card. Shares of a card's area are measured on a grid
// of points over its face mapped through its quad, so they hold under perspective.
import { homographyFromPoints, project, type Point } from '../homography.ts';
import type { Rng } from '../random.ts';

const SAMPLES_ACROSS = 25, SAMPLES_DOWN = 35;

/** Points spread evenly over a card's face (cell centres of a 25 × 35 grid), mapped into the frame through its quad. */
export function facePoints(quad: readonly Point[]): Point[] {
  const h = homographyFromPoints([[0, 0], [1, 0], [1, 1], [0, 1]], quad);
  const out: Point[] = [];
  for (let j = 0; j < SAMPLES_DOWN; j++) for (let i = 0; i < SAMPLES_ACROSS; i++) out.push(project(h, (i + 0.5) / SAMPLES_ACROSS, (j + 0.5) / SAMPLES_DOWN));
  return out;
}

/** Where a point of the face (u, v in [0, 1], u across from the TL corner) lands in the frame. */
export function facePoint(quad: readonly Point[], u: number, v: number): Point {
  return project(homographyFromPoints([[0, 0], [1, 0], [1, 1], [0, 1]], quad), u, v);
}

/** Whether a point lies inside a convex quad (either winding). */
export function insideQuad(q: readonly Point[], p: Point): boolean {
  let sign = 0;
  for (let k = 0; k < 4; k++) {
    const a = q[k]!, b = q[(k + 1) % 4]!;
    const c = (b[0] - a[0]) * (p[1] - a[1]) - (b[1] - a[1]) * (p[0] - a[0]);
    if (c === 0) continue;
    if (sign === 0) sign = Math.sign(c);
    else if (Math.sign(c) !== sign) return false;
  }
  return true;
}

/** The share of a card's area outside a width × height frame. */
export function shareOutside(quad: readonly Point[], width: number, height: number): number {
  const pts = facePoints(quad);
  return pts.filter(([x, y]) => x < 0 || y < 0 || x > width || y > height).length / pts.length;
}

/** The share of the lower card's area that the upper card covers. */
export function shareHidden(lower: readonly Point[], upper: readonly Point[]): number {
  const pts = facePoints(lower);
  return pts.filter((p) => insideQuad(upper, p)).length / pts.length;
}

function centre(q: readonly Point[]): Point {
  return [(q[0]![0] + q[1]![0] + q[2]![0] + q[3]![0]) / 4, (q[0]![1] + q[1]![1] + q[2]![1] + q[3]![1]) / 4];
}

const moved = (q: readonly Point[], dx: number, dy: number): Point[] => q.map(([x, y]) => [x + dx, y + dy] as Point);

/** Bisects the distance t in [0, hi] at which a rising measure reaches `target`. */
function bisect(measure: (t: number) => number, target: number, hi: number): number {
  let lo = 0;
  for (let k = 0; k < 24; k++) {
    const mid = (lo + hi) / 2;
    if (measure(mid) < target) lo = mid;
    else hi = mid;
  }
  return hi;
}

/** The card slid from where it lay towards a frame edge or corner until `outside` of its area (drawn from [lo, hi]) is cut. */
export function offFrameQuad(quad: readonly Point[], rng: Rng, width: number, height: number, outside: [number, number]): { quad: Point[]; outside: number } {
  const target = rng.range(outside[0], outside[1]);
  // Towards one of the four edges or the four corners.
  const dirs: Point[] = [[-1, 0], [1, 0], [0, -1], [0, 1], [-1, -1], [1, -1], [1, 1], [-1, 1]];
  const [dx, dy] = rng.pick(dirs);
  const len = Math.hypot(dx, dy);
  const t = bisect((s) => shareOutside(moved(quad, (dx / len) * s, (dy / len) * s), width, height), target, Math.hypot(width, height));
  const q = moved(quad, (dx / len) * t, (dy / len) * t);
  return { quad: q, outside: shareOutside(q, width, height) };
}

/**
 * A card seen by a camera tilted `tilt` degrees from looking straight down: the card lies on the
 * table (5 × 7 units, `size` of the camera's distance tall), turned and offset on it, and is
 * projected through a pinhole; the picture is turned (the camera's roll), scaled to `heightShare`
 * of the frame's height and moved to a random place inside it. The scale and move stand for the
 * focal length and principal point, so `focal` and `principal` undo them (tests recover the tilt).
 */
export function tiltedQuad(rng: Rng, width: number, height: number, tilt: number, heightShare: number): { quad: Point[]; focal: number; principal: Point } | null {
  const th = (tilt * Math.PI) / 180;
  const size = rng.range(0.25, 0.5);
  const phi = rng.range(0, Math.PI * 2), roll = rng.range(0, Math.PI * 2);
  const ox = rng.range(-0.15, 0.15), oy = rng.range(-0.15, 0.15);
  const cw = (size * 5) / 7, ch = size;
  const cp = Math.cos(phi), sp = Math.sin(phi), cr = Math.cos(roll), sr = Math.sin(roll);
  const proj = [[-cw / 2, -ch / 2], [cw / 2, -ch / 2], [cw / 2, ch / 2], [-cw / 2, ch / 2]].map(([a, b]) => {
    const X = ox + a! * cp - b! * sp, Y = oy + a! * sp + b! * cp;
    const z = 1 + Y * Math.sin(th);
    const u = X / z, v = (Y * Math.cos(th)) / z;
    return [u * cr - v * sr, u * sr + v * cr] as Point;
  });
  // The card's height in the picture: the mean of its two long sides.
  const long = (Math.hypot(proj[0]![0] - proj[3]![0], proj[0]![1] - proj[3]![1]) + Math.hypot(proj[1]![0] - proj[2]![0], proj[1]![1] - proj[2]![1])) / 2;
  const focal = (heightShare * Math.min(width, height)) / long;
  const scaled = proj.map(([u, v]) => [u * focal, v * focal] as Point);
  const xs = scaled.map((p) => p[0]), ys = scaled.map((p) => p[1]);
  const spanX = Math.max(...xs) - Math.min(...xs), spanY = Math.max(...ys) - Math.min(...ys);
  if (spanX > width - 8 || spanY > height - 8) return null;
  const px = rng.range(4 - Math.min(...xs), width - 4 - Math.max(...xs)), py = rng.range(4 - Math.min(...ys), height - 4 - Math.max(...ys));
  return { quad: scaled.map(([x, y]) => [x + px, y + py] as Point), focal, principal: [px, py] };
}

/**
 * The upper of two overlapping cards: the lower card's size, any rotation, its centre moved
 * from the lower's along a random direction until it hides `hidden` of the lower (drawn from
 * [lo, hi]); null when no such place keeps it inside the frame.
 */
export function overlappingQuad(lower: readonly Point[], rng: Rng, width: number, height: number, hidden: [number, number]): { quad: Point[]; hidden: number } | null {
  const [cx, cy] = centre(lower);
  const cw = Math.hypot(lower[1]![0] - lower[0]![0], lower[1]![1] - lower[0]![1]) * rng.range(0.92, 1.08);
  const ch = (cw * 7) / 5;
  for (let attempt = 0; attempt < 20; attempt++) {
    const target = rng.range(hidden[0], hidden[1]);
    const theta = rng.range(0, Math.PI * 2), dir = rng.range(0, Math.PI * 2);
    const c = Math.cos(theta), s = Math.sin(theta), ux = Math.cos(dir), uy = Math.sin(dir);
    const at = (d: number): Point[] => [[-cw / 2, -ch / 2], [cw / 2, -ch / 2], [cw / 2, ch / 2], [-cw / 2, ch / 2]].map(([x, y]) =>
      [cx + ux * d + x! * c - y! * s, cy + uy * d + x! * s + y! * c] as Point);
    // Hiding falls as the upper card moves away, so bisect on the share left visible.
    const d = bisect((t) => 1 - shareHidden(lower, at(t)), 1 - target, 2 * Math.hypot(cw, ch));
    const quad = at(d);
    if (quad.every(([x, y]) => x > 2 && y > 2 && x < width - 3 && y < height - 3)) return { quad, hidden: shareHidden(lower, quad) };
  }
  return null;
}
