// Painted card crops for the deck's tests: a coloured field with white strokes.
import { CROP_H, CROP_W } from '../../vision/features.ts';

/** A light's gain per channel at a crop pixel. */
export type Paint = (x: number, y: number) => [number, number, number];

/** The mark every card of the printing has in its top-left corner, as a printing lays its cards out alike. */
const corner = (x: number, y: number): boolean => x >= 4 && x <= 8 && y >= 4 && y <= 11;

/**
 * A crop of a card face: a blue field with white strokes where `ink` says so and a corner mark,
 * under `light`, the whole face moved by `moved` pixels (a locator's corners a little out).
 */
export function paintedCrop(ink: (x: number, y: number) => boolean, light: Paint = () => [1, 1, 1], moved: [number, number] = [0, 0]): Float32Array {
  const out = new Float32Array(CROP_H * CROP_W * 3);
  for (let y = 0; y < CROP_H; y++) for (let x = 0; x < CROP_W; x++) {
    const [fx, fy] = [x - moved[0], y - moved[1]];
    const base = ink(fx, fy) || corner(fx, fy) ? [235, 235, 230] : [40, 70, 170];
    const l = light(x, y);
    for (let k = 0; k < 3; k++) out[(y * CROP_W + x) * 3 + k] = Math.min(255, base[k]! * l[k]!);
  }
  return out;
}

/** A 1: a vertical stroke. */
export const one = (x: number, y: number): boolean => x >= 18 && x <= 22 && y >= 14 && y <= 42;
/** A 7: a bar across the top and a stroke down from its right end. */
export const seven = (x: number, y: number): boolean => (y >= 14 && y <= 18 && x >= 11 && x <= 29) || (x >= 25 && x <= 29 && y >= 14 && y <= 42);
