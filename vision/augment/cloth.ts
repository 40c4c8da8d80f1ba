// Patterned tablecloths: gingham, stripes, dots and a floral print, procedural and seeded, in
// colours that include the cards' own (a red gingham under a red card), written into a float
// RGB buffer like the plain surfaces in background.ts.
import type { Rng } from '../random.ts';
import { NOISE_MASK, noiseTable } from './noise.ts';

export const PATTERNS = ['gingham', 'stripes', 'dots', 'floral'] as const;
export type Pattern = (typeof PATTERNS)[number];

type Rgb = [number, number, number];

/** Cloth colours: near each card colour, and the whites, blacks and neutrals cloths come in. */
const INKS: Rgb[] = [
  [180, 35, 40], [215, 85, 40], [210, 185, 50], [50, 150, 70], [60, 170, 170], [40, 55, 130], [105, 55, 145],
  [200, 60, 110], [120, 160, 210], [140, 90, 50], [30, 30, 35], [90, 95, 100],
];
const GROUNDS: Rgb[] = [[238, 234, 222], [245, 245, 240], [225, 210, 180], [250, 240, 200], [200, 200, 195]];

/** A colour from a list, its shade varied a little. */
function shadeOf(rng: Rng, list: readonly Rgb[]): Rgb {
  const [r, g, b] = rng.pick(list);
  const k = rng.range(0.85, 1.1);
  return [r * k + rng.range(-8, 8), g * k + rng.range(-8, 8), b * k + rng.range(-8, 8)];
}

/** 0 below the edge, 1 above it, a pixel-wide ramp between: patterns with hard edges alias otherwise. */
function step(d: number): number {
  return d <= -0.5 ? 0 : d >= 0.5 ? 1 : d + 0.5;
}

/** A repeating band: 1 inside the first `duty` of each period of length `period`, with soft edges. */
function band(t: number, period: number, duty: number): number {
  const p = ((t % period) + period) % period;
  return Math.min(step(p), step(duty * period - p));
}

/** Paints a patterned cloth over the whole buffer and says which pattern it drew. */
export function paintCloth(out: Float32Array, width: number, height: number, rng: Rng, pattern: Pattern = rng.pick(PATTERNS)): Pattern {
  const ground = rng.chance(0.7) ? shadeOf(rng, GROUNDS) : shadeOf(rng, INKS);
  const ink = shadeOf(rng, INKS), ink2 = shadeOf(rng, INKS);
  const unit = Math.min(width, height);
  const period = rng.range(0.025, 0.09) * unit;
  const ang = rng.chance(0.5) ? rng.range(-0.1, 0.1) : rng.range(0, Math.PI);
  const ca = Math.cos(ang), sa = Math.sin(ang);
  const duty = rng.range(0.35, 0.6), strength = rng.range(0.5, 0.7);
  // Stripes: a second, narrower band of another ink beside the first, on some cloths.
  const second = rng.chance(0.5), offset = rng.range(0.55, 0.8);
  // Dots: a square or offset grid of discs.
  const radius = rng.range(0.15, 0.35) * period, staggered = rng.chance(0.5);
  // Floral: a flower per grid cell, jittered, with its own petal count, size and turn.
  const cells = new Map<number, { x: number; y: number; r: number; n: number; turn: number; ink: Rgb; heart: Rgb } | null>();
  const flowerPeriod = period * 1.8;
  const leaf: Rgb = [rng.range(40, 90), rng.range(100, 150), rng.range(40, 80)];
  const flower = (i: number, j: number): ReturnType<typeof cells.get> => {
    const key = i * 100003 + j;
    if (!cells.has(key)) {
      // A cell's flower is drawn from its own stream so pixels may ask for cells in any order.
      const h = Math.imul(i ^ Math.imul(j, 0x27d4eb2d), 0x165667b1) ^ seed;
      const r = (k: number): number => (((Math.imul(h ^ (k * 0x9e3779b9), 0x85ebca6b) >>> 0) % 100000) / 100000);
      cells.set(key, r(0) < 0.85 ? {
        x: (i + 0.2 + 0.6 * r(1)) * flowerPeriod, y: (j + 0.2 + 0.6 * r(2)) * flowerPeriod,
        r: flowerPeriod * (0.25 + 0.2 * r(3)), n: 4 + Math.floor(r(4) * 4), turn: r(5) * 6.28,
        ink: r(6) < 0.5 ? ink : ink2, heart: r(7) < 0.5 ? [240, 210, 60] : ground,
      } : null);
    }
    return cells.get(key);
  };
  const seed = rng.int(0, 0x7fffffff);
  const noise = rng.range(2, 6);
  const table = noiseTable(rng);
  const stride = 2 * rng.int(1000, 20000) + 1;
  let t = rng.int(0, NOISE_MASK);
  const col: Rgb = [0, 0, 0];
  const mix = (c: Rgb, a: number): void => {
    col[0] += (c[0] - col[0]) * a; col[1] += (c[1] - col[1]) * a; col[2] += (c[2] - col[2]) * a;
  };
  for (let y = 0, o = 0; y < height; y++) {
    for (let x = 0; x < width; x++, o += 3) {
      const u = x * ca + y * sa, v = -x * sa + y * ca;
      col[0] = ground[0]; col[1] = ground[1]; col[2] = ground[2];
      if (pattern === 'gingham') {
        // Where a warp and a weft band cross the ink is full; where one lies, half.
        const a = band(u, period, 0.5), b = band(v, period, 0.5);
        mix(ink, (a + b) * 0.5 * (0.5 + strength * 0.5));
      } else if (pattern === 'stripes') {
        mix(ink, band(u, period * 2, duty));
        if (second) mix(ink2, band(u - offset * period * 2, period * 2, 0.12));
      } else if (pattern === 'dots') {
        const row = Math.floor(v / period);
        const shift = staggered && row % 2 !== 0 ? period / 2 : 0;
        const du = ((((u - shift) % period) + period) % period) - period / 2, dv = ((v % period) + period) % period - period / 2;
        mix(ink, step(radius - Math.hypot(du, dv)));
      } else {
        const i0 = Math.floor(u / flowerPeriod), j0 = Math.floor(v / flowerPeriod);
        for (let j = j0 - 1; j <= j0 + 1; j++) for (let i = i0 - 1; i <= i0 + 1; i++) {
          const f = flower(i, j);
          if (!f) continue;
          const dx = u - f.x, dy = v - f.y, r = Math.hypot(dx, dy);
          if (r > f.r * 1.5) continue;
          const th = Math.atan2(dy, dx) + f.turn;
          // A leaf sticks out between two petals; the petals are a rose curve; the heart a disc.
          const leafR = f.r * 1.45 * Math.max(0, Math.cos(th - 0.4) ** 9);
          mix(leaf, step(leafR - r) * (r > f.r * 0.6 ? 1 : 0));
          mix(f.ink, step(f.r * (0.45 + 0.55 * Math.abs(Math.cos((f.n * th) / 2))) - r));
          mix(f.heart, step(f.r * 0.22 - r));
        }
      }
      t = (t + stride) & NOISE_MASK;
      const n = table[t]! * noise;
      out[o] = col[0] + n;
      out[o + 1] = col[1] + n;
      out[o + 2] = col[2] + n;
    }
  }
  return pattern;
}
