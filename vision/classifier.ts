// The card reader: a frame (JPEG or PNG bytes) in, a card or a reasoned refusal out.
// Cards that cannot be on the tray are ruled out and the rest renormalised before choosing;
// below the model's calibrated threshold the answer is null with reason "low-confidence".
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type * as tfType from '@tensorflow/tfjs';
import type { Logger } from 'pino';
import { cardValue, formatCard, parseCard, tryParseCard, type Card } from '../device/rules/cards.ts';
import { loadTensorflow, type BackendName } from './backend.ts';
import { FEATURE_LENGTH } from './features.ts';
import { cardAdvice, frameAdvice } from './blown.ts';
import { cornerPatches, decodeFull } from './corners.ts';
import { NotAnImageError } from './frame.ts';
import { INDEX_READER_FILE, loadIndexReader, type IndexReader } from './indices.ts';
import type { Metadata } from './metadata.ts';
import { compileForward, type Forward } from './forward.ts';
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

/**
 * A table's own deck (see deck/): it re-weighs the base model's card probabilities from the
 * crop's embedding and the crop itself, and brings the confidence below which its readings are refused.
 */
export interface DeckAdjuster {
  adjust(probs: Float64Array, embedding: Float32Array, crop?: Float32Array): Float64Array;
  threshold: number;
}

/** Cards to rule out, in `R7` notation or as Card numbers, and the table's deck when it has one. */
export interface ClassifyOptions {
  exclude?: ReadonlyArray<string | Card>;
  deck?: DeckAdjuster;
}

/** A reading with what the camera saw: the located outline (frame pixels) and the crop's embedding. */
export interface Examination {
  classification: Classification;
  /** The located card's corners in the decoded frame's pixels, and the frame's size. */
  quad: Array<[number, number]> | null;
  frame: { width: number; height: number } | null;
  /** The crop's L2-normalised embedding (penultimate layers, every view both ways up, averaged). */
  embedding: Float32Array | null;
  /** The located card's RGB crop (CROP_H × CROP_W, 0–255), as a deck's templates compare it. */
  crop: Float32Array | null;
  /** The base model's answer alone, before any deck re-weighed it (with a deck, after the second look only where the deck left the card unread). */
  base: Classification | null;
  /** The base model's probability of each card (exclusions applied), indexed by card. */
  baseProbs: Float64Array | null;
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
    model: tfType.LayersModel,
    readonly metadata: Metadata,
    readonly backend: BackendName,
    /** The corner-index reader that takes a second look at a card the model is unsure of, when asked for. */
    readonly indices: IndexReader | null = null,
  ) {
    // The heads and the embedding layers come out of one pass.
    // The value path's layers (hidden2) first, then the colour path's (hidden3): a deck compares the two apart.
    const width = (l: tfType.layers.Layer) => (l.outputShape as number[])[1]!;
    const valuePath = model.layers.filter((l) => /(^|_)hidden2$/.test(l.name)), colourPath = model.layers.filter((l) => /(^|_)hidden3$/.test(l.name));
    if (valuePath.length === 0 || colourPath.length === 0) throw new Error('the model has no hidden2/hidden3 layers to embed a crop with');
    const hidden = [...valuePath, ...colourPath];
    this.withEmbedding = tf.model({ inputs: model.inputs, outputs: [...(model.outputs as tfType.SymbolicTensor[]), ...hidden.map((l) => l.output as tfType.SymbolicTensor)] });
    this.embeddingLength = hidden.reduce((n, l) => n + width(l), 0);
    this.valueLength = valuePath.reduce((n, l) => n + width(l), 0);
    this.forward = compileForward(tf, this.withEmbedding) ?? ((ins) => this.withEmbedding.predict([...ins]) as tfType.Tensor[]);
  }

  private readonly withEmbedding: tfType.LayersModel;
  /** The heads and embedding layers for a batch of inputs: predict's numbers, without its bookkeeping. */
  private readonly forward: Forward;
  /** Length of an embedding from this model. */
  readonly embeddingLength: number;
  /** How much of the embedding, from its start, the value head reads (the rest feeds the colour head). */
  readonly valueLength: number;

  /**
   * Loads the model (the shipped one unless `modelDir` says otherwise) on the best backend, and the
   * corner-index reader (`indicesFile`, the shipped one unless told), which takes a second look at
   * the cards the model refuses as unsure; `secondLook: false` reads with the model alone.
   */
  static async load(options: { modelDir?: string; logger?: Logger; secondLook?: boolean; indicesFile?: string } = {}): Promise<CardClassifier> {
    const { tf, backend } = await loadTensorflow(options.logger);
    const dir = options.modelDir ?? DEFAULT_MODEL_DIR;
    const { model, metadata } = await loadModel(tf, dir);
    if (metadata.input.length !== FEATURE_LENGTH) {
      throw new Error(`model in ${dir} reads ${metadata.input.length} features but this code makes ${FEATURE_LENGTH}: retrain with npm run train`);
    }
    const indices = options.secondLook !== false ? loadIndexReader(options.indicesFile ?? INDEX_READER_FILE) : null;
    options.logger?.info({ backend, version: metadata.version, threshold: metadata.threshold, secondLook: indices?.file.threshold ?? null }, 'card classifier loaded');
    return new CardClassifier(tf, model, metadata, backend, indices);
  }

  /** Reads the card in a JPEG/PNG frame. Never throws for bad bytes: they come back as reason "not-an-image". */
  async classify(image: Uint8Array, options: ClassifyOptions = {}): Promise<Classification> {
    return (await this.examine(image, options)).classification;
  }

  /** The crop's embedding, or null (with the refusal) when no single card face is in view. */
  async embed(image: Uint8Array): Promise<{ embedding: Float32Array | null; classification: Classification }> {
    const { embedding, classification } = await this.examine(image);
    return { embedding, classification };
  }

  /** Reads a frame and says what the camera saw: the outline, the embedding, and the base model's answer. */
  async examine(image: Uint8Array, options: ClassifyOptions = {}): Promise<Examination> {
    const exclude = excludedCards(options.exclude ?? []);
    const none = (classification: Classification, frame: Examination['frame'] = null): Examination => ({ classification, quad: null, frame, embedding: null, crop: null, base: null, baseProbs: null });
    let reading;
    try {
      reading = await readFrame(image);
    } catch (err) {
      if (err instanceof NotAnImageError) return none({ card: null, confidence: 0, alternatives: [], reason: 'not-an-image', detail: err.message });
      throw err;
    }
    if (reading.kind === 'none') return none(advised({ card: null, confidence: 0, alternatives: [], reason: 'no-card' }, () => frameAdvice(reading.image)));
    if (reading.kind === 'several') {
      const advice = frameAdvice(reading.image);
      return none({ card: null, confidence: 0, alternatives: [], reason: 'several-cards', detail: `${reading.count} cards in view${advice === null ? '' : `; ${advice}`}` });
    }
    const rows = 2 * reading.views;
    // The arrays are read outside tidy: tidy walks whatever its function returns, and walks a typed
    // array number by number (a Set of thousands of entries a frame).
    const tensors = this.tf.tidy(() => this.forward(netInputs(this.tf, reading.rows, rows)));
    const outputs = tensors.map((t) => t.dataSync() as Float32Array);
    this.tf.dispose(tensors);
    const [colourRows, valueRows, isCardRows, ...hidden] = outputs;
    const embedding = averagedEmbedding(hidden, rows, this.embeddingLength);
    const { colour, value, isCard } = joinViews({ colour: colourRows!, value: valueRows!, isCard: isCardRows! }, 0, reading.views);
    const frame = { width: reading.image.width, height: reading.image.height };
    const quad = reading.quad.map(([x, y]) => [Math.round(x * 10) / 10, Math.round(y * 10) / 10] as [number, number]);
    if (isCard < NOT_A_CARD) {
      return { ...none({ card: null, confidence: 0, alternatives: [], reason: 'no-card', detail: 'the object in view is not a Red7 card face' }, frame), quad, embedding, crop: reading.crop };
    }
    const baseProbs = cardProbabilities(colour, value, exclude);
    // Worked out once, and only when a refusal needs it (the base and the deck may both refuse).
    let advice: string | null | undefined;
    const onCard = () => (advice === undefined ? (advice = cardAdvice(reading.image, reading.quad)) : advice);
    const first = decide(baseProbs, this.metadata.threshold);
    const crop = reading.crop;
    if (options.deck === undefined) {
      const base = advised(await this.secondLook(image, reading, baseProbs, first), onCard);
      return { classification: base, quad, frame, embedding, crop, base, baseProbs };
    }
    const deckProbs = options.deck.adjust(baseProbs, embedding, crop);
    for (const card of exclude) deckProbs[card] = 0;
    // The reported (rounded) corners, so a replay from the examination decides as this read did.
    const cut = cutByFrame(quad, frame);
    const { threshold } = options.deck;
    let base = first, read = readWithDeck(baseProbs, deckProbs, this.metadata.threshold, threshold, cut, first);
    // The second look decodes the frame at its own size, so with a deck it is taken only where the
    // deck leaves the card unread: it can change the answer only there.
    if (read.card === null && first.reason === 'low-confidence') {
      base = await this.secondLook(image, reading, baseProbs, first);
      read = readWithDeck(baseProbs, deckProbs, this.metadata.threshold, threshold, cut, base);
    }
    return { classification: advised(read, onCard), quad, frame, embedding, crop, base: advised(base, onCard), baseProbs };
  }

  /**
   * Where the model is unsure, the corners read at the frame's own resolution weigh its
   * probabilities (indices.ts); the weighed answer is given only at the reader's own threshold.
   */
  private async secondLook(bytes: Uint8Array, reading: { quad: readonly (readonly [number, number])[]; image: { width: number } }, probs: Float64Array, first: Classification): Promise<Classification> {
    if (this.indices === null || first.reason !== 'low-confidence') return first;
    const full = await decodeFull(bytes);
    const s = full.width / reading.image.width;
    const evidence = this.indices.evidence(cornerPatches(full, reading.quad.map(([x, y]) => [x * s, y * s] as [number, number])));
    const second = decide(this.indices.weigh(probs, evidence), this.indices.file.threshold);
    // Weighing also lifts a card whose value the corners doubt, by taking the mass of values they
    // rule out: the corners must read the value given.
    if (second.card === null || cardValue(parseCard(second.card)) !== this.indices.bestValue(evidence)) return first;
    return second;
  }
}

/**
 * The answer with a table's deck. Where the deck is sure, it decides (it was taught this printing);
 * where it is not but the base answer (`base`: the model's at its threshold unless given, e.g. after
 * the second look) is a card and the deck's best card is the same one, the base answer stands, so
 * teaching a deck never loses a reading the base model had. A base card the deck points away from
 * is refused.
 */
export function readWithDeck(baseProbs: Float64Array, deckProbs: Float64Array, baseThreshold: number, deckThreshold: number, cut = false, base: Classification = decide(baseProbs, baseThreshold)): Classification {
  // A numeral the frame cuts can look like another (a 4 cut through reads as a 1) and one photo per
  // card cannot teach that, so on a cut card the deck must be as sure as the base model.
  const deck = decide(deckProbs, cut ? Math.max(deckThreshold, baseThreshold) : deckThreshold);
  if (deck.card !== null || base.card === null) return deck;
  const deckBest = ranked(deckProbs, 1)[0];
  if (deckBest !== undefined && formatCard(deckBest.card) === base.card) return base;
  return { ...deck, detail: `the base model reads ${base.card}, but the deck's nearest card is ${deckBest === undefined ? 'none' : formatCard(deckBest.card)}` };
}

/** Whether the located card runs past the frame's edge (the locator puts a cut card's corners outside it). */
export function cutByFrame(quad: readonly (readonly [number, number])[], frame: { width: number; height: number }): boolean {
  // Half a percent of slack: a card lying flush with the edge can be fitted a pixel beyond it.
  const mx = frame.width * 0.005, my = frame.height * 0.005;
  return quad.some(([x, y]) => x < -mx || y < -my || x > frame.width + mx || y > frame.height + my);
}

/** A refusal with no words of its own gets the advice, when there is some (worked out only then). */
function advised(c: Classification, advice: () => string | null): Classification {
  if (c.card !== null || c.detail !== undefined) return c;
  const detail = advice();
  return detail === null ? c : { ...c, detail };
}

/** The best card if it clears the threshold, else a low-confidence refusal; with the runners-up. */
function decide(probs: Float64Array, threshold: number): Classification {
  const top = ranked(probs, ALTERNATIVES + 1).filter((a) => a.p > 0);
  const alternatives = top.map((a) => ({ card: formatCard(a.card), p: Math.round(a.p * 1e6) / 1e6 }));
  const best = top[0];
  if (best === undefined || best.p < threshold) return { card: null, confidence: best?.p ?? 0, alternatives, reason: 'low-confidence' };
  return { card: formatCard(best.card), confidence: Math.round(best.p * 1e6) / 1e6, alternatives: alternatives.slice(1) };
}

/** The hidden layers' rows laid side by side, averaged over the rows and L2-normalised. */
function averagedEmbedding(hidden: Float32Array[], rows: number, length: number): Float32Array {
  const e = new Float32Array(length);
  let at = 0;
  for (const h of hidden) {
    const width = h.length / rows;
    for (let r = 0; r < rows; r++) for (let j = 0; j < width; j++) e[at + j]! += h[r * width + j]! / rows;
    at += width;
  }
  const norm = Math.hypot(...e) || 1;
  for (let j = 0; j < length; j++) e[j]! /= norm;
  return e;
}
