// The corner-index reader: a second look at a card the model is unsure of. A small network reads
// the value from each of the four corner patches (corners.ts); the patches' log-probabilities are
// added (an empty corner says little, two indices that agree say much) and weigh the model's card
// probabilities. The weighed answer is given only when the corners themselves read its value best
// and it clears the reader's own threshold, which is never below SECOND_LOOK_FLOOR.
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { cardValue, type Card } from '../device/rules/cards.ts';
import { PATCH, PATCH_LENGTH, PATCH_SPAN } from './corners.ts';
import { loadNetFile, NET_FILE_FIELDS, SmallNet } from './small-net.ts';

/** The least probability a patch's value is taken at, so one patch cannot veto a value outright. */
const FLOOR = 1e-6;
/**
 * The corners bring evidence on the value alone, so the colour must carry the rest: under a warm
 * glare a red card's colour can lean to orange, and a pair's upper card can read plainly in its
 * corners. Every such card the second look gave on the dev printings weighed under this.
 */
export const SECOND_LOOK_FLOOR = 0.99998;

export const IndexReaderFileSchema = z.object({
  input: z.object({ patch: z.literal(PATCH), span: z.number().refine((s) => Math.abs(s - PATCH_SPAN) < 1e-9, `the patches span ${PATCH_SPAN} of the card's width`) }),
  ...NET_FILE_FIELDS,
  /** How strongly the corners' evidence weighs the model's probabilities (its power). */
  weight: z.number().positive().max(4),
  /** At or above this weighed probability a card the model alone was unsure of is given (above 1: never). */
  threshold: z.number().min(SECOND_LOOK_FLOOR).max(2),
  training: z.record(z.string(), z.unknown()),
});
export type IndexReaderFile = z.infer<typeof IndexReaderFileSchema>;

/** A loaded corner-index reader. */
export class IndexReader {
  private readonly net: SmallNet;

  constructor(readonly file: IndexReaderFile, weights: Float32Array) {
    const last = file.layers.at(-1)!;
    if (last.kind !== 'dense' || last.units !== 7 || last.activation !== 'softmax') throw new Error('the reader must end in a softmax over the 7 values');
    this.net = new SmallNet({ height: PATCH, width: PATCH, channels: 3 }, file.layers, weights);
  }

  /** Each value's evidence (1–7 at 0–6): the four patches' log-probabilities added. */
  evidence(patches: Float32Array): Float64Array {
    if (patches.length !== 4 * PATCH_LENGTH) throw new RangeError(`four corner patches hold ${4 * PATCH_LENGTH} numbers, not ${patches.length}`);
    const e = new Float64Array(7);
    for (let k = 0; k < 4; k++) {
      const p = this.net.run(patches.subarray(k * PATCH_LENGTH, (k + 1) * PATCH_LENGTH));
      for (let v = 0; v < 7; v++) e[v]! += Math.log(Math.max(FLOOR, p[v]!));
    }
    return e;
  }

  /** The value (1–7) the corners read best. */
  bestValue(evidence: Float64Array): number {
    let best = 0;
    for (let v = 1; v < 7; v++) if (evidence[v]! > evidence[best]!) best = v;
    return best + 1;
  }

  /** The model's card probabilities weighed by the corners' evidence, renormalised (a card ruled out stays at 0). */
  weigh(probs: Float64Array, evidence: Float64Array): Float64Array {
    if (probs.length !== 49 || evidence.length !== 7) throw new RangeError('49 card probabilities and 7 values’ evidence');
    const top = Math.max(...evidence);
    const out = new Float64Array(49);
    let sum = 0;
    for (let c = 0; c < 49; c++) sum += out[c] = probs[c]! * Math.exp(this.file.weight * (evidence[cardValue(c as Card) - 1]! - top));
    if (sum > 0) for (let c = 0; c < 49; c++) out[c]! /= sum;
    return out;
  }
}

/** The shipped reader's file. */
export const INDEX_READER_FILE = join(dirname(fileURLToPath(import.meta.url)), 'second-look', 'indices.json');

/** Reads a reader's description and its weights beside it, naming what is wrong with either. */
export function loadIndexReader(file = INDEX_READER_FILE): IndexReader {
  return loadNetFile(file, IndexReaderFileSchema, 'a corner-index reader', (d, w) => new IndexReader(d, w));
}
