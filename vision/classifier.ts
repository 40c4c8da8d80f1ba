// The card reader: a frame (JPEG or PNG bytes) in, a card or a reasoned refusal out.
// Cards that cannot be on the tray are ruled out and the rest renormalised before choosing;
// below the model's calibrated threshold the answer is null with reason "low-confidence".
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type * as tfType from '@tensorflow/tfjs';
import type { Logger } from 'pino';
import { formatCard, tryParseCard, type Card } from '../device/rules/cards.ts';
import { loadTensorflow, type BackendName } from './backend.ts';
import { FEATURE_LENGTH } from './features.ts';
import { NotAnImageError } from './frame.ts';
import type { Metadata } from './metadata.ts';
import { loadModel } from './model-io.ts';
import { netInputs } from './net.ts';
import { readFrame } from './pipeline.ts';
import { cardProbabilities, NOT_A_CARD, ranked } from './scoring.ts';
import { joinViews } from './views.ts';

/** The shipped model's folder. */
export const DEFAULT_MODEL_DIR = join(dirname(fileURLToPath(import.meta.url)), 'model');

export type RejectReason = 'low-confidence' | 'no-card' | 'several-cards' | 'not-an-image';

/** A reading: the card in `R7` notation or null, how sure, the runners-up, and why null. */
export interface Classification {
  card: string | null;
  confidence: number;
  alternatives: Array<{ card: string; p: number }>;
  reason?: RejectReason;
  /** Extra words for a person when the reason alone is not enough (e.g. why the bytes are not an image). */
  detail?: string;
}

/** Cards to rule out, in `R7` notation or as Card numbers. */
export interface ClassifyOptions {
  exclude?: ReadonlyArray<string | Card>;
}

const ALTERNATIVES = 3;

function excludedCards(exclude: ReadonlyArray<string | Card>): Card[] {
  return exclude.map((e) => {
    if (typeof e === 'number') {
      if (!Number.isInteger(e) || e < 0 || e > 48) throw new TypeError(`exclude: ${e} is not a card number 0–48`);
      return e;
    }
    const r = tryParseCard(e);
    if (!r.ok) throw new TypeError(`exclude: ${r.error}`);
    return r.card;
  });
}

/** A loaded model ready to read frames. */
export class CardClassifier {
  private constructor(
    private readonly tf: typeof tfType,
    private readonly model: tfType.LayersModel,
    readonly metadata: Metadata,
    readonly backend: BackendName,
  ) {}

  /** Loads the model (the shipped one unless `modelDir` says otherwise) on the best backend. */
  static async load(options: { modelDir?: string; logger?: Logger } = {}): Promise<CardClassifier> {
    const { tf, backend } = await loadTensorflow(options.logger);
    const dir = options.modelDir ?? DEFAULT_MODEL_DIR;
    const { model, metadata } = await loadModel(tf, dir);
    if (metadata.input.length !== FEATURE_LENGTH) {
      throw new Error(`model in ${dir} reads ${metadata.input.length} features but this code makes ${FEATURE_LENGTH}: retrain with npm run train`);
    }
    options.logger?.info({ backend, version: metadata.version, threshold: metadata.threshold }, 'card classifier loaded');
    return new CardClassifier(tf, model, metadata, backend);
  }

  /** Reads the card in a JPEG/PNG frame. Never throws for bad bytes: they come back as reason "not-an-image". */
  async classify(image: Uint8Array, options: ClassifyOptions = {}): Promise<Classification> {
    const exclude = excludedCards(options.exclude ?? []);
    let reading;
    try {
      reading = await readFrame(image);
    } catch (err) {
      if (err instanceof NotAnImageError) return { card: null, confidence: 0, alternatives: [], reason: 'not-an-image', detail: err.message };
      throw err;
    }
    if (reading.kind === 'none') return { card: null, confidence: 0, alternatives: [], reason: 'no-card' };
    if (reading.kind === 'several') return { card: null, confidence: 0, alternatives: [], reason: 'several-cards', detail: `${reading.count} cards in view` };
    const [colourRows, valueRows, isCardRows] = this.tf.tidy(() => {
      const outputs = this.model.predict(netInputs(this.tf, reading.rows, 2 * reading.views)) as tfType.Tensor[];
      return outputs.map((t) => t.dataSync() as Float32Array);
    });
    const { colour, value, isCard } = joinViews({ colour: colourRows!, value: valueRows!, isCard: isCardRows! }, 0, reading.views);
    const probs = cardProbabilities(colour, value, exclude);
    const top = ranked(probs, ALTERNATIVES + 1).filter((a) => a.p > 0);
    const alternatives = top.map((a) => ({ card: formatCard(a.card), p: Math.round(a.p * 1e6) / 1e6 }));
    const best = top[0];
    if (isCard < NOT_A_CARD) return { card: null, confidence: 0, alternatives: [], reason: 'no-card', detail: 'the object in view is not a Red7 card face' };
    if (best === undefined || best.p < this.metadata.threshold) {
      return { card: null, confidence: best?.p ?? 0, alternatives, reason: 'low-confidence' };
    }
    return { card: formatCard(best.card), confidence: Math.round(best.p * 1e6) / 1e6, alternatives: alternatives.slice(1) };
  }
}
