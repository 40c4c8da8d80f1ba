import { describe, expect, it } from 'vitest';
import { inkContrast, mixtureDistance, paletteOf, type Ink } from '../../../vision/locate/palette.ts';

const RED: Ink = [0.8, 0.3, 2.2], WHITE: Ink = [0, 0.05, 2.7], BLUE: Ink = [-0.2, -0.7, 2.3];

/** A border of `n` samples in stripes of two colours, `period` samples each, with a little noise. */
function stripes(a: Ink, b: Ink, n: number, period: number): Ink[] {
  return Array.from({ length: n }, (_, i) => {
    const c = Math.floor(i / period) % 2 === 0 ? a : b, e = ((i * 7919) % 13) / 13 - 0.5;
    return [c[0] + 0.01 * e, c[1] - 0.01 * e, c[2] + 0.01 * e] as Ink;
  });
}

describe('patterned cloth palette', () => {
  it('holds both colours of a striped border, and their blends are cloth while another colour is not', () => {
    const border = stripes(RED, WHITE, 600, 8);
    const palette = paletteOf(border, border);
    expect(inkContrast(palette)).toBe(true);
    const distance = mixtureDistance(palette);
    const blend = RED.map((v, k) => 0.5 * v + 0.5 * WHITE[k]!) as Ink;
    expect(distance(...blend)).toBeLessThan(0.05);
    expect(distance(...BLUE)).toBeGreaterThan(0.5);
  });

  it('drops a colour that meets the border in one run, as a card cut by the frame does', () => {
    const border = stripes(WHITE, WHITE, 600, 8);
    for (let i = 100; i < 170; i++) border[i] = [...RED];
    const palette = paletteOf(border, border);
    expect(inkContrast(palette)).toBe(false);
    expect(mixtureDistance(palette)(...RED)).toBeGreaterThan(0.5);
  });

  it('keeps a ground that covers much of the border in one run', () => {
    const border: Ink[] = [...stripes(RED, WHITE, 300, 8), ...Array.from({ length: 300 }, () => [...BLUE] as Ink)];
    const palette = paletteOf(border, border);
    expect(mixtureDistance(palette)(...BLUE)).toBeLessThan(0.05);
  });

  it('gives an empty palette for no samples, which no distance can be taken from', () => {
    expect(paletteOf([], [])).toEqual([]);
    expect(inkContrast([])).toBe(false);
    expect(mixtureDistance([])(0, 0, 0)).toBe(Infinity);
  });
});
