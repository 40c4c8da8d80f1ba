// From the model's heads to a card: p(card) = p(colour) × p(value), cards that cannot be there
// are removed and the rest renormalised (RULES.md §9: ruled out before choosing).
import { ALL_CARDS, cardColourIndex, cardValue, type Card } from '../device/rules/cards.ts';

/** Below this "is a Red7 face" probability the located thing is some other object: the answer is "no-card", never a card. */
export const NOT_A_CARD = 0.5;

/** A probability for each of the 49 cards, indexed by card. */
export function cardProbabilities(colour: ArrayLike<number>, value: ArrayLike<number>, exclude: readonly Card[] = []): Float64Array {
  const p = new Float64Array(ALL_CARDS.length);
  let sum = 0;
  for (const card of ALL_CARDS) {
    p[card] = colour[cardColourIndex(card)]! * value[cardValue(card) - 1]!;
  }
  for (const card of exclude) p[card] = 0;
  for (const card of ALL_CARDS) sum += p[card]!;
  if (sum > 0) for (const card of ALL_CARDS) p[card]! /= sum;
  return p;
}

/** The cards in order of probability, best first. */
export function ranked(p: Float64Array, count: number): Array<{ card: Card; p: number }> {
  return ALL_CARDS.map((card) => ({ card, p: p[card]! })).sort((a, b) => b.p - a.p || b.card - a.card).slice(0, count);
}
