// A deck's prototypes and templates, and how they re-weigh the base model. A printing draws a
// value the same way in every colour and a colour the same way under every value, so the deck
// keeps one prototype per value (the mean of the value path's embeddings over the cards taught
// with that value) and one per colour (the colour path's, over that colour's cards). It also keeps
// each taught photo's face as a template (templates.ts). A read shares the probability the base
// model gives the taught cards among its likeliest few by
// base probability ^ baseWeight × exp(similarity / temperature − template distance / templateTemperature).
// Cards left out keep the base model's probability untouched, so a deck can only sharpen the
// choice among the cards it was shown, never invent one it was not.
import { ALL_CARDS, cardColour, cardValue, type Card, type Colour } from '../../device/rules/cards.ts';
import type { DeckAdjuster } from '../classifier.ts';
import { faceDistance, faceOf, turnFace, type Face } from './templates.ts';

/** How the deck weighs its evidence; set with the threshold by bench/deck-measure.ts. */
export interface DeckRule {
  /** How sharply the embedding's similarity to the prototypes separates cards. */
  temperature: number;
  threshold: number;
  /** The power the base model's probability is raised to (½ lets the deck overrule it more easily). */
  baseWeight: number;
  /** How sharply the distance to the taught faces separates cards. */
  templateTemperature: number;
}

/** How many of the taught cards, the base model's likeliest first, a read compares with their templates. */
export const CANDIDATES = 8;
/** How far below the best card's log weight a card counts for nothing (e^−30 of it). */
const NEGLIGIBLE = 30;

/** The value and colour prototypes of the taught cards (L2-normalised means of each path's embedding). */
export class Prototypes implements DeckAdjuster {
  readonly threshold: number;
  private constructor(
    private readonly taught: ReadonlySet<Card>,
    private readonly values: Map<number, Float32Array>,
    private readonly colours: Map<Colour, Float32Array>,
    private readonly valueLength: number,
    private readonly rule: DeckRule,
    private readonly faces: ReadonlyMap<Card, readonly Face[]>,
  ) {
    this.threshold = rule.threshold;
  }

  /**
   * Builds prototypes from embeddings with their cards; every embedding must have the same length,
   * of which the first `valueLength` numbers are the value path's and the rest the colour path's.
   * With `crops` (each taught photo's located crop), reads are also compared with the taught faces;
   * then every taught card needs one.
   */
  static from(embeddings: ReadonlyArray<{ card: Card; embedding: ArrayLike<number> }>, valueLength: number, rule: DeckRule, crops?: ReadonlyArray<{ card: Card; crop: Float32Array }>): Prototypes {
    const length = embeddings[0]?.embedding.length ?? 0;
    if (embeddings.length > 0 && (!Number.isInteger(valueLength) || valueLength < 1 || valueLength >= length)) {
      throw new Error(`the value path's length ${valueLength} does not split embeddings of length ${length}`);
    }
    const values = new Map<number, Float32Array>(), colours = new Map<Colour, Float32Array>();
    for (const { card, embedding } of embeddings) {
      if (embedding.length !== length) throw new Error(`embeddings differ in length (${embedding.length} against ${length})`);
      addPart(values, cardValue(card), embedding, 0, valueLength);
      addPart(colours, cardColour(card), embedding, valueLength, length);
    }
    for (const sum of [...values.values(), ...colours.values()]) normalise(sum);
    const taught = new Set(embeddings.map((e) => e.card));
    const faces = new Map<Card, Face[]>();
    for (const { card, crop } of crops ?? []) faces.set(card, [...(faces.get(card) ?? []), faceOf(crop)]);
    if (crops !== undefined && [...taught].some((card) => !faces.has(card))) throw new Error('every taught card needs its crop for the templates');
    return new Prototypes(taught, values, colours, valueLength, rule, faces);
  }

  /** The taught cards. */
  get size(): number {
    return this.taught.size;
  }

  has(card: Card): boolean {
    return this.taught.has(card);
  }

  /** Each taught card's similarity: the cosine of the value path to its value's prototype plus the colour path's to its colour's. */
  similarities(embedding: Float32Array): Map<Card, number> {
    const valuePart = unitPart(embedding, 0, this.valueLength), colourPart = unitPart(embedding, this.valueLength, embedding.length);
    const byValue = new Map<number, number>(), byColour = new Map<Colour, number>();
    for (const [value, proto] of this.values) byValue.set(value, dot(proto, valuePart));
    for (const [colour, proto] of this.colours) byColour.set(colour, dot(proto, colourPart));
    const out = new Map<Card, number>();
    for (const card of this.taught) out.set(card, byValue.get(cardValue(card))! + byColour.get(cardColour(card))!);
    return out;
  }

  /** Whether reads are compared with the taught faces. */
  get hasTemplates(): boolean {
    return this.faces.size > 0;
  }

  adjust(probs: Float64Array, embedding: Float32Array, crop?: Float32Array): Float64Array {
    const out = Float64Array.from(probs);
    if (this.taught.size === 0) return out;
    const sims = this.similarities(embedding);
    let mass = 0;
    for (const card of this.taught) mass += probs[card]!;
    // A card the base model rules out entirely (an excluded one) stays out.
    let candidates = [...this.taught].filter((card) => probs[card]! > 0);
    const logs = new Map<Card, number>();
    const prior = (card: Card) => this.rule.baseWeight * Math.log(probs[card]!) + sims.get(card)! / this.rule.temperature;
    if (crop !== undefined && this.faces.size > 0) {
      candidates = candidates.sort((a, b) => probs[b]! - probs[a]!).slice(0, CANDIDATES);
      const face = faceOf(crop), turned = turnFace(face);
      let top = -Infinity;
      for (const card of candidates) {
        // A card whose weight would fall below e^−30 of the best so far counts for nothing, and its distance need not be exact.
        const p = prior(card), worst = (p - (top - NEGLIGIBLE)) * this.rule.templateTemperature;
        let d = worst;
        for (const t of this.faces.get(card)!) d = Math.min(d, faceDistance(face, turned, t, d));
        if (d >= worst) continue;
        logs.set(card, p - d / this.rule.templateTemperature);
        top = Math.max(top, logs.get(card)!);
      }
    } else {
      for (const card of candidates) logs.set(card, prior(card));
    }
    if (logs.size === 0) {
      for (const card of this.taught) out[card] = 0;
      return out;
    }
    const top = Math.max(...logs.values());
    let sum = 0;
    for (const l of logs.values()) sum += Math.exp(l - top);
    for (const card of ALL_CARDS) {
      if (this.taught.has(card)) out[card] = logs.has(card) ? (mass * Math.exp(logs.get(card)! - top)) / sum : 0;
    }
    return out;
  }
}

function addPart<K>(sums: Map<K, Float32Array>, key: K, embedding: ArrayLike<number>, from: number, to: number): void {
  // Each photo's part is a unit vector, so every photo weighs the same in its prototype.
  const part = unitPart(embedding, from, to), sum = sums.get(key) ?? new Float32Array(to - from);
  for (let j = 0; j < part.length; j++) sum[j]! += part[j]!;
  sums.set(key, sum);
}

/** The numbers `from`..`to`−1 of an embedding, scaled to unit length (all zero stays zero). */
function unitPart(embedding: ArrayLike<number>, from: number, to: number): Float32Array {
  const part = Float32Array.from({ length: to - from }, (_, j) => embedding[from + j]!);
  normalise(part);
  return part;
}

function dot(a: Float32Array, b: Float32Array): number {
  let sum = 0;
  for (let j = 0; j < a.length; j++) sum += a[j]! * b[j]!;
  return sum;
}

function normalise(v: Float32Array): void {
  let n = 0;
  for (const x of v) n += x * x;
  n = Math.sqrt(n) || 1;
  for (let j = 0; j < v.length; j++) v[j]! /= n;
}
