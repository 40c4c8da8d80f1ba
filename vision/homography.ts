// Plane-to-plane projective maps (3 × 3 homographies), used both to place a card in a scene
// and to warp a located card back to an upright crop.

/** A point in pixels. */
export type Point = readonly [number, number];

/** A homography as 9 numbers, row-major, h[8] normalised to 1. */
export type Homography = Float64Array;

/** The homography that sends the four `from` points to the four `to` points (direct linear solve). */
export function homographyFromPoints(from: readonly Point[], to: readonly Point[]): Homography {
  // Eight equations in h0..h7 with h8 = 1, solved by Gaussian elimination with partial pivoting.
  const a: number[][] = [];
  for (let i = 0; i < 4; i++) {
    const [x, y] = from[i]!;
    const [u, v] = to[i]!;
    a.push([x, y, 1, 0, 0, 0, -u * x, -u * y, u]);
    a.push([0, 0, 0, x, y, 1, -v * x, -v * y, v]);
  }
  for (let c = 0; c < 8; c++) {
    let p = c;
    for (let r = c + 1; r < 8; r++) if (Math.abs(a[r]![c]!) > Math.abs(a[p]![c]!)) p = r;
    [a[c], a[p]] = [a[p]!, a[c]!];
    const pivot = a[c]![c]!;
    if (Math.abs(pivot) < 1e-12) throw new Error('degenerate quadrilateral: three corners are in a line');
    for (let r = 0; r < 8; r++) {
      if (r === c) continue;
      const f = a[r]![c]! / pivot;
      for (let k = c; k < 9; k++) a[r]![k]! -= f * a[c]![k]!;
    }
  }
  const h = new Float64Array(9);
  for (let i = 0; i < 8; i++) h[i] = a[i]![8]! / a[i]![i]!;
  h[8] = 1;
  return h;
}

/** Applies a homography to a point. */
export function project(h: Homography, x: number, y: number): [number, number] {
  const w = h[6]! * x + h[7]! * y + h[8]!;
  return [(h[0]! * x + h[1]! * y + h[2]!) / w, (h[3]! * x + h[4]! * y + h[5]!) / w];
}
