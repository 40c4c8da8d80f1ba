// Worker process: renders one slice of the cloth-pair photo stream and keeps each photo's context
// round the card the locator found (or, where it found none, round the drawn card, nudged by
// about a locator's error), with whether a second card lies under it.
import { freshFacePool, photoOfCard } from '../dataset.ts';
import { decodeFrame } from '../frame.ts';
import type { Point } from '../homography.ts';
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
}

export interface ClothSliceResult {
  /** Per photo, its context (see contextOf). */
  x: Float32Array;
  /** 1 for two overlapping cards, 0 for one card. */
  pair: Uint8Array;
  /** 1 where the locator found the card (and took the frame for a cloth), 0 where the drawn quad stood in. */
  found: Uint8Array;
  count: number;
}

/** How far (a share of the card's width) each drawn corner is nudged when it stands in for a found one. */
const NUDGE = 0.02;

serveProcessJob<ClothSliceJob, ClothSliceResult>(async (job, log) => {
  const pool = freshFacePool(300, job.styles);
  const size = CONTEXT_W * CONTEXT_H * CONTEXT_CHANNELS, n = 2 * (job.end - job.first);
  const x = new Float32Array(n * size), pair = new Uint8Array(n), found = new Uint8Array(n);
  let k = 0;
  for (let i = job.first; i < job.end; i++) {
    for (const two of [1, 0]) {
      const rng = makeRng(mixSeed(mixSeed(job.seed, two), i));
      const photo = await photoOfCard(pool, i, rng, 1280, 960, undefined, two ? 'overlap' : 'patterned-cloth', { cloth: two === 1 });
      const img = await decodeFrame(photo.jpeg);
      const seen = findCard(img);
      let quad: Point[];
      if (seen.located.kind === 'card' && seen.cloth) {
        quad = seen.located.quad;
        found[k] = 1;
      } else {
        // The card the locator would have found: the upper one of a pair.
        const drawn = photo.quads[two ? 1 : 0]!, scale = img.width / 1280;
        const s = NUDGE * Math.hypot(drawn[1]![0] - drawn[0]![0], drawn[1]![1] - drawn[0]![1]) * scale;
        const nudge = makeRng(mixSeed(mixSeed(job.seed, 2 + two), i));
        quad = drawn.map(([u, v]) => [u * scale + nudge.range(-s, s), v * scale + nudge.range(-s, s)] as Point);
      }
      x.set(contextOf(img, quad), k * size);
      pair[k++] = two;
    }
    if ((i - job.first + 1) % 250 === 0) log(`${job.styles} ${job.first}–${job.end - 1}: ${i - job.first + 1} done`);
  }
  return { x, pair, found, count: k };
});
