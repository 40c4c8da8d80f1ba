import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CHROMA_AT, CHROMA_W, cropFeatures, cropFeaturesBothWays, CROP_H, CROP_W, FEATURE_LENGTH, HAND_LENGTH, IMAGE_CHANNELS, inkMap, NUM, numeralBox, turnCrop, warpCrop, whiteReference, whiteTopHat } from '../../vision/features.ts';
import { homographyFromPoints, project } from '../../vision/homography.ts';
import { turnQuad } from '../../vision/pipeline.ts';

/** A synthetic crop: a violet field with a white bar where a numeral would be. */
function crop(gains: [number, number, number]): Float32Array {
  const c = new Float32Array(CROP_H * CROP_W * 3);
  for (let y = 0; y < CROP_H; y++) for (let x = 0; x < CROP_W; x++) {
    const white = x >= 14 && x < 20 && y >= 14 && y < 42;
    const rgb = white ? [240, 240, 240] : [107, 56, 149];
    for (let k = 0; k < 3; k++) c[(y * CROP_W + x) * 3 + k] = rgb[k]! * gains[k]!;
  }
  return c;
}

describe('white-referenced features', () => {
  it('takes the white reference from the whitest pixels', () => {
    const [r, g, b] = whiteReference(crop([1, 0.8, 0.5]));
    expect(r).toBeCloseTo(240, 0);
    expect(g).toBeCloseTo(192, 0);
    expect(b).toBeCloseTo(120, 0);
  });

  it('takes the white reference from unclipped pixels, so a blown-out glare core does not cancel a warm cast', () => {
    const c = crop([1, 0.8, 0.5]);
    // A glare core clipped to pure white in the field beside the numeral.
    for (let y = 20; y < 30; y++) for (let x = 26; x < 36; x++) c.fill(255, (y * CROP_W + x) * 3, (y * CROP_W + x) * 3 + 3);
    const [r, g, b] = whiteReference(c);
    expect(r).toBeCloseTo(240, 0);
    expect(g).toBeCloseTo(192, 0);
    expect(b).toBeCloseTo(120, 0);
  });

  it('falls back to the blown-out pixels when almost nothing else is white', () => {
    const c = new Float32Array(CROP_H * CROP_W * 3).fill(255);
    for (let i = 0; i < 10; i++) c.set([100, 50, 40], i * 3);
    expect(whiteReference(c)).toEqual([255, 255, 255]);
  });

  it('gives the same features under warm light as under daylight', () => {
    const day = cropFeatures(crop([1, 1, 1]));
    const tungsten = cropFeatures(crop([1, 0.78, 0.52]));
    expect(day.length).toBe(FEATURE_LENGTH);
    const worst = Math.max(...day.map((v, i) => Math.abs(v - tungsten[i]!)));
    expect(worst).toBeLessThan(0.02);
  });

  it('ends with the crop\'s whiteness image: 1 on the white numeral, 0 on the coloured field', () => {
    const f = cropFeatures(crop([1, 0.78, 0.52]));
    const at = (x: number, y: number): number => f[HAND_LENGTH + (y * CROP_W + x) * IMAGE_CHANNELS]!;
    expect(CHROMA_AT - HAND_LENGTH).toBe(CROP_H * CROP_W * IMAGE_CHANNELS);
    expect(at(16, 28)).toBeCloseTo(1, 2);
    expect(at(5, 5)).toBeCloseTo(0, 2);
    expect(at(30, 50)).toBeCloseTo(0, 2);
  });

  it('gives each whiteness pixel its white top-hat as the second channel: the bar is a stroke, the field is not', () => {
    const f = cropFeatures(crop([1, 0.78, 0.52]));
    const strokes = (x: number, y: number): number => f[HAND_LENGTH + (y * CROP_W + x) * IMAGE_CHANNELS + 1]!;
    // The bar is 6 pixels wide (x 14–19), narrower than the top-hat's 7 × 7 square: all of it stays.
    expect(strokes(14, 28)).toBeCloseTo(1, 2);
    expect(strokes(19, 28)).toBeCloseTo(1, 2);
    expect(strokes(12, 28)).toBeCloseTo(0, 2);
    expect(strokes(5, 5)).toBe(0);
  });

  it('finds the numeral box among the strokes when a glare spot beside the numeral is whiter than it', () => {
    const c = new Float32Array(CROP_H * CROP_W * 3);
    const paint = (x: number, y: number, v: readonly number[]): void => { c.set(v, (y * CROP_W + x) * 3); };
    for (let y = 0; y < CROP_H; y++) for (let x = 0; x < CROP_W; x++) paint(x, y, [107, 56, 149]);
    // A "7" in light grey: a top bar (x 10–23, y 8–10) and a diagonal stroke down to y 29.
    for (let x = 10; x < 24; x++) for (let y = 8; y < 11; y++) paint(x, y, [230, 230, 230]);
    for (let y = 11; y < 30; y++) for (let d = 0; d < 3; d++) paint(22 - Math.floor((y - 11) / 2) + d, y, [230, 230, 230]);
    // A clipped glare disc of radius 7 below it, whiter than the numeral.
    for (let y = 0; y < CROP_H; y++) for (let x = 0; x < CROP_W; x++) if ((x - 26) ** 2 + (y - 42) ** 2 <= 49) paint(x, y, [255, 255, 255]);
    const f = cropFeatures(c);
    // The box's centre, as a fraction of the crop from its middle (after the NUM × NUM samples and two sizes).
    expect(f[NUM * NUM + 2]!).toBeCloseTo(17.5 / CROP_W - 0.5, 1);
    expect(f[NUM * NUM + 3]!).toBeCloseTo(19 / CROP_H - 0.5, 1);
    // In the box, the top bar reads as a stroke (near 1) and the field below it as −1.
    const sample = (x: number, y: number): number => f[y * NUM + x]!;
    expect(sample(8, 1)).toBeGreaterThan(0.6);
    expect(sample(2, 13)).toBeLessThan(-0.9);
  });

  it('ends with the half-size chroma image: violet is blue of yellow, white is neutral', () => {
    const f = cropFeatures(crop([1, 0.78, 0.52]));
    const chroma = (x: number, y: number): [number, number] => [f[CHROMA_AT + (y * CHROMA_W + x) * 2]!, f[CHROMA_AT + (y * CHROMA_W + x) * 2 + 1]!];
    expect(FEATURE_LENGTH - CHROMA_AT).toBe((CROP_H / 2) * (CROP_W / 2) * 2);
    // The field (107, 56, 149) against the white bar (240, 240, 240): red−green 0.21, yellow−blue −0.28.
    const [rg, yb] = chroma(2, 2);
    expect(rg).toBeCloseTo(0.21, 2);
    expect(yb).toBeCloseTo(-0.28, 2);
    // Pixels 14–19 × 14–41 of the crop are the white bar: half-size pixel (8, 10) lies inside it.
    expect(chroma(8, 10).map(Math.abs).every((v) => v < 0.01)).toBe(true);
  });

  it('warps a quad back to an upright crop', () => {
    // A 200 × 280 image whose left half is black and right half white, seen through a rotated quad.
    const w = 200, h = 280;
    const data = new Uint8Array(w * h * 3);
    for (let y = 0; y < h; y++) for (let x = 0; x < w; x++) data.fill(x < w / 2 ? 0 : 255, (y * w + x) * 3, (y * w + x) * 3 + 3);
    const c = warpCrop({ data, width: w, height: h, channels: 3 }, [[0, 0], [w, 0], [w, h], [0, h]]);
    expect(c[(10 * CROP_W + 2) * 3]).toBeLessThan(10);
    expect(c[(10 * CROP_W + CROP_W - 3) * 3]).toBeGreaterThan(245);
  });
});

describe('white top-hat', () => {
  /** A smooth glare hill over the crop, with or without a thin bright stroke on its flank. */
  function hill(stroke: boolean): Float32Array {
    const img = new Float32Array(CROP_H * CROP_W);
    for (let y = 0; y < CROP_H; y++) for (let x = 0; x < CROP_W; x++) {
      const glare = Math.exp(-((x - 20) ** 2 + (y - 28) ** 2) / 400);
      img[y * CROP_W + x] = Math.min(1, 0.9 * glare + (stroke && x >= 32 && x < 34 && y >= 20 && y < 36 ? 0.3 : 0));
    }
    return img;
  }

  it('is zero where the image is flat', () => {
    expect(Math.max(...whiteTopHat(new Float32Array(CROP_H * CROP_W).fill(0.7)).map(Math.abs))).toBeLessThan(1e-6);
  });

  it('takes away a wide glare hill but keeps a stroke on its flank', () => {
    const plain = whiteTopHat(hill(false)), marked = whiteTopHat(hill(true));
    expect(Math.max(...plain)).toBeLessThan(0.2);
    expect(marked[28 * CROP_W + 32]! - plain[28 * CROP_W + 32]!).toBeGreaterThan(0.25);
  });

  it('takes away a filled white panel wider than its square', () => {
    const img = new Float32Array(CROP_H * CROP_W);
    for (let y = 36; y < 50; y++) for (let x = 5; x < 35; x++) img[y * CROP_W + x] = 1;
    expect(Math.max(...whiteTopHat(img))).toBe(0);
  });

  it('is the image minus its opening by a 7 × 7 square clipped at the edges, pixel for pixel', () => {
    // Every window's extreme found by brute force, to check the fast filter, edges and corners included.
    const extreme = (img: Float32Array, max: boolean): Float32Array => img.map((_, i) => {
      const x = i % CROP_W, y = Math.floor(i / CROP_W);
      let v = max ? -Infinity : Infinity;
      for (let yy = Math.max(0, y - 3); yy <= Math.min(CROP_H - 1, y + 3); yy++) {
        for (let xx = Math.max(0, x - 3); xx <= Math.min(CROP_W - 1, x + 3); xx++) v = (max ? Math.max : Math.min)(v, img[yy * CROP_W + xx]!);
      }
      return v;
    });
    const images = fc.array(fc.integer({ min: 0, max: 16 }).map((v) => v / 16), { minLength: CROP_H * CROP_W, maxLength: CROP_H * CROP_W });
    fc.assert(fc.property(images, (xs) => {
      const img = Float32Array.from(xs), opened = extreme(extreme(img, false), true);
      expect(whiteTopHat(img)).toEqual(img.map((v, i) => v - opened[i]!));
    }), { numRuns: 40 });
  });

  it('is never negative: the opening never rises above the image', () => {
    const img = new Float32Array(CROP_H * CROP_W).map((_, i) => ((i * 7919) % 101) / 100);
    expect(Math.min(...whiteTopHat(img))).toBeGreaterThanOrEqual(0);
  });
});

describe('ink', () => {
  const N = CROP_H * CROP_W;
  /** White-referenced channels of a violet field with a white bar (x 14–19), under `glare` added to every channel, clipped at 1.3. */
  function lit(glare: (x: number, y: number) => number): [Float32Array, Float32Array, Float32Array] {
    const ch = [new Float32Array(N), new Float32Array(N), new Float32Array(N)] as const;
    for (let y = 0; y < CROP_H; y++) for (let x = 0; x < CROP_W; x++) {
      const rgb = x >= 14 && x < 20 ? [0.95, 0.95, 0.95] : [0.45, 0.23, 0.62];
      for (let k = 0; k < 3; k++) ch[k]![y * CROP_W + x] = Math.min(1.3, rgb[k]! + glare(x, y));
    }
    return [ch[0], ch[1], ch[2]];
  }

  it('reads 1 on a white stroke and 0 on the coloured field', () => {
    const ink = inkMap(...lit(() => 0));
    expect(ink[28 * CROP_W + 16]).toBeCloseTo(1, 5);
    expect(ink[28 * CROP_W + 5]).toBeCloseTo(0, 5);
    expect(ink[28 * CROP_W + 30]).toBeCloseTo(0, 5);
  });

  it('keeps the stroke and the field apart under a glare spot that has made the field nearly as white as the stroke', () => {
    // 0.5 added on the bar and the field beside it: the field's weakest channel rises from 0.23 to 0.73.
    const ink = inkMap(...lit((x) => (x < 26 ? 0.5 : 0)));
    expect(ink[28 * CROP_W + 16]).toBeCloseTo(1, 5);
    expect(ink[28 * CROP_W + 10]).toBeCloseTo(0, 5);
  });

  it('reads 0, cannot tell, inside a white panel wider than its square', () => {
    const [r, g, b] = lit(() => 0);
    for (let y = 30; y < 50; y++) for (let x = 2; x < 38; x++) { const i = y * CROP_W + x; r[i] = g[i] = b[i] = 0.95; }
    const ink = inkMap(r, g, b);
    expect(ink[40 * CROP_W + 20]).toBe(0);
    // At the panel's edge the field is in the square, so the edge reads as ink, as a stroke's does.
    expect(ink[30 * CROP_W + 20]).toBeCloseTo(1, 5);
  });

  it('is the cropFeatures image\'s third channel', () => {
    const f = cropFeatures(crop([1, 0.78, 0.52]));
    const ink = (x: number, y: number): number => f[HAND_LENGTH + (y * CROP_W + x) * IMAGE_CHANNELS + 2]!;
    expect(IMAGE_CHANNELS).toBe(3);
    expect(ink(16, 28)).toBeCloseTo(1, 2);
    expect(ink(5, 5)).toBeCloseTo(0, 2);
  });
});

describe('turned crops', () => {
  it('turning a crop through 180° equals warping the turned quad', () => {
    const w = 120, h = 90;
    const data = new Uint8Array(w * h * 3);
    for (let i = 0; i < data.length; i++) data[i] = (i * 37) % 251;
    const img = { data, width: w, height: h, channels: 3 as const };
    const quad: Array<[number, number]> = [[30, 10], [80, 20], [70, 85], [20, 75]];
    const a = turnCrop(warpCrop(img, quad));
    const b = warpCrop(img, turnQuad(quad));
    expect(Math.max(...a.map((v, i) => Math.abs(v - b[i]!)))).toBeLessThan(1e-3);
  });
});

/** The same float bits, NaN and −0 included. */
function sameBytes(a: Float32Array, b: Float32Array): boolean {
  return Buffer.from(a.buffer, a.byteOffset, a.byteLength).equals(Buffer.from(b.buffer, b.byteOffset, b.byteLength));
}

/** A card-like crop: a field colour, a white stroke, light gains, a glare spot and noise, all from the given numbers. */
function cardLikeCrop(field: number[], stroke: number[], gains: number[], glare: number[], seed: number): Float32Array {
  const c = new Float32Array(CROP_H * CROP_W * 3);
  let r = seed >>> 0;
  for (let y = 0; y < CROP_H; y++) for (let x = 0; x < CROP_W; x++) {
    const inStroke = x >= stroke[0]! && x < stroke[0]! + 4 && y >= stroke[1]! && y < stroke[1]! + 20;
    const lit = Math.max(0, 1 - Math.hypot(x - glare[0]!, y - glare[1]!) / 8) * glare[2]!;
    for (let k = 0; k < 3; k++) {
      r = (Math.imul(r, 1664525) + 1013904223) >>> 0;
      const base = inStroke ? 235 : field[k]!;
      c[(y * CROP_W + x) * 3 + k] = Math.min(255, (base * gains[k]! + lit) * (0.97 + (r / 2 ** 32) * 0.06));
    }
  }
  return c;
}

describe('features of a crop both ways up', () => {
  it('are cropFeatures of the crop and of the crop turned, to the bit, for card-like crops', () => {
    const byte = fc.integer({ min: 0, max: 255 });
    const gain = fc.double({ min: 0.3, max: 1.2, noNaN: true });
    const crops = fc.tuple(
      fc.tuple(byte, byte, byte), fc.tuple(fc.integer({ min: 0, max: CROP_W - 4 }), fc.integer({ min: 0, max: CROP_H - 20 })),
      fc.tuple(gain, gain, gain), fc.tuple(fc.integer({ min: 0, max: CROP_W }), fc.integer({ min: 0, max: CROP_H }), fc.integer({ min: 0, max: 200 })), fc.integer(),
    ).map(([field, stroke, gains, glare, seed]) => cardLikeCrop(field, stroke, gains, glare, seed));
    fc.assert(fc.property(crops, (c) => {
      const [upright, turned] = cropFeaturesBothWays(c);
      expect(sameBytes(upright, cropFeatures(c))).toBe(true);
      expect(sameBytes(turned, cropFeatures(turnCrop(c)))).toBe(true);
    }), { numRuns: 60 });
  });

  it('works the turned crop out on its own when its white reference rounded differently, and still matches', () => {
    // 160 bright pixels, then 1,800 whose channels are just under 2^-38: summed after the bright
    // ones each is lost to rounding, summed first (the turned crop's order) they are not. So the
    // two white references differ in their last bits. (The bright value is not a round number, so
    // that the reference is not a fraction with a small denominator, which no float32 over it
    // could straddle a rounding boundary with.)
    const n = CROP_H * CROP_W, tiny = 2 ** -38 * 0.99;
    const c = new Float32Array(n * 3);
    for (let i = 0; i < 1960; i++) c.set(i < 160 ? [254.73, tiny, tiny] : [tiny, tiny, tiny], 3 * i);
    const wf = whiteReference(c)[0], wb = whiteReference(turnCrop(c))[0];
    expect(wf).not.toBe(wb);
    // A pixel outside the white (its weakest channel is 0) whose red over the two references
    // rounds to different 32-bit floats: planes shared between the ways up would be wrong there.
    const v = new Float32Array([10]), bits = new Uint32Array(v.buffer);
    while (Math.fround(v[0]! / wf) === Math.fround(v[0]! / wb) && v[0]! < 12) bits[0]! += 1; // the next float32 up
    expect(v[0]).toBeLessThan(12);
    c.set([v[0]!, 0, 0], 3 * (n - 1));
    const [upright, turned] = cropFeaturesBothWays(c);
    expect(sameBytes(upright, cropFeatures(c))).toBe(true);
    expect(sameBytes(turned, cropFeatures(turnCrop(c)))).toBe(true);
  });
});

describe('numeral finder', () => {
  it('picks the stroke-shaped white numeral, not the filled white rule panel', () => {
    const white = new Float32Array(CROP_H * CROP_W).fill(0.2);
    // A "7": a top bar and a diagonal stroke.
    for (let x = 10; x < 24; x++) for (let y = 8; y < 11; y++) white[y * CROP_W + x] = 1;
    for (let y = 11; y < 30; y++) for (let d = 0; d < 3; d++) white[y * CROP_W + 22 - Math.floor((y - 11) / 2) + d] = 1;
    // A bigger filled panel lower down.
    for (let y = 36; y < 50; y++) for (let x = 5; x < 35; x++) white[y * CROP_W + x] = 1;
    expect(numeralBox(white, 0.6)).toEqual([10, 8, 25, 30]);
  });

  it('finds nothing on a card without white', () => {
    expect(numeralBox(new Float32Array(CROP_H * CROP_W).fill(0.3), 0.6)).toBeNull();
  });
});

describe('homography', () => {
  it('sends the four source corners onto the four target corners', () => {
    const from = [[0, 0], [10, 0], [10, 14], [0, 14]] as const;
    const to = [[100, 50], [180, 70], [170, 190], [90, 170]] as const;
    const hm = homographyFromPoints(from, to);
    from.forEach(([x, y], i) => {
      const [u, v] = project(hm, x, y);
      expect(u).toBeCloseTo(to[i]![0], 6);
      expect(v).toBeCloseTo(to[i]![1], 6);
    });
  });

  it('refuses three corners in a line', () => {
    expect(() => homographyFromPoints([[0, 0], [1, 0], [2, 0], [0, 1]], [[0, 0], [1, 0], [1, 1], [0, 1]])).toThrow(/degenerate/);
  });
});
