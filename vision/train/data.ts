// Turns seeded photos into feature rows and labels for training and validation. Each photo has
// its own generator (seed, stream, index), so a set can be rebuilt, or extended, exactly.
import { cardColourIndex, cardValue, type Card } from '../../device/rules/cards.ts';
import { buildFacePool, freshFacePool, hasNotCards, photoOfCard, photoOfNotCard, type FacePool } from '../dataset.ts';
import { drawCondition, type Condition, type ConditionMix } from '../augment/conditions.ts';
import { FEATURE_LENGTH } from '../features.ts';
import type { StyleSet } from '../render/fonts.ts';
import { readFrame } from '../pipeline.ts';
import { makeRng, mixSeed } from '../random.ts';
import { LOCATED, VIEWS, type View } from '../views.ts';

/** A frame size in pixels. */
export interface FrameSize {
  width: number;
  height: number;
}

/** Training frames are the working size, so decoding does not rescale them (and rendering is cheap). */
export const TRAIN_FRAME: FrameSize = { width: 384, height: 288 };

/**
 * Validation frames are what the camera delivers and `red7 vision-eval` tests: 1280 × 960,
 * downscaled to the working size on decoding. Noise and JPEG blocks shrink in that downscale, so
 * the same network is surer of these than of training-size frames; a threshold set on
 * training-size frames (0.998) rejected a fifth of camera-size ones it read correctly.
 */
export const VALIDATION_FRAME: FrameSize = { width: 1280, height: 960 };

/** One seeded stream of photos: the faces, the seeds, the share of non-cards, the frame size and the views read. */
export interface PhotoStream {
  seed: number;
  stream: number;
  notCardShare: number;
  frame: FrameSize;
  /**
   * 'located': the located crop only, both ways up (training rows: one view keeps the rows, the
   * training time and so the trained weights as they were before the classifier read views). 'all':
   * every view the classifier reads (validation rows, so the threshold is set on the same
   * joined answer the classifier gives).
   */
  views: 'located' | 'all';
  /** The share of photos with a glare spot (the camera's GLARE_SHARE when absent). */
  glareShare?: number;
  /** How often each table condition is drawn (plain scenes only when absent). */
  conditions?: ConditionMix;
}

/** The views a stream's photos are read through. */
export function streamViews(photos: PhotoStream): readonly View[] {
  return photos.views === 'all' ? VIEWS : [LOCATED];
}

/** Rows each of a stream's photos gives: two (both ways up) per view. */
export function rowsPerPhotoOf(photos: PhotoStream): number {
  return 2 * streamViews(photos).length;
}

/** Feature rows with their labels; `card` is -1 for a non-card row. */
export interface FeatureSet {
  x: Float32Array;
  card: Int32Array;
  count: number;
  /** Photos in which the locator found no single card (not in the rows). */
  locatorMisses: number;
  /** Rows per photo: two (both ways up) per view. */
  rowsPerPhoto: number;
  /** Where each located photo came from, in row order: a mistake can be named and drawn again. */
  sources: PhotoSource[];
}

/**
 * A photo's place in its stream (its index, so its generator) and its table condition. With its
 * label it says what the photo shows: a photo without a card label is two cards under `overlap`
 * and a non-card under any other condition (non-cards are never drawn overlapping).
 */
export interface PhotoSource {
  index: number;
  condition: Condition;
}

/** How to make a face pool, in a form a worker process can receive: fresh faces, or K rendered styles per card. */
export type PoolSpec =
  | { kind: 'fresh'; width: number; styles: StyleSet }
  | { kind: 'styles'; seed: number; stylesPerCard: number; width: number; notCards: number; styles: StyleSet };

/** Builds the pool a spec describes (the same pool in every worker). */
export async function facePoolFor(spec: PoolSpec): Promise<FacePool> {
  return spec.kind === 'fresh' ? freshFacePool(spec.width, spec.styles) : buildFacePool(spec.seed, spec.stylesPerCard, spec.width, spec.notCards, spec.styles);
}

/** Photographs `count` scenes of a stream and reads each through the shared pipeline; each photo gives two rows, one per way up. */
export async function makeFeatureSet(pool: FacePool, photos: PhotoStream, count: number, onProgress?: (done: number) => void): Promise<FeatureSet> {
  return makeFeatureRows(pool, photos, 0, count, onProgress);
}

/** Photos `first`..`end`-1 of a stream: the rows are the same whichever slices a set is made in. */
export async function makeFeatureRows(pool: FacePool, photos: PhotoStream, first: number, end: number, onProgress?: (done: number) => void): Promise<FeatureSet> {
  const count = end - first;
  const { width, height } = photos.frame;
  const views = streamViews(photos);
  const rowsPerPhoto = rowsPerPhotoOf(photos);
  const x = new Float32Array(rowsPerPhoto * count * FEATURE_LENGTH);
  const card = new Int32Array(rowsPerPhoto * count);
  let rows = 0;
  let misses = 0;
  const sources: PhotoSource[] = [];
  const base = mixSeed(photos.seed, photos.stream);
  for (let i = first; i < end; i++) {
    const rng = makeRng(mixSeed(base, i));
    const notCard = hasNotCards(pool) && rng.chance(photos.notCardShare);
    let condition = photos.conditions === undefined ? 'plain' : drawCondition(photos.conditions, rng);
    if (notCard && condition === 'overlap') condition = 'plain';
    const photo = notCard ? await photoOfNotCard(pool, rng, width, height, photos.glareShare, condition) : await photoOfCard(pool, i, rng, width, height, photos.glareShare, condition);
    const reading = await readFrame(photo.jpeg, views);
    if (reading.kind !== 'card') {
      if (!notCard && photo.card !== null) misses++;
      continue;
    }
    // Two overlapping cards that the locator took for one are taught as "not a Red7 face", so
    // the network refuses such a crop even where the locator does not.
    x.set(reading.rows, rows * FEATURE_LENGTH);
    card.fill(photo.card === null ? -1 : photo.card, rows, rows + rowsPerPhoto);
    rows += rowsPerPhoto;
    sources.push({ index: i, condition });
    if (onProgress && (i + 1 - first) % 500 === 0) onProgress(i + 1 - first);
  }
  return { x: x.subarray(0, rows * FEATURE_LENGTH), card: card.subarray(0, rows), count: rows, locatorMisses: misses, rowsPerPhoto, sources };
}

/** One-hot colour and value targets (uniform for non-cards) and the is-a-card target. */
export function targets(cards: Int32Array): { colour: Float32Array; value: Float32Array; isCard: Float32Array } {
  const n = cards.length;
  const colour = new Float32Array(n * 7), value = new Float32Array(n * 7), isCard = new Float32Array(n);
  for (let i = 0; i < n; i++) {
    const c = cards[i]!;
    if (c < 0) {
      colour.fill(1 / 7, i * 7, i * 7 + 7);
      value.fill(1 / 7, i * 7, i * 7 + 7);
    } else {
      colour[i * 7 + cardColourIndex(c as Card)] = 1;
      value[i * 7 + cardValue(c as Card) - 1] = 1;
      isCard[i] = 1;
    }
  }
  return { colour, value, isCard };
}
