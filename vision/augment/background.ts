// Table surfaces a scan tray may sit on: dark felt, wood grain, a light table, and plain
// grey/colour cloth. Procedural, seeded, written into a float RGB buffer.
import type { Rng } from '../random.ts';
import { NOISE_MASK, noiseTable } from './noise.ts';

export const BACKGROUNDS = ['felt', 'wood', 'light', 'cloth'] as const;
export type BackgroundKind = (typeof BACKGROUNDS)[number];

/** Fills an RGB float buffer (0–255) of width × height with a surface of the given kind. */
export function paintBackground(out: Float32Array, width: number, height: number, kind: BackgroundKind, rng: Rng): void {
  const felts: Array<[number, number, number]> = [[20, 60, 35], [25, 25, 28], [15, 30, 60], [50, 20, 25], [40, 42, 45]];
  let base: [number, number, number];
  let grain = 0;
  let grainFreq = 0;
  let noise: number;
  switch (kind) {
    case 'felt': base = rng.pick(felts); noise = rng.range(3, 8); break;
    case 'wood': base = [rng.range(110, 190), rng.range(70, 120), rng.range(35, 70)]; grain = rng.range(0.1, 0.3); grainFreq = rng.range(0.02, 0.08); noise = rng.range(2, 6); break;
    case 'light': { const l = rng.range(190, 245); base = [l + rng.range(-8, 8), l + rng.range(-8, 8), l + rng.range(-12, 5)]; noise = rng.range(1, 4); break; }
    default: {
      // Cloth and table tops are rarely saturated: a grey with a slight cast.
      const l = rng.range(50, 190);
      base = [l * rng.range(0.85, 1.15), l * rng.range(0.85, 1.15), l * rng.range(0.85, 1.15)];
      noise = rng.range(2, 8);
    }
  }
  const [br, bg, bb] = base;
  // Wood grain: stripes along a random direction, bent by a slow sine so they are not ruler-straight.
  const ang = rng.range(0, Math.PI);
  const ca = Math.cos(ang), sa = Math.sin(ang);
  const bend = rng.range(5, 30), bendFreq = rng.range(0.005, 0.02), phase = rng.range(0, 6.28);
  const scale = 640 / Math.max(width, height);
  const table = noiseTable(rng);
  const stride = 2 * rng.int(1000, 20000) + 1;
  let t = rng.int(0, NOISE_MASK);
  let i = 0;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++, i += 3) {
      let k = 1;
      if (grain > 0) {
        const u = (x * ca + y * sa) * scale, v = (-x * sa + y * ca) * scale;
        const s = Math.sin((u + bend * Math.sin(v * bendFreq + phase)) * grainFreq);
        k = 1 - grain * 0.5 * (s * s * s + 1) * 0.5;
      }
      t = (t + stride) & NOISE_MASK;
      const n = table[t]! * noise;
      out[i] = br * k + n;
      out[i + 1] = bg * k + n;
      out[i + 2] = bb * k + n;
    }
  }
}
