// Two overlapping cards on a patterned cloth, taken for one. On a plain table the card underneath
// shows as colour that is not the table's, but a cloth's print breaks it into pieces no rule on
// colour or straight runs tells from the print itself (docs/vision-history.md). A small network
// looks at the frame round the found card instead: the card's surroundings rectified along its
// axes, each cell an average (so a fine print blurs to its mean and a card's field does not), as
// colour and as colour less the frame's border. It runs as plain loops on its own small weights,
// so the locator stays synchronous and needs no tfjs.
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { homographyFromPoints, project, type Point } from '../homography.ts';
import { sampleBilinear, type RawImage } from '../image.ts';
import { viewQuad } from '../views.ts';

/** The context's grid: the quad grown about its centre by SCALE, CONTEXT_W across and CONTEXT_H along the card. */
export const CONTEXT_W = 28;
export const CONTEXT_H = 40;
export const CONTEXT_SCALE = 1.8;
/** Per cell: RGB (0–1), then RGB less the frame border's mean. A cell beyond the frame holds OUTSIDE throughout. */
export const CONTEXT_CHANNELS = 6;
export const OUTSIDE = -1;
/** Samples per cell along each axis, averaged. */
const SUPERSAMPLE = 3;

/** The mean colour (0–1) of the frame's outermost few rows and columns. */
export function borderMean(img: RawImage): [number, number, number] {
  let r = 0, g = 0, b = 0, n = 0;
  const ch = img.channels, d = img.data;
  const add = (x: number, y: number): void => {
    const o = (y * img.width + x) * ch;
    r += d[o]!, g += d[o + 1]!, b += d[o + 2]!, n++;
  };
  for (let x = 0; x < img.width; x += 2) for (const y of [0, 3, img.height - 4, img.height - 1]) add(x, y);
  for (let y = 0; y < img.height; y += 2) for (const x of [0, 3, img.width - 4, img.width - 1]) add(x, y);
  return [r / n / 255, g / n / 255, b / n / 255];
}

/** The frame round a quad (TL, TR, BR, BL) as the network reads it: rows down the card, cells across, channels last. */
export function contextOf(img: RawImage, quad: readonly Point[], border = borderMean(img)): Float32Array {
  if (quad.length !== 4) throw new RangeError(`a quad has 4 corners, not ${quad.length}`);
  const h = homographyFromPoints([[0, 0], [CONTEXT_W, 0], [CONTEXT_W, CONTEXT_H], [0, CONTEXT_H]], viewQuad(quad, { scale: CONTEXT_SCALE, dx: 0, dy: 0 }));
  const out = new Float32Array(CONTEXT_W * CONTEXT_H * CONTEXT_CHANNELS), px = new Float32Array(4);
  for (let y = 0; y < CONTEXT_H; y++) {
    for (let x = 0; x < CONTEXT_W; x++) {
      let r = 0, g = 0, b = 0, n = 0;
      for (let sy = 0; sy < SUPERSAMPLE; sy++) {
        for (let sx = 0; sx < SUPERSAMPLE; sx++) {
          const [u, v] = project(h, x + (sx + 0.5) / SUPERSAMPLE, y + (sy + 0.5) / SUPERSAMPLE);
          if (!(u >= 0 && v >= 0 && u <= img.width - 1 && v <= img.height - 1)) continue;
          sampleBilinear(img, u, v, px);
          r += px[0]!, g += px[1]!, b += px[2]!, n++;
        }
      }
      const k = (y * CONTEXT_W + x) * CONTEXT_CHANNELS;
      if (n === 0) {
        out.fill(OUTSIDE, k, k + CONTEXT_CHANNELS);
        continue;
      }
      r /= n * 255, g /= n * 255, b /= n * 255;
      out[k] = r, out[k + 1] = g, out[k + 2] = b;
      out[k + 3] = r - border[0], out[k + 4] = g - border[1], out[k + 5] = b - border[2];
    }
  }
  return out;
}

/** A context flipped: across (mirrored left to right), along (top to bottom), or both (turned through 180°). */
export function flipContext(c: Float32Array, across: boolean, along: boolean): Float32Array {
  const out = new Float32Array(c.length);
  for (let y = 0; y < CONTEXT_H; y++) {
    for (let x = 0; x < CONTEXT_W; x++) {
      const from = ((along ? CONTEXT_H - 1 - y : y) * CONTEXT_W + (across ? CONTEXT_W - 1 - x : x)) * CONTEXT_CHANNELS;
      out.set(c.subarray(from, from + CONTEXT_CHANNELS), (y * CONTEXT_W + x) * CONTEXT_CHANNELS);
    }
  }
  return out;
}

const Conv = z.object({ kind: z.literal('conv'), filters: z.number().int().positive(), size: z.number().int().positive(), stride: z.number().int().positive() });
const Dense = z.object({ kind: z.literal('dense'), units: z.number().int().positive(), activation: z.enum(['relu', 'sigmoid']) });

/**
 * The network's description (cloth-pairs.json): its layers' shapes, the file holding their
 * weights, the cut and how it was fitted. The weights file holds float32s, little-endian, layer
 * by layer, each layer's kernel (tfjs' layouts: conv [size, size, in, out], dense [in, out]) then
 * its bias, as the card model keeps model.json beside weights.bin.
 */
export const ClothPairsFileSchema = z.object({
  input: z.object({ width: z.literal(CONTEXT_W), height: z.literal(CONTEXT_H), channels: z.literal(CONTEXT_CHANNELS), scale: z.literal(CONTEXT_SCALE) }),
  layers: z.array(z.discriminatedUnion('kind', [Conv, Dense])).min(1),
  /** The weights file's name, beside this one. */
  weights: z.string().regex(/^[\w.-]+\.bin$/, 'a file name ending in .bin, in the same folder'),
  /** At or above this score the found card is refused as lying with another. */
  cut: z.number().gt(0).lt(1),
  training: z.record(z.string(), z.unknown()),
});
export type ClothPairsFile = z.infer<typeof ClothPairsFileSchema>;
type Layer = ClothPairsFile['layers'][number] & { kernel: Float32Array; bias: Float32Array };

/** How many kernel weights each layer holds (and bias weights), checking that each layer can follow the one before. */
export function weightCounts(layers: ClothPairsFile['layers']): Array<{ kernel: number; bias: number }> {
  let h = CONTEXT_H, w = CONTEXT_W, c = CONTEXT_CHANNELS, n = 0;
  const counts = layers.map((l) => {
    if (l.kind === 'conv') {
      if (n !== 0) throw new Error('a convolution cannot follow a dense layer');
      const kernel = l.size * l.size * c * l.filters;
      h = Math.ceil(h / l.stride), w = Math.ceil(w / l.stride), c = l.filters;
      return { kernel, bias: l.filters };
    }
    const kernel = (n === 0 ? h * w * c : n) * l.units;
    n = l.units;
    return { kernel, bias: l.units };
  });
  const last = layers.at(-1)!;
  if (n !== 1 || last.kind !== 'dense' || last.activation !== 'sigmoid') throw new Error('the network must end in one sigmoid unit');
  return counts;
}

/** One convolution, 'same' padding as tfjs pads it (the odd pixel after), ReLU. */
function conv(x: Float32Array, h: number, w: number, c: number, l: Extract<Layer, { kind: 'conv' }>): { x: Float32Array; h: number; w: number; c: number } {
  const { size: k, stride: s, filters: f, kernel, bias } = l;
  const oh = Math.ceil(h / s), ow = Math.ceil(w / s);
  const top = Math.floor(Math.max(0, (oh - 1) * s + k - h) / 2), left = Math.floor(Math.max(0, (ow - 1) * s + k - w) / 2);
  const out = new Float32Array(oh * ow * f);
  for (let oy = 0; oy < oh; oy++) {
    for (let ox = 0; ox < ow; ox++) {
      const o = (oy * ow + ox) * f;
      for (let j = 0; j < f; j++) out[o + j] = bias[j]!;
      for (let ky = 0; ky < k; ky++) {
        const iy = oy * s + ky - top;
        if (iy < 0 || iy >= h) continue;
        for (let kx = 0; kx < k; kx++) {
          const ix = ox * s + kx - left;
          if (ix < 0 || ix >= w) continue;
          const i = (iy * w + ix) * c, kb = (ky * k + kx) * c * f;
          for (let ci = 0; ci < c; ci++) {
            const v = x[i + ci]!;
            if (v === 0) continue;
            const kr = kb + ci * f;
            for (let j = 0; j < f; j++) out[o + j]! += v * kernel[kr + j]!;
          }
        }
      }
      for (let j = 0; j < f; j++) if (out[o + j]! < 0) out[o + j] = 0;
    }
  }
  return { x: out, h: oh, w: ow, c: f };
}

function dense(x: Float32Array, l: Extract<Layer, { kind: 'dense' }>): Float32Array {
  const n = x.length, u = l.units, out = Float32Array.from(l.bias);
  for (let i = 0; i < n; i++) {
    const v = x[i]!;
    if (v === 0) continue;
    for (let j = 0; j < u; j++) out[j]! += v * l.kernel[i * u + j]!;
  }
  for (let j = 0; j < u; j++) out[j] = l.activation === 'relu' ? Math.max(0, out[j]!) : 1 / (1 + Math.exp(-out[j]!));
  return out;
}

/** A loaded network: the probability that a found card's surroundings hold a second card. */
export class ClothPairs {
  private readonly layers: Layer[];

  /** The description and its weights, in the weights file's order. */
  constructor(readonly file: ClothPairsFile, weights: Float32Array) {
    const counts = weightCounts(file.layers);
    const total = counts.reduce((a, k) => a + k.kernel + k.bias, 0);
    if (weights.length !== total) throw new Error(`the layers described hold ${total} weights, not ${weights.length}`);
    let at = 0;
    const take = (n: number): Float32Array => weights.subarray(at, (at += n));
    this.layers = file.layers.map((l, k) => ({ ...l, kernel: take(counts[k]!.kernel), bias: take(counts[k]!.bias) }));
  }

  /** The score (0–1) of one context. */
  score(context: Float32Array): number {
    if (context.length !== CONTEXT_W * CONTEXT_H * CONTEXT_CHANNELS) throw new RangeError(`a context holds ${CONTEXT_W * CONTEXT_H * CONTEXT_CHANNELS} numbers, not ${context.length}`);
    let t = { x: context, h: CONTEXT_H, w: CONTEXT_W, c: CONTEXT_CHANNELS };
    let v: Float32Array | null = null;
    for (const l of this.layers) {
      if (l.kind === 'conv') t = conv(t.x, t.h, t.w, t.c, l);
      else v = dense(v ?? t.x, l);
    }
    return v![0]!;
  }

  /** A context read all four ways (the card beneath may lie on any side), the scores averaged. */
  scoreFourWays(c: Float32Array): number {
    return (this.score(c) + this.score(flipContext(c, true, false)) + this.score(flipContext(c, false, true)) + this.score(flipContext(c, true, true))) / 4;
  }

  /** A found card's score (see scoreFourWays). */
  scoreQuad(img: RawImage, quad: readonly Point[]): number {
    return this.scoreFourWays(contextOf(img, quad));
  }

  /** Whether a found card lies with another, by the file's cut. */
  pairs(img: RawImage, quad: readonly Point[]): boolean {
    return this.scoreQuad(img, quad) >= this.file.cut;
  }
}

/** Weights as the weights file holds them: float32s, little-endian. */
export function weightsBytes(weights: Float32Array): Buffer {
  const bytes = Buffer.alloc(weights.length * 4);
  weights.forEach((v, i) => bytes.writeFloatLE(v, 4 * i));
  return bytes;
}

/** The shipped network's file. */
export const CLOTH_PAIRS_FILE = join(dirname(fileURLToPath(import.meta.url)), 'cloth-pairs.json');

/** Reads a network's description and its weights beside it, naming what is wrong with either. */
export function loadClothPairs(file = CLOTH_PAIRS_FILE): ClothPairs {
  let raw: unknown;
  try {
    raw = JSON.parse(readFileSync(file, 'utf8'));
  } catch (err) {
    throw new Error(`${file} is not readable JSON: ${(err as Error).message}`);
  }
  const parsed = ClothPairsFileSchema.safeParse(raw);
  if (!parsed.success) throw new Error(`${file} is not a cloth-pair network: ${parsed.error.issues.map((i) => `${i.path.join('.') || '(file)'}: ${i.message}`).join('; ')}`);
  const weightsFile = join(dirname(file), parsed.data.weights);
  let bytes: Buffer;
  try {
    bytes = readFileSync(weightsFile);
  } catch (err) {
    throw new Error(`${weightsFile}, the weights of ${file}, cannot be read: ${(err as Error).message}`);
  }
  if (bytes.length % 4 !== 0) throw new Error(`${weightsFile} is not a whole number of float32s (${bytes.length} bytes)`);
  const weights = new Float32Array(bytes.length / 4);
  for (let i = 0; i < weights.length; i++) weights[i] = bytes.readFloatLE(4 * i);
  try {
    return new ClothPairs(parsed.data, weights);
  } catch (err) {
    throw new Error(`${file}: ${(err as Error).message}`);
  }
}
