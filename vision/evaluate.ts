// A held-out test of the shipped model: fresh faces and photos from a seed never used in
// training, 1280 × 960 JPEGs through the full classify path, with accuracy, confident errors,
// rejections, the worst confusions, timing and a confusion-matrix picture.
import { createHash } from 'node:crypto';
import sharp from 'sharp';
import { ALL_CARDS, formatCard, parseCard, type Card } from '../device/rules/cards.ts';
import type { CardClassifier, Classification } from './classifier.ts';
import { freshFacePool, photoOfCard } from './dataset.ts';
import { makeRng, mixSeed } from './random.ts';
import type { StyleSet } from './render/fonts.ts';

export interface EvalOptions {
  count: number;
  seed: number;
  /** The families and layouts the faces are drawn from: 'held-out' is the gate for printings the model never saw. */
  styles?: StyleSet;
  width?: number;
  height?: number;
  onProgress?: (done: number) => void;
}

export interface EvalReport {
  seed: number;
  styles: StyleSet;
  photos: number;
  correct: number;
  confidentErrors: number;
  rejected: number;
  rejectedBy: Record<string, number>;
  accuracy: number;
  confidentErrorRate: number;
  rejectionRate: number;
  worstPairs: Array<{ truth: string; read: string; count: number }>;
  /** Photos with a glare spot on the card, and how many of them were read correctly. */
  glare: { photos: number; correct: number };
  /** The same for each edition layout the cards were drawn in, and for each of those with a glare spot. */
  byLayout: Record<string, { photos: number; correct: number; glarePhotos: number; glareCorrect: number }>;
  /** Photos, right readings and confident errors for each numeral font family. */
  byFamily: Record<string, { photos: number; correct: number; confidentErrors: number }>;
  msMedian: number;
  msP95: number;
  /** sha256 (first 16 hex digits) of every photo's bytes in order, and of every answer: the same on any machine for the same set and model. */
  photosDigest: string;
  answersDigest: string;
  /** confusion[truth][read]; column 49 counts rejections. */
  confusion: number[][];
}

function percentile(xs: number[], p: number): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.max(0, Math.ceil((p / 100) * s.length) - 1))] ?? Number.NaN;
}

/** Renders `count` held-out photos and reads each with the classifier. */
export async function evaluate(classifier: CardClassifier, o: EvalOptions): Promise<EvalReport> {
  if (o.seed === classifier.metadata.training.seed) throw new Error(`seed ${o.seed} is the training seed; a held-out test needs another`);
  const width = o.width ?? 1280, height = o.height ?? 960;
  // Every photo's card is drawn in a style of its own, so the set holds 2,000 drawings, not a few dozen.
  const styles = o.styles ?? 'training';
  const pool = freshFacePool(300, styles);
  const confusion = ALL_CARDS.map(() => new Array<number>(50).fill(0));
  const times: number[] = [];
  const rejectedBy: Record<string, number> = {};
  let correct = 0, confidentErrors = 0, rejected = 0;
  const byLayout: EvalReport['byLayout'] = {};
  const byFamily: EvalReport['byFamily'] = {};
  const base = mixSeed(o.seed, 11);
  const photosHash = createHash('sha256'), answersHash = createHash('sha256');
  for (let i = 0; i < o.count; i++) {
    const photo = await photoOfCard(pool, i, makeRng(mixSeed(base, i)), width, height);
    const t = performance.now();
    const r: Classification = await classifier.classify(photo.jpeg);
    times.push(performance.now() - t);
    photosHash.update(photo.jpeg);
    answersHash.update(`${i}\t${r.card ?? '-'}\t${r.reason ?? ''}\n`);
    const truth = photo.card!;
    let readRight = false;
    if (r.card === null) {
      rejected++;
      rejectedBy[r.reason ?? 'unknown'] = (rejectedBy[r.reason ?? 'unknown'] ?? 0) + 1;
      confusion[truth]![49]!++;
    } else {
      const read = parseCard(r.card);
      confusion[truth]![read]!++;
      readRight = read === truth;
      if (readRight) correct++;
      else confidentErrors++;
    }
    const family = (byFamily[photo.family ?? 'unknown'] ??= { photos: 0, correct: 0, confidentErrors: 0 });
    family.photos++;
    if (readRight) family.correct++;
    else if (r.card !== null) family.confidentErrors++;
    const layout = (byLayout[photo.layout ?? 'unknown'] ??= { photos: 0, correct: 0, glarePhotos: 0, glareCorrect: 0 });
    layout.photos++;
    if (readRight) layout.correct++;
    if (photo.glareAt !== null) {
      layout.glarePhotos++;
      if (readRight) layout.glareCorrect++;
    }
    if (o.onProgress && (i + 1) % 100 === 0) o.onProgress(i + 1);
  }
  // The worst pairs are the confident errors, most frequent first.
  const pairs: EvalReport['worstPairs'] = [];
  for (const t of ALL_CARDS) for (const r of ALL_CARDS) {
    if (t !== r && confusion[t]![r]! > 0) pairs.push({ truth: formatCard(t), read: formatCard(r), count: confusion[t]![r]! });
  }
  pairs.sort((a, b) => b.count - a.count);
  const n = o.count;
  // Every photo is counted under one layout ("unknown" for a pooled face), so the layouts add up to the set.
  const layouts = Object.values(byLayout);
  const glare = { photos: layouts.reduce((k, l) => k + l.glarePhotos, 0), correct: layouts.reduce((k, l) => k + l.glareCorrect, 0) };
  return {
    seed: o.seed, styles, photos: n, correct, confidentErrors, rejected, rejectedBy,
    accuracy: correct / n, confidentErrorRate: confidentErrors / n, rejectionRate: rejected / n,
    worstPairs: pairs.slice(0, 10), glare, byLayout, byFamily, msMedian: percentile(times, 50), msP95: percentile(times, 95), confusion,
    photosDigest: photosHash.digest('hex').slice(0, 16), answersDigest: answersHash.digest('hex').slice(0, 16),
  };
}

/** Draws the confusion matrix (rows: truth, columns: reading, last column: rejected) as a PNG. */
export async function confusionPng(confusion: number[][], cell = 10): Promise<Buffer> {
  const rows = confusion.length, cols = 50;
  const w = cols * cell, h = rows * cell;
  const px = Buffer.alloc(w * h * 3, 255);
  for (let t = 0; t < rows; t++) {
    const total = confusion[t]!.reduce((a, b) => a + b, 0) || 1;
    for (let r = 0; r < cols; r++) {
      const f = confusion[t]![r]! / total;
      // Correct readings in grey on the diagonal, errors in red, rejections in blue; darker is more.
      const colour = r === 49 ? [255 - 200 * f, 255 - 120 * f, 255] : r === t ? [255 - 200 * f, 255 - 200 * f, 255 - 200 * f] : [255, 255 - 255 * Math.min(1, f * 5), 255 - 255 * Math.min(1, f * 5)];
      for (let y = 0; y < cell - 1; y++) for (let x = 0; x < cell - 1; x++) {
        const o = ((t * cell + y) * w + r * cell + x) * 3;
        px[o] = colour[0]!; px[o + 1] = colour[1]!; px[o + 2] = colour[2]!;
      }
    }
  }
  return sharp(px, { raw: { width: w, height: h, channels: 3 } }).png().toBuffer();
}

/** The card order of the matrix rows and columns, for a legend. */
export const MATRIX_ORDER: string[] = ALL_CARDS.map((c: Card) => formatCard(c));
