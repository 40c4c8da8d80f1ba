// The noise table the scene, its backgrounds and its cloths draw from.
import type { Rng } from '../random.ts';

/** Indexes into the table wrap with this mask. */
export const NOISE_MASK = 0xffff;

/** A table of zero-mean, unit-ish noise values: per-pixel draws from the generator would dominate the scene's cost. */
export function noiseTable(rng: Rng): Float32Array {
  const t = new Float32Array(NOISE_MASK + 1);
  for (let i = 0; i < t.length; i++) t[i] = rng.next() + rng.next() + rng.next() - 1.5;
  return t;
}
