// Worker process for `npm run train:indices`: renders one slice of a photo stream at camera size
// and keeps each located card's four corner patches, warped from the frame at its own resolution.
// A training slice keeps every located card with its value; a calibration slice reads each photo
// through the card model alone and keeps the cards it is unsure of, with its probabilities.
import { cardValue, formatCard } from '../../device/rules/cards.ts';
import { drawCondition, type ConditionMix } from '../augment/conditions.ts';
import { CardClassifier } from '../classifier.ts';
import { cornerPatches, decodeFull, PATCH_LENGTH } from '../corners.ts';
import { freshFacePool, photoOfCard, photoOfNotCard } from '../dataset.ts';
import { decodeFrame } from '../frame.ts';
import type { Point } from '../homography.ts';
import { locateCard } from '../locate/locator.ts';
import { makeRng, mixSeed } from '../random.ts';
import { serveProcessJob } from './workers.ts';

export interface IndexSliceJob {
  kind: 'train' | 'calibrate';
  /** The stream's seed (mixed with the slice's photo index for each photo's generator). */
  seed: number;
  first: number;
  end: number;
  /** Training: the condition mix and glare share. Calibration: the validation stream's, and the share of non-cards. */
  conditions: ConditionMix;
  glareShare?: number;
  notCardShare: number;
  /** Calibration: the card model's folder. */
  modelDir?: string;
}

export interface IndexSliceResult {
  /** Per kept card, its four patches as bytes ((v + 0.5) × 255, rounded). */
  patches: Uint8Array;
  /** Training: the card's value (1–7) per kept card. Calibration: the card (0–48) or −1 for none. */
  label: Int8Array;
  /** Calibration: the model's 49 card probabilities per kept card. */
  probs: Float32Array;
  count: number;
  /** Photos in the slice, and (calibration) those the model alone gave a wrong card or a card where there is none. */
  photos: number;
  modelErrors: number;
  /** The numerals' typefaces the slice's cards were drawn in (so a test can see no held-out one is). */
  families: string[];
}

function toBytes(patches: Float32Array, out: Uint8Array, at: number): void {
  for (let j = 0; j < patches.length; j++) out[at + j] = Math.max(0, Math.min(255, Math.round((patches[j]! + 0.5) * 255)));
}

serveProcessJob<IndexSliceJob, IndexSliceResult>(async (job, log) => {
  const pool = freshFacePool(300, job.kind === 'train' ? 'training' : 'calibration');
  const classifier = job.kind === 'calibrate' ? await CardClassifier.load({ modelDir: job.modelDir, secondLook: false }) : null;
  const n = job.end - job.first, size = 4 * PATCH_LENGTH;
  const patches = new Uint8Array(n * size), label = new Int8Array(n), probs = new Float32Array(classifier === null ? 0 : n * 49);
  let count = 0, modelErrors = 0;
  const families = new Set<string>();
  for (let i = job.first; i < job.end; i++) {
    const rng = makeRng(mixSeed(job.seed, i));
    // A stream without non-cards draws nothing for them, so its photos are the same as before the option.
    const notCard = job.notCardShare > 0 && rng.chance(job.notCardShare);
    let condition = drawCondition(job.conditions, rng);
    if (notCard && condition === 'overlap') condition = 'plain';
    const photo = notCard ? await photoOfNotCard(pool, rng, 1280, 960, job.glareShare, condition) : await photoOfCard(pool, i, rng, 1280, 960, job.glareShare, condition);
    if (photo.family !== undefined) families.add(photo.family);
    let quad: readonly (readonly [number, number])[] | null = null, width = 0;
    if (classifier === null) {
      const image = await decodeFrame(photo.jpeg);
      const found = locateCard(image);
      if (found.kind === 'card' && photo.card !== null) quad = found.quad, width = image.width, label[count] = cardValue(photo.card);
    } else {
      const seen = await classifier.examine(photo.jpeg);
      const given = seen.classification.card;
      if (given !== null && (photo.card === null || given !== formatCard(photo.card))) modelErrors++;
      if (seen.classification.reason === 'low-confidence' && seen.quad !== null && seen.baseProbs !== null) {
        quad = seen.quad, width = seen.frame!.width, label[count] = photo.card ?? -1;
        probs.set(seen.baseProbs, count * 49);
      }
    }
    if (quad !== null) {
      const full = await decodeFull(photo.jpeg);
      const s = full.width / width;
      toBytes(cornerPatches(full, quad.map(([x, y]) => [x * s, y * s] as Point)), patches, count * size);
      count++;
    }
    if ((i - job.first + 1) % 250 === 0) log(`${job.kind} ${job.first}–${job.end - 1}: ${i - job.first + 1} done`);
  }
  return { patches: patches.subarray(0, count * size), label: label.subarray(0, count), probs: probs.subarray(0, count * 49), count, photos: n, modelErrors, families: [...families] };
});
