// The simulation's seeded random source (on mulberry32): the same seed gives the same games on
// every machine.
import { mulberry32 } from '../../shared/random.ts';

/** A seeded random source. */
export interface Rng {
  /** A float in [0, 1). */
  next(): number;
  /** An integer in [0, n). */
  int(n: number): number;
  /** One element of a non-empty list. */
  pick<T>(xs: readonly T[]): T;
  /** Shuffles a list in place (Fisher–Yates) and returns it. */
  shuffle<T>(xs: T[]): T[];
}

/** Makes a generator from a 32-bit seed. */
export function makeRng(seed: number): Rng {
  const next = mulberry32(seed);
  const int = (n: number) => Math.floor(next() * n);
  return {
    next,
    int,
    pick: (xs) => xs[int(xs.length)]!,
    shuffle(xs) {
      for (let i = xs.length - 1; i > 0; i--) {
        const j = int(i + 1);
        [xs[i], xs[j]] = [xs[j]!, xs[i]!];
      }
      return xs;
    },
  };
}
