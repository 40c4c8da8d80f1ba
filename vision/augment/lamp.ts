// Strong lamp light for the glare conditions: the colour a camera with its white balance fixed
// for daylight sees under a lamp of a given colour temperature, and the two kinds of glare the
// plain scenes lack, a spot under a strong cast and a reflection spilling onto the table.
import type { Point } from '../homography.ts';
import type { Rng } from '../random.ts';

/** A black body's colour at `kelvin` as sRGB bytes (Tanner Helland's fit to the CIE tables). */
export function blackBody(kelvin: number): [number, number, number] {
  const t = kelvin / 100;
  const r = t <= 66 ? 255 : 329.698727446 * (t - 60) ** -0.1332047592;
  const g = t <= 66 ? 99.4708025861 * Math.log(t) - 161.1195681661 : 288.1221695283 * (t - 60) ** -0.0755148492;
  const b = t >= 66 ? 255 : t <= 19 ? 0 : 138.5177312231 * Math.log(t - 10) - 305.0447927307;
  const clamp = (v: number): number => Math.min(255, Math.max(1, v));
  return [clamp(r), clamp(g), clamp(b)];
}

/** White balance the camera is fixed at. */
const BALANCED_AT = 5500;
/** A sensor's channels overlap, so it sees a lamp's colour less extremely than the black body's own. */
const SENSOR_SOFTENING = 0.7;

/** Per-channel gains of a lamp at `kelvin` seen with the white balance fixed for daylight. */
export function castGains(kelvin: number): [number, number, number] {
  const lamp = blackBody(kelvin), white = blackBody(BALANCED_AT);
  return [0, 1, 2].map((c) => (lamp[c]! / white[c]!) ** SENSOR_SOFTENING) as [number, number, number];
}

/** How a condition changes the room light: its colour, the glare's strength, and how much of the glare the table takes. */
export interface Lamp {
  gains?: [number, number, number];
  kelvin?: number;
  /** The glare's peak, in byte units added before the light's colour. */
  intensity?: number;
  /** The share of the glare the table reflects where the card does not cover it (0: the card alone is glossy). */
  spill?: number;
}

/** A glare spot's centre and size (the gaussian's sigma, frame pixels). */
export interface Glare {
  at: Point;
  size: number;
}

/** A strong warm or cool lamp, half the photos each, with a clipped glare spot somewhere on the card. */
export function castLamp(rng: Rng, card: readonly Point[]): { lamp: Lamp; glare: Glare } {
  const kelvin = rng.chance(0.5) ? rng.range(2000, 2700) : rng.range(9000, 12000);
  const tint = rng.range(-0.04, 0.04);
  const [r, g, b] = castGains(kelvin);
  return { lamp: { gains: [r, g * (1 + tint), b], kelvin, intensity: rng.range(250, 600) }, glare: glareOnCard(rng, card, [0.04, 0.14]) };
}

/** A bright reflection centred near one of the card's edges, spilling onto the table and clipped to white at its core. */
export function spillLamp(rng: Rng, card: readonly Point[]): { lamp: Lamp; glare: Glare } {
  const k = rng.int(0, 3), f = rng.range(0.15, 0.85);
  const a = card[k]!, b = card[(k + 1) % 4]!;
  const height = Math.hypot(card[0]![0] - card[3]![0], card[0]![1] - card[3]![1]);
  const size = rng.range(0.07, 0.18) * height;
  const cx = (card[0]![0] + card[2]![0]) / 2, cy = (card[0]![1] + card[2]![1]) / 2;
  const ex = a[0] + (b[0] - a[0]) * f, ey = a[1] + (b[1] - a[1]) * f;
  // Up to half a sigma either side of the edge, so the clipped core straddles it.
  const len = Math.hypot(ex - cx, ey - cy), off = rng.range(-0.5, 0.5) * size;
  const at: Point = [ex + ((ex - cx) / len) * off, ey + ((ey - cy) / len) * off];
  return { lamp: { intensity: rng.range(700, 1400), spill: rng.range(0.55, 1) }, glare: { at, size } };
}

/** A glare spot anywhere on the card, `size` a share of its height. */
export function glareOnCard(rng: Rng, q: readonly Point[], size: [number, number]): Glare {
  const a = rng.next(), b = rng.next();
  const top: Point = [q[0]![0] + (q[1]![0] - q[0]![0]) * a, q[0]![1] + (q[1]![1] - q[0]![1]) * a];
  const bot: Point = [q[3]![0] + (q[2]![0] - q[3]![0]) * a, q[3]![1] + (q[2]![1] - q[3]![1]) * a];
  return { at: [top[0] + (bot[0] - top[0]) * b, top[1] + (bot[1] - top[1]) * b], size: rng.range(size[0], size[1]) * Math.hypot(q[0]![0] - q[3]![0], q[0]![1] - q[3]![1]) };
}
