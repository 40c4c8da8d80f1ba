// Two overlapping cards on a patterned cloth, taken for one. On a plain table the card underneath
// shows as colour that is not the table's, but a cloth's print breaks it into pieces no rule on
// colour or straight runs tells from the print itself (docs/vision-history.md). Small networks
// look at the frame round the found card instead, their scores averaged: the card's surroundings
// rectified along its axes, each cell an average (so a fine print blurs to its mean and a card's
// field does not), as colour, as colour less the frame's border, and as the spread of the cell's
// samples. They run as plain loops on their own small weights, so the locator stays synchronous
// and needs no tfjs.
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { homographyFromPoints, project, type Point } from '../homography.ts';
import { sampleBilinear, type RawImage } from '../image.ts';
import { loadNetFiles, NET_FILE_FIELDS, SmallNet } from '../small-net.ts';
import { viewQuad } from '../views.ts';

/** The context's grid: the quad grown about its centre by SCALE, CONTEXT_W across and CONTEXT_H along the card. */
export const CONTEXT_W = 28;
export const CONTEXT_H = 40;
export const CONTEXT_SCALE = 1.8;
/**
 * Per cell: RGB (0–1), then RGB less the frame border's mean, then how far the cell's samples
 * spread about their mean (a print's texture; a card's field is flat even in the print's colours).
 * A cell beyond the frame holds OUTSIDE throughout.
 */
export const CONTEXT_CHANNELS = 7;
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
      let r = 0, g = 0, b = 0, sq = 0, n = 0;
      for (let sy = 0; sy < SUPERSAMPLE; sy++) {
        for (let sx = 0; sx < SUPERSAMPLE; sx++) {
          const [u, v] = project(h, x + (sx + 0.5) / SUPERSAMPLE, y + (sy + 0.5) / SUPERSAMPLE);
          if (!(u >= 0 && v >= 0 && u <= img.width - 1 && v <= img.height - 1)) continue;
          sampleBilinear(img, u, v, px);
          r += px[0]!, g += px[1]!, b += px[2]!, n++;
          sq += px[0]! * px[0]! + px[1]! * px[1]! + px[2]! * px[2]!;
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
      // The samples' root-mean-square distance from their mean colour: E|v|² − |E v|².
      out[k + 6] = Math.sqrt(Math.max(0, sq / (n * 255 * 255) - (r * r + g * g + b * b)));
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

/** One network of the set: how many of the context's channels it reads (the first ones), its layers and weights file. */
const MemberSchema = z.object({ channels: z.number().int().min(1).max(CONTEXT_CHANNELS), ...NET_FILE_FIELDS });

/**
 * The networks' description (cloth-pairs.json): each member's layers' shapes and the file holding
 * their weights (small-net.ts says its layout), the cut on their mean score and how it was fitted,
 * as the card model keeps model.json beside weights.bin. A member fitted before the context grew
 * a channel reads the channels it was fitted on.
 */
export const ClothPairsFileSchema = z.object({
  input: z.object({ width: z.literal(CONTEXT_W), height: z.literal(CONTEXT_H), channels: z.literal(CONTEXT_CHANNELS), scale: z.literal(CONTEXT_SCALE) }),
  members: z.array(MemberSchema).min(1),
  /** At or above this mean score the found card is refused as lying with another. */
  cut: z.number().gt(0).lt(1),
  training: z.record(z.string(), z.unknown()),
});
export type ClothPairsFile = z.infer<typeof ClothPairsFileSchema>;

/** The first `channels` channels of each cell of a context. */
function firstChannels(context: Float32Array, channels: number): Float32Array {
  if (channels === CONTEXT_CHANNELS) return context;
  const out = new Float32Array(CONTEXT_W * CONTEXT_H * channels);
  for (let k = 0; k < CONTEXT_W * CONTEXT_H; k++) out.set(context.subarray(k * CONTEXT_CHANNELS, k * CONTEXT_CHANNELS + channels), k * channels);
  return out;
}

/** Loaded networks: the mean of their probabilities that a found card's surroundings hold a second card. */
export class ClothPairs {
  private readonly nets: Array<{ net: SmallNet; channels: number }>;

  /** The description and each member's weights, in the members' order and each weights file's order. */
  constructor(readonly file: ClothPairsFile, readonly weights: readonly Float32Array[]) {
    if (weights.length !== file.members.length) throw new Error(`${file.members.length} members need as many weights, not ${weights.length}`);
    this.nets = file.members.map((m, k) => {
      const last = m.layers.at(-1)!;
      if (last.kind !== 'dense' || last.units !== 1 || last.activation !== 'sigmoid') throw new Error(`member ${k + 1}: the network must end in one sigmoid unit`);
      return { net: new SmallNet({ height: CONTEXT_H, width: CONTEXT_W, channels: m.channels }, m.layers, weights[k]!), channels: m.channels };
    });
  }

  /** The members' mean score (0–1) of one context. */
  score(context: Float32Array): number {
    if (context.length !== CONTEXT_W * CONTEXT_H * CONTEXT_CHANNELS) throw new RangeError(`a context holds ${CONTEXT_W * CONTEXT_H * CONTEXT_CHANNELS} numbers, not ${context.length}`);
    return this.nets.reduce((sum, { net, channels }) => sum + net.run(firstChannels(context, channels))[0]!, 0) / this.nets.length;
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

/** The shipped networks' file. */
export const CLOTH_PAIRS_FILE = join(dirname(fileURLToPath(import.meta.url)), 'cloth-pairs.json');

/** Reads the networks' description and each member's weights beside it, naming what is wrong with either. */
export function loadClothPairs(file = CLOTH_PAIRS_FILE): ClothPairs {
  return loadNetFiles(file, ClothPairsFileSchema, 'a cloth-pair network', (d) => d.members.map((m) => m.weights), (d, w) => new ClothPairs(d, w));
}
