// The training run behind `npm run train` and the test suite's smoke training: render the photos
// (in worker threads), train the ensemble members side by side (a worker thread each), join them
// into one model, calibrate its threshold on validation photos and save it.
import * as tf from '@tensorflow/tfjs';
import { FEATURE_LENGTH, CROP_H, CROP_W, GRID_H, GRID_W, INPUT_KIND } from '../features.ts';
import { WORK_SIZE } from '../frame.ts';
import { LABELS, type Metadata } from '../metadata.ts';
import { saveModel } from '../model-io.ts';
import { startWasmBackend } from '../backend.ts';
import { buildEnsemble, type LayerWeights } from '../net.ts';
import type { ConditionMix } from '../augment/conditions.ts';
import { JOIN_POWER, VIEWS } from '../views.ts';
import { mixSeed } from '../random.ts';
import { chooseThreshold, describeMistake, measure, mistakes, predictPhotos } from './calibrate.ts';
import { TRAIN_FRAME, VALIDATION_FRAME, type FeatureSet, type PoolSpec } from './data.ts';
import type { MemberJob } from './member-worker.ts';
import { makeFeatureSetInWorkers, renderProcesses } from './parallel.ts';
import { runInThread } from './workers.ts';

/**
 * The share of training photos with a glare spot. Glare photos are where the reader fails, and
 * at the camera's share the training set holds few of the rarer ones: a spot on a Hobby World corner numeral, on a rule panel's edge.
 */
export const TRAIN_GLARE_SHARE = 0.6;

/**
 * How often training photos are taken under each table condition; about a third stay plain.
 * Overlapping cards that the locator takes for one are taught as "not a face".
 */
export const TRAIN_CONDITIONS: ConditionMix = {
  'glare-spill': 0.08, 'glare-cast': 0.1, 'patterned-cloth': 0.12, thumb: 0.1, 'partly-off-frame': 0.08, tilt: 0.12, overlap: 0.06,
};

/**
 * The conditions of the validation photos the threshold is set on: every condition a table
 * meets, overlapping cards too, so the threshold holds under them, not only on plain scenes. A
 * pair the locator takes for one card and the model reads with confidence counts as an error.
 */
export const VALIDATION_CONDITIONS: ConditionMix = {
  'glare-spill': 0.08, 'glare-cast': 0.08, 'patterned-cloth': 0.08, thumb: 0.08, 'partly-off-frame': 0.08, tilt: 0.08, overlap: 0.08,
};

export interface TrainOptions {
  seed: number;
  photos: number;
  validation: number;
  stylesPerCard: number;
  epochs: number;
  /** Ensemble members, each trained in a thread of its own (2 unless said). */
  members?: number;
  /** Rows per gradient step (64 unless a test wants fewer steps). */
  batchSize?: number;
  outDir: string;
  log: (line: string) => void;
}

/**
 * The faces training and validation draw: training from the training families and layouts only;
 * validation, on which the threshold is set, from the calibration families, which training never
 * sees, so the threshold has to hold for typefaces the model does not know. stylesPerCard 0 gives
 * every photo a style of its own (see freshFacePool); a few styles per card suit quick smoke runs.
 */
export function poolSpecs(seed: number, stylesPerCard: number): { train: PoolSpec; validation: PoolSpec } {
  if (stylesPerCard === 0) {
    return { train: { kind: 'fresh', width: 150, styles: 'training' }, validation: { kind: 'fresh', width: 300, styles: 'calibration' } };
  }
  return {
    train: { kind: 'styles', seed, stylesPerCard, width: 150, notCards: Math.max(4, Math.round(stylesPerCard * 2)), styles: 'training' },
    validation: { kind: 'styles', seed: mixSeed(seed, 99), stylesPerCard: Math.max(1, Math.round(stylesPerCard / 3)), width: 300, notCards: 8, styles: 'calibration' },
  };
}

/**
 * The validation photos of a training run (seed and styles per card as trained), at camera size,
 * read through every view: the set the threshold is set on. Rebuilt alike by recalibration.
 */
export async function validationSet(seed: number, stylesPerCard: number, count: number, log: (line: string) => void): Promise<FeatureSet> {
  const { validation } = poolSpecs(seed, stylesPerCard);
  return makeFeatureSetInWorkers(validation, { seed, stream: 3, notCardShare: 0.05, frame: VALIDATION_FRAME, views: 'all', conditions: VALIDATION_CONDITIONS }, count, renderProcesses(), log);
}

/** Sets the threshold on the validation set's joined answers (the backend in use runs the model) and measures at it. */
export function calibrate(model: tf.LayersModel, val: FeatureSet, log: (line: string) => void): { threshold: number; accuracy: Metadata['accuracy'] } {
  const preds = predictPhotos(tf, model, val);
  const labels = val.card.filter((_, i) => i % val.rowsPerPhoto === 0);
  const threshold = chooseThreshold(preds, labels);
  const acc = measure(preds, labels, threshold);
  const raw = preds.filter((p, i) => labels[i]! >= 0 && p.card === labels[i]).length / Math.max(1, labels.filter((l) => l >= 0).length);
  log(`validation top-1 before rejection: ${(raw * 100).toFixed(2)} %`);
  log(`validation: ${acc.correct}/${acc.photos} correct, ${acc.confidentErrors} confident errors, ${acc.rejected} rejected at threshold ${threshold.toFixed(4)}; ${acc.notCardsGiven} of ${acc.notCards} photos without a single card given one`);
  // Where the threshold rests: the most confident mistakes, of a card ("card") or of a photo without one ("none").
  log(`most confident mistakes: ${mistakes(preds, labels, val.sources).slice(0, 5).map(describeMistake).join(', ') || 'none'}`);
  return { threshold, accuracy: { ...acc, locatorMisses: val.locatorMisses } };
}

/** Renders, trains, calibrates and saves; returns the metadata written. */
export async function trainModel(o: TrainOptions): Promise<{ metadata: Metadata }> {
  const started = Date.now();
  const members = o.members ?? 2;
  if (!Number.isInteger(members) || members < 2) throw new Error(`members must be a whole number ≥ 2, not ${members}`);
  await tf.setBackend('cpu');
  tf.enableProdMode();
  const secs = (): string => `${((Date.now() - started) / 1000).toFixed(0)}s`;
  const log = (line: string): void => o.log(`[${secs()}] ${line}`);
  const fresh = o.stylesPerCard === 0;
  const { train: trainSpec } = poolSpecs(o.seed, o.stylesPerCard);
  const processes = renderProcesses();
  log(`${fresh ? 'a fresh style for every photo' : `${o.stylesPerCard} styles × 49 cards`}; rendering in ${processes} processes`);
  // Training photos have a glare spot more often than the camera's (TRAIN_GLARE_SHARE);
  // the validation photos keep the camera's share, so the threshold is set on what the camera sees.
  const train = await makeFeatureSetInWorkers(trainSpec, { seed: o.seed, stream: 2, notCardShare: 0.08, frame: TRAIN_FRAME, views: 'located', glareShare: TRAIN_GLARE_SHARE, conditions: TRAIN_CONDITIONS }, o.photos, processes, log);
  const val = await validationSet(o.seed, o.stylesPerCard, o.validation, log);
  log(`${train.count} training rows (${train.locatorMisses} locator misses), ${val.count} validation rows`);

  // The members differ only in their seed (initial weights and the order of the rows).
  const trained = await Promise.all(Array.from({ length: members }, (_, member) => {
    const job: MemberJob = { member, seed: mixSeed(o.seed, 500 + member), epochs: o.epochs, batchSize: o.batchSize ?? 64, x: train.x, card: train.card, count: train.count };
    return runInThread<LayerWeights[]>(new URL('./member-worker.ts', import.meta.url), job, log);
  }));
  const model = buildEnsemble(tf, trained);

  // Calibrated on the WebAssembly backend, the one that reads frames: it answers the validation
  // rows (seven views, both ways up) many times faster than the plain CPU backend.
  await startWasmBackend(tf);
  const { threshold, accuracy } = calibrate(model, val, log);
  const metadata: Metadata = {
    version: '5.2.0',
    created: new Date().toISOString(),
    labels: LABELS,
    input: { kind: INPUT_KIND, cropHeight: CROP_H, cropWidth: CROP_W, gridHeight: GRID_H, gridWidth: GRID_W, length: FEATURE_LENGTH, workSize: WORK_SIZE },
    training: { seed: o.seed, photos: o.photos, stylesPerCard: o.stylesPerCard, epochs: o.epochs, members, seconds: Math.round((Date.now() - started) / 1000), frame: `${TRAIN_FRAME.width}x${TRAIN_FRAME.height}` },
    threshold,
    joinPower: JOIN_POWER,
    views: VIEWS.length,
    accuracy,
  };
  await saveModel(tf, model, o.outDir, metadata);
  log(`saved to ${o.outDir}`);
  return { metadata };
}
