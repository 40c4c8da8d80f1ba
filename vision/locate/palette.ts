// A patterned tablecloth's colours. The frame's border of a plain table is one colour and a
// card is whatever lies far from it; a gingham, striped, dotted or floral cloth is several, and
// its single median colour lies far from all of them. Here the border's colours are gathered
// into a few clusters (k-means), and the cloth is those colours and the mixtures of any two
// (a pattern's blurred edges and its finest repeats, which the camera averages into a blend).

/** A point in the palette's space: the two brightness-normalised chroma channels and a weighted log brightness. */
export type Ink = [number, number, number];

/** How much a unit of log brightness counts against a unit of chroma: white and black threads are cloth colours too. */
export const BRIGHTNESS_WEIGHT = 0.5;

/** A mask pixel in the palette's space, from the shrunk frame's chroma and brightness planes. */
export function inkAt(f: { c1: Float32Array; c2: Float32Array; l: Float32Array }, i: number): Ink {
  return [f.c1[i]!, f.c2[i]!, BRIGHTNESS_WEIGHT * Math.log(f.l[i]! + 10)];
}

/** The indices of a w × h mask's outermost pixels, in order round it (the `loop` paletteOf reads). */
export function borderLoop(w: number, h: number): number[] {
  const loop: number[] = [];
  for (let x = 0; x < w - 1; x++) loop.push(x);
  for (let y = 0; y < h - 1; y++) loop.push(y * w + w - 1);
  for (let x = w - 1; x > 0; x--) loop.push((h - 1) * w + x);
  for (let y = h - 1; y > 0; y--) loop.push(y * w);
  return loop;
}
/** Clusters tried, and the least share of the border a cluster must hold to be a cloth colour (a card cut by the frame holds less). */
const INKS = 4;
const LEAST_SHARE = 0.1;
const ROUNDS = 8;

/**
 * The cloth's colours: k-means over the border samples, started from points spread through them.
 * A cluster is kept when it holds enough of the border and comes back again and again along
 * `loop` (the frame's outermost pixels in order round it), as a pattern does: a card cut by the
 * frame, or a hand reaching in, meets the border in a run or two.
 */
export function paletteOf(samples: readonly Ink[], loop: readonly Ink[], least: { share: number; runs: number } = { share: LEAST_SHARE, runs: LEAST_RUNS }): Ink[] {
  if (samples.length === 0) return [];
  // Farthest-point start: the first sample, then each time the sample farthest from every centre so far.
  const centres: Ink[] = [[...samples[0]!]];
  const near = samples.map((s) => dist2(s, centres[0]!));
  while (centres.length < INKS) {
    let far = 0;
    for (let i = 1; i < samples.length; i++) if (near[i]! > near[far]!) far = i;
    if (near[far]! === 0) break;
    centres.push([...samples[far]!]);
    for (let i = 0; i < samples.length; i++) near[i] = Math.min(near[i]!, dist2(samples[i]!, centres[centres.length - 1]!));
  }
  let counts: number[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    const sums = centres.map((): Ink => [0, 0, 0]);
    counts = centres.map(() => 0);
    for (let i = 0; i < samples.length; i++) {
      const best = nearest(centres, samples[i]!);
      counts[best]!++;
      for (let d = 0; d < 3; d++) sums[best]![d]! += samples[i]![d]!;
    }
    for (let k = 0; k < centres.length; k++) if (counts[k]! > 0) centres[k] = sums[k]!.map((v) => v / counts[k]!) as Ink;
  }
  const runs = centres.map(() => 0);
  let previous = -1;
  for (let i = 0; i < loop.length; i++) {
    const k = nearest(centres, loop[i]!);
    if (k !== previous) runs[k]!++;
    previous = k;
  }
  return centres.filter((_, k) => counts[k]! >= least.share * samples.length && (runs[k]! >= least.runs || counts[k]! >= GROUND_SHARE * samples.length));
}

/** A cluster holding this much of the border is the table or the cloth's ground, however few its runs. */
const GROUND_SHARE = 0.3;
/** Runs round the frame's border a cloth colour comes back in, at least (a cloth's pattern repeats every 4–13 mask pixels). */
const LEAST_RUNS = 6;

function nearest(centres: readonly Ink[], p: Ink): number {
  let best = 0;
  for (let k = 1; k < centres.length; k++) if (dist2(p, centres[k]!) < dist2(p, centres[best]!)) best = k;
  return best;
}

/** Whether a palette is a pattern's: two colours at least CLOTH_CONTRAST apart (a plain table's clusters are its noise, a card cut by the frame is dropped). */
export function inkContrast(palette: readonly Ink[]): boolean {
  for (const a of palette) for (const b of palette) if (dist2(a, b) >= CLOTH_CONTRAST ** 2) return true;
  return false;
}

export const CLOTH_CONTRAST = 0.25;

function dist2(a: Ink, b: Ink): number {
  return (a[0] - b[0]) ** 2 + (a[1] - b[1]) ** 2 + (a[2] - b[2]) ** 2;
}

/** A function giving a point's distance from the nearest of the palette's colours and two-colour mixtures (segments between them). */
export function mixtureDistance(palette: readonly Ink[]): (a: number, b: number, l: number) => number {
  const segments: Array<{ p: Ink; d: Ink; len2: number }> = [];
  for (let i = 0; i < palette.length; i++) {
    for (let j = i; j < palette.length; j++) {
      const p = palette[i]!, q = palette[j]!;
      const d: Ink = [q[0] - p[0], q[1] - p[1], q[2] - p[2]];
      segments.push({ p, d, len2: d[0] * d[0] + d[1] * d[1] + d[2] * d[2] });
    }
  }
  return (a, b, l) => {
    let best = Infinity;
    for (const { p, d, len2 } of segments) {
      const x = a - p[0], y = b - p[1], z = l - p[2];
      const t = len2 === 0 ? 0 : Math.min(1, Math.max(0, (x * d[0] + y * d[1] + z * d[2]) / len2));
      const ex = x - t * d[0], ey = y - t * d[1], ez = z - t * d[2];
      const e = ex * ex + ey * ey + ez * ez;
      if (e < best) best = e;
    }
    return Math.sqrt(best);
  };
}
