// Worker process: renders one slice of the cloth-pair photo stream and keeps each photo's context
// round the card the locator found (or, where it found none, round the drawn card, nudged by
// about a locator's error), with whether a second card lies under it. In 'pairs' mode it renders
// only the pairs and keeps the context round both cards at once, as the locator sometimes fits them.
import { freshFacePool, photoOfCard } from '../dataset.ts';
import { decodeFrame } from '../frame.ts';
import type { Point } from '../homography.ts';
import { convexHull, shortSideFirst, smallestRectangle } from '../locate/geometry.ts';
import { CONTEXT_CHANNELS, CONTEXT_H, CONTEXT_W, contextOf } from '../locate/cloth-pairs.ts';
import { findCard } from '../locate/locator.ts';
import { makeRng, mixSeed } from '../random.ts';
import type { StyleSet } from '../render/fonts.ts';
import { serveProcessJob } from './workers.ts';

export interface ClothSliceJob {
  seed: number;
  styles: StyleSet;
  first: number;
  end: number;
  /** 'both' (the default): each photo's pair and lone card. 'pairs': only pairs, with the rectangle round both cards, and the found card from photo `foundFrom` on. */
  mode?: 'both' | 'pairs';
  foundFrom?: number;
}

export interface ClothSliceResult {
  /** Per row, its context (see contextOf). */
  x: Float32Array;
  /** 1 for two overlapping cards, 0 for one card. */
  pair: Uint8Array;
  /** 1 where the locator found the card (and took the frame for a cloth), 0 where a drawn quad stood in. */
  found: Uint8Array;
  count: number;
}

/** How far (a share of the card's width) each drawn corner is nudged when it stands in for a found one. */
const NUDGE = 0.02;

/** The least short-to-long ratio of a rectangle round both cards worth teaching: the locator takes a blob that squat for a tilted card. */
const UNION_ASPECT = 0.45;

/** The rectangle round both drawn cards, short side first, or null where its proportions are no card's. */
function unionQuad(quads: readonly (readonly Point[])[], scale: number): Point[] | null {
  const rect = smallestRectangle(convexHull(quads.flat().map(([u, v]) => [u * scale, v * scale] as Point)));
  if (rect.length !== 4) return null;
  const q = shortSideFirst(rect);
  const short = Math.hypot(q[1]![0] - q[0]![0], q[1]![1] - q[0]![1]), long = Math.hypot(q[2]![0] - q[1]![0], q[2]![1] - q[1]![1]);
  return short / long >= UNION_ASPECT ? q : null;
}

/** A quad's corners each moved by up to NUDGE of its first side, as a locator's error would. */
function nudged(quad: readonly Point[], seed: number): Point[] {
  const s = NUDGE * Math.hypot(quad[1]![0] - quad[0]![0], quad[1]![1] - quad[0]![1]);
  const rng = makeRng(seed);
  return quad.map(([u, v]) => [u + rng.range(-s, s), v + rng.range(-s, s)] as Point);
}

serveProcessJob<ClothSliceJob, ClothSliceResult>(async (job, log) => {
  const pool = freshFacePool(300, job.styles);
  const size = CONTEXT_W * CONTEXT_H * CONTEXT_CHANNELS, onlyPairs = job.mode === 'pairs', foundFrom = job.foundFrom ?? 0;
  const xs: Float32Array[] = [], pair: number[] = [], found: number[] = [];
  const keep = (context: Float32Array, two: number, seen: number): void => {
    xs.push(context), pair.push(two), found.push(seen);
  };
  for (let i = job.first; i < job.end; i++) {
    for (const two of onlyPairs ? [1] : [1, 0]) {
      const rng = makeRng(mixSeed(mixSeed(job.seed, two), i));
      const photo = await photoOfCard(pool, i, rng, 1280, 960, undefined, two ? 'overlap' : 'patterned-cloth', { cloth: two === 1 });
      const img = await decodeFrame(photo.jpeg);
      const seen = findCard(img), scale = img.width / 1280;
      if (seen.located.kind === 'card' && seen.cloth) {
        if (!onlyPairs || i >= foundFrom) keep(contextOf(img, seen.located.quad), two, 1);
      } else if (!onlyPairs) {
        // The card the locator would have found: the upper one of a pair.
        const drawn = photo.quads[two ? 1 : 0]!.map(([u, v]) => [u * scale, v * scale] as Point);
        keep(contextOf(img, nudged(drawn, mixSeed(mixSeed(job.seed, 2 + two), i))), two, 0);
      }
      const both = onlyPairs ? unionQuad(photo.quads, scale) : null;
      if (both !== null) keep(contextOf(img, nudged(both, mixSeed(mixSeed(job.seed, 4), i))), 1, 0);
    }
    if ((i - job.first + 1) % 250 === 0) log(`${job.styles} ${job.first}–${job.end - 1}: ${i - job.first + 1} done`);
  }
  const x = new Float32Array(xs.length * size);
  xs.forEach((c, k) => x.set(c, k * size));
  return { x, pair: Uint8Array.from(pair), found: Uint8Array.from(found), count: xs.length };
});
