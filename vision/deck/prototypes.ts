// A deck's prototypes and how they re-weigh the base model. Each enrolled card keeps the mean
// embedding of its photos; a read shares the probability the base model gives the enrolled cards
// among them by √(base probability) × exp(cosine similarity / temperature). Cards left out keep
// the base model's probability untouched, so a deck can only sharpen the choice among the cards
// it was shown, never invent one it was not.
import { ALL_CARDS, type Card } from '../../device/rules/cards.ts';
import type { DeckAdjuster } from '../classifier.ts';

/** How sharply similarity separates cards; set with the threshold by bench/deck-calibrate.ts. */
export interface DeckRule {
  temperature: number;
  threshold: number;
}

/** The prototypes of the enrolled cards (L2-normalised mean embeddings). */
export class Prototypes implements DeckAdjuster {
  readonly threshold: number;
  private constructor(
    private readonly cards: Map<Card, Float32Array>,
    private readonly rule: DeckRule,
  ) {
    this.threshold = rule.threshold;
  }

  /** Builds prototypes from embeddings grouped by card; every embedding must have the same length. */
  static from(embeddings: ReadonlyArray<{ card: Card; embedding: ArrayLike<number> }>, rule: DeckRule): Prototypes {
    const sums = new Map<Card, Float32Array>();
    const length = embeddings[0]?.embedding.length ?? 0;
    for (const { card, embedding } of embeddings) {
      if (embedding.length !== length) throw new Error(`embeddings differ in length (${embedding.length} against ${length})`);
      const sum = sums.get(card) ?? new Float32Array(length);
      for (let j = 0; j < length; j++) sum[j]! += embedding[j]!;
      sums.set(card, sum);
    }
    for (const sum of sums.values()) normalise(sum);
    return new Prototypes(sums, rule);
  }

  /** The enrolled cards. */
  get size(): number {
    return this.cards.size;
  }

  has(card: Card): boolean {
    return this.cards.has(card);
  }

  /** Cosine similarity of an embedding to each enrolled card's prototype. */
  similarities(embedding: Float32Array): Map<Card, number> {
    const out = new Map<Card, number>();
    for (const [card, proto] of this.cards) {
      let dot = 0;
      for (let j = 0; j < proto.length; j++) dot += proto[j]! * embedding[j]!;
      out.set(card, dot);
    }
    return out;
  }

  adjust(probs: Float64Array, embedding: Float32Array): Float64Array {
    const out = Float64Array.from(probs);
    if (this.cards.size === 0) return out;
    const sims = this.similarities(embedding);
    let mass = 0;
    let best = -Infinity;
    for (const card of this.cards.keys()) {
      mass += probs[card]!;
      best = Math.max(best, sims.get(card)!);
    }
    // A card the base model rules out entirely (an excluded one) stays out.
    const weights = new Map<Card, number>();
    let sum = 0;
    for (const card of this.cards.keys()) {
      const w = probs[card]! > 0 ? Math.sqrt(probs[card]!) * Math.exp((sims.get(card)! - best) / this.rule.temperature) : 0;
      weights.set(card, w);
      sum += w;
    }
    for (const card of ALL_CARDS) {
      if (this.cards.has(card)) out[card] = sum > 0 ? (mass * weights.get(card)!) / sum : 0;
    }
    return out;
  }
}

function normalise(v: Float32Array): void {
  let n = 0;
  for (const x of v) n += x * x;
  n = Math.sqrt(n) || 1;
  for (let j = 0; j < v.length; j++) v[j]! /= n;
}
