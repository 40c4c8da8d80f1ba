// Measures a trained model on validation rows and sets the confidence threshold: the lowest
// confidence at which confident errors (a wrong card, or a card given where there is none) stay
// under 0.1 % of the validation photos. A tighter budget left the threshold resting on the single
// worst photo, which moves it by chance.
import type * as tfType from '@tensorflow/tfjs';
import type { Card } from '../../device/rules/cards.ts';
import { FEATURE_LENGTH } from '../features.ts';
import { netInputs } from '../net.ts';
import { cardProbabilities, NOT_A_CARD, ranked } from '../scoring.ts';
import { joinViews } from '../views.ts';
import type { PhotoSource } from './data.ts';

/** Per-photo predictions: best card, its confidence and the is-a-card probability. */
export interface Prediction {
  card: Card;
  confidence: number;
  isCard: number;
}

/**
 * Runs the model over feature rows in batches and joins each photo's rows (`rowsPerPhoto`: each
 * view upright then turned) as the classifier does, so the threshold is set on its very answers.
 */
export function predictPhotos(tf: typeof tfType, model: tfType.LayersModel, set: { x: Float32Array; count: number; rowsPerPhoto: number }): Prediction[] {
  const per = set.rowsPerPhoto;
  if (!Number.isInteger(per) || per < 2 || per % 2 !== 0 || set.count % per !== 0) throw new Error(`${set.count} rows do not make photos of ${per} rows (two per view)`);
  const out: Prediction[] = [];
  // Whole photos per batch, about 512 rows.
  const batch = per * Math.max(1, Math.floor(512 / per));
  for (let start = 0; start < set.count; start += batch) {
    const n = Math.min(batch, set.count - start);
    const [colour, value, isCard] = tf.tidy(() => {
      const xs = netInputs(tf, set.x.subarray(start * FEATURE_LENGTH, (start + n) * FEATURE_LENGTH), n);
      const ys = model.predict(xs) as tfType.Tensor[];
      return ys.map((y) => y.dataSync() as Float32Array);
    });
    for (let first = 0; first < n; first += per) {
      const joined = joinViews({ colour: colour!, value: value!, isCard: isCard! }, first, per / 2);
      const best = ranked(cardProbabilities(joined.colour, joined.value), 1)[0]!;
      out.push({ card: best.card, confidence: best.p, isCard: joined.isCard });
    }
  }
  return out;
}

/** The budget: confident errors under 0.1 % of photos. */
export const CONFIDENT_ERROR_BUDGET = 0.001;

/** A photo read as a card it is not, and (when the set says) which photo of its stream it is. */
export interface Mistake {
  confidence: number;
  kind: 'card' | 'none';
  source?: PhotoSource;
}

/** A mistake as the logs print it: its confidence, its kind, and the photo's condition and index in its stream. */
export function describeMistake(m: Mistake): string {
  const notCard = m.kind === 'none' && m.source?.condition !== 'overlap';
  const what = m.source === undefined ? '' : ` (${notCard ? 'not a card, ' : ''}${m.source.condition} #${m.source.index})`;
  return `${m.confidence.toFixed(5)} ${m.kind}${what}`;
}

/**
 * The photos read as a card they are not, most confident first: a card read as another ('card'),
 * or a photo without a single card given one ('none'). Faces the model refuses are left out.
 */
export function mistakes(preds: Prediction[], labels: Int32Array, sources?: readonly PhotoSource[]): Mistake[] {
  if (preds.length !== labels.length) throw new RangeError(`${preds.length} predictions for ${labels.length} labels`);
  if (sources !== undefined && sources.length !== preds.length) throw new RangeError(`${sources.length} photo sources for ${preds.length} predictions`);
  const out: Mistake[] = [];
  preds.forEach((p, i) => {
    if (p.card === labels[i] || p.isCard < NOT_A_CARD) return;
    const kind = labels[i]! < 0 ? 'none' : 'card';
    out.push(sources === undefined ? { confidence: p.confidence, kind } : { confidence: p.confidence, kind, source: sources[i]! });
  });
  return out.sort((a, b) => b.confidence - a.confidence);
}

/**
 * Chooses the threshold from predictions: the lowest that lets through fewer confident errors than
 * `maxConfidentErrorRate` of the photos (strictly fewer: 2,000 photos allow 1, 2,843 allow 2). A
 * confident error is a card read as another, or a photo holding no single card (label < 0: a
 * non-card, two overlapping cards the locator took for one) given a card. A photo the model holds
 * not to be a Red7 face is answered "no-card" whatever the confidence, so it is never one.
 */
export function chooseThreshold(preds: Prediction[], labels: Int32Array, maxConfidentErrorRate = CONFIDENT_ERROR_BUDGET): number {
  if (!(maxConfidentErrorRate > 0 && maxConfidentErrorRate < 1)) throw new RangeError(`the confident-error rate must lie between 0 and 1, not ${maxConfidentErrorRate}`);
  const wrong = mistakes(preds, labels).map((m) => m.confidence);
  const allowed = allowedErrors(preds.length, maxConfidentErrorRate);
  const t = allowed < wrong.length ? wrong[allowed]! + 1e-6 : 0;
  return Math.min(0.999, Math.max(0.5, t));
}

/** How many confident errors stay strictly under `rate` of `photos`. */
function allowedErrors(photos: number, rate: number): number {
  // Rounded so that a whole number of photos is not taken for "under" itself (2 of 2,000 is 0.1 %).
  return Math.max(0, Math.ceil(Math.round(rate * photos * 1e9) / 1e9) - 1);
}

/** Accuracy figures for metadata and reports: card photos, and the photos holding no single card given one. */
export function measure(preds: Prediction[], labels: Int32Array, threshold: number): { photos: number; correct: number; confidentErrors: number; rejected: number; notCards: number; notCardsGiven: number } {
  let photos = 0, correct = 0, confidentErrors = 0, rejected = 0, notCards = 0, notCardsGiven = 0;
  preds.forEach((p, i) => {
    const given = p.isCard >= NOT_A_CARD && p.confidence >= threshold;
    if (labels[i]! < 0) {
      notCards++;
      if (given) notCardsGiven++;
      return;
    }
    photos++;
    if (!given) rejected++;
    else if (p.card === labels[i]) correct++;
    else confidentErrors++;
  });
  return { photos, correct, confidentErrors, rejected, notCards, notCardsGiven };
}

/**
 * The second look's threshold (indices.ts): the lowest weighed confidence at which the cards it
 * gives wrongly (`wrong`: their weighed confidences), added to the model's own confident errors
 * at its threshold, stay under the same budget of the photos. Never below `least`; above 1 when
 * a wrong card weighs in at 1, so that the second look gives nothing.
 */
export function chooseSecondThreshold(wrong: readonly number[], photos: number, modelErrors: number, least = 0.9, maxConfidentErrorRate = CONFIDENT_ERROR_BUDGET): number {
  if (!Number.isInteger(photos) || photos < 1) throw new RangeError(`photos must be a whole number ≥ 1, not ${photos}`);
  const allowed = Math.max(0, allowedErrors(photos, maxConfidentErrorRate) - modelErrors);
  const sorted = [...wrong].sort((a, b) => b - a);
  const t = allowed < sorted.length ? sorted[allowed]! + 1e-6 : 0;
  return Math.max(least, t);
}
