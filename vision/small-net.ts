// A small convolutional network run as plain loops on its own weights, for the helpers that sit
// beside the card model (the cloth-pair network, the corner-index reader): synchronous, no tfjs.
// The layers are what their trainers build in tfjs: 'same'-padded strided convolutions with ReLU,
// then dense layers; the weights file holds each layer's kernel (tfjs' layouts: conv
// [size, size, in, out], dense [in, out]) then its bias, as float32s, little-endian.
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { z } from 'zod';

export const ConvSchema = z.object({ kind: z.literal('conv'), filters: z.number().int().positive(), size: z.number().int().positive(), stride: z.number().int().positive() });
export const DenseSchema = z.object({ kind: z.literal('dense'), units: z.number().int().positive(), activation: z.enum(['relu', 'sigmoid', 'softmax']) });
export const LayerSchema = z.discriminatedUnion('kind', [ConvSchema, DenseSchema]);
/** The fields every network file has: its layers' shapes and the weights file beside it (spread into each file's schema). */
export const NET_FILE_FIELDS = {
  layers: z.array(LayerSchema).min(1),
  /** The weights file's name, beside this one. */
  weights: z.string().regex(/^[\w.-]+\.bin$/, 'a file name ending in .bin, in the same folder'),
};
export type LayerSpec = z.infer<typeof LayerSchema>;

/** An input image's shape: rows, columns, channels last. */
export interface InputShape {
  height: number;
  width: number;
  channels: number;
}

type Layer = LayerSpec & { kernel: Float32Array; bias: Float32Array };

/** How many kernel and bias weights each layer holds, and the output's length; throws where a layer cannot follow the one before. */
export function weightCounts(input: InputShape, layers: readonly LayerSpec[]): { counts: Array<{ kernel: number; bias: number }>; outputs: number } {
  if (layers.length === 0) throw new Error('a network has at least one layer');
  let h = input.height, w = input.width, c = input.channels, n = 0;
  const counts = layers.map((l, k) => {
    if (l.kind === 'conv') {
      if (n !== 0) throw new Error('a convolution cannot follow a dense layer');
      const kernel = l.size * l.size * c * l.filters;
      h = Math.ceil(h / l.stride), w = Math.ceil(w / l.stride), c = l.filters;
      return { kernel, bias: l.filters };
    }
    if (l.activation === 'softmax' && k !== layers.length - 1) throw new Error('only the last layer can be a softmax');
    const kernel = (n === 0 ? h * w * c : n) * l.units;
    n = l.units;
    return { kernel, bias: l.units };
  });
  if (n === 0) throw new Error('a network ends in a dense layer');
  return { counts, outputs: n };
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
  if (l.activation === 'softmax') {
    const top = Math.max(...out);
    let sum = 0;
    for (let j = 0; j < u; j++) sum += out[j] = Math.exp(out[j]! - top);
    for (let j = 0; j < u; j++) out[j]! /= sum;
  } else {
    for (let j = 0; j < u; j++) out[j] = l.activation === 'relu' ? Math.max(0, out[j]!) : 1 / (1 + Math.exp(-out[j]!));
  }
  return out;
}

/** A network with its weights, checked against its description. */
export class SmallNet {
  private readonly layers: Layer[];
  /** How many numbers the last layer gives. */
  readonly outputs: number;

  /** The input's shape, the layers, and their weights in the weights file's order. */
  constructor(readonly input: InputShape, layers: readonly LayerSpec[], weights: Float32Array) {
    const { counts, outputs } = weightCounts(input, layers);
    const total = counts.reduce((a, k) => a + k.kernel + k.bias, 0);
    if (weights.length !== total) throw new Error(`the layers described hold ${total} weights, not ${weights.length}`);
    let at = 0;
    const take = (n: number): Float32Array => weights.subarray(at, (at += n));
    this.layers = layers.map((l, k) => ({ ...l, kernel: take(counts[k]!.kernel), bias: take(counts[k]!.bias) }));
    this.outputs = outputs;
  }

  /** The last layer's outputs for one input (rows, columns, channels last). */
  run(x: Float32Array): Float32Array {
    const { height, width, channels } = this.input;
    if (x.length !== height * width * channels) throw new RangeError(`the network reads ${height * width * channels} numbers, not ${x.length}`);
    let t = { x, h: height, w: width, c: channels };
    let v: Float32Array | null = null;
    for (const l of this.layers) {
      if (l.kind === 'conv') t = conv(t.x, t.h, t.w, t.c, l);
      else v = dense(v ?? t.x, l);
    }
    return v!;
  }
}

/** Weights as a weights file holds them: float32s, little-endian. */
export function weightsBytes(weights: Float32Array): Buffer {
  const bytes = Buffer.alloc(weights.length * 4);
  weights.forEach((v, i) => bytes.writeFloatLE(v, 4 * i));
  return bytes;
}

/** Reads a weights file (`of` names what it belongs to in the messages). */
export function readWeights(file: string, of: string): Float32Array {
  let bytes: Buffer;
  try {
    bytes = readFileSync(file);
  } catch (err) {
    throw new Error(`${file}, the weights of ${of}, cannot be read: ${(err as Error).message}`);
  }
  if (bytes.length % 4 !== 0) throw new Error(`${file} is not a whole number of float32s (${bytes.length} bytes)`);
  const weights = new Float32Array(bytes.length / 4);
  for (let i = 0; i < weights.length; i++) weights[i] = bytes.readFloatLE(4 * i);
  return weights;
}

/** Reads and checks a network's JSON description with `schema`, naming what is wrong. */
export function readDescription<T>(file: string, schema: z.ZodType<T>, what: string): T {
  let raw: unknown;
  try {
    raw = JSON.parse(readFileSync(file, 'utf8'));
  } catch (err) {
    throw new Error(`${file} is not readable JSON: ${(err as Error).message}`);
  }
  const parsed = schema.safeParse(raw);
  if (!parsed.success) throw new Error(`${file} is not ${what}: ${parsed.error.issues.map((i) => `${i.path.join('.') || '(file)'}: ${i.message}`).join('; ')}`);
  return parsed.data;
}

/** Reads a network's description (checked with `schema`) and its weights file beside it, and builds it with `build`; every error names the file. */
export function loadNetFile<D extends { weights: string }, N>(file: string, schema: z.ZodType<D>, what: string, build: (description: D, weights: Float32Array) => N): N {
  return loadNetFiles(file, schema, what, (d) => [d.weights], (d, [w]) => build(d, w!));
}

/** The same for a description naming several weights files (`names`), read in that order. */
export function loadNetFiles<D, N>(file: string, schema: z.ZodType<D>, what: string, names: (description: D) => string[], build: (description: D, weights: Float32Array[]) => N): N {
  const description = readDescription(file, schema, what);
  const weights = names(description).map((name) => readWeights(join(dirname(file), name), file));
  try {
    return build(description, weights);
  } catch (err) {
    throw new Error(`${file}: ${(err as Error).message}`);
  }
}
