// Cards, colours and rules as data. A card is a small integer whose order IS the card
// strength of RULES.md §2 (value first, then colour, Red strongest), so comparing two
// cards is comparing two numbers — the hot loops of the leader check rely on this.

/** The seven colours, strongest first (RULES.md §2). */
export const COLOURS = ['red', 'orange', 'yellow', 'green', 'blue', 'indigo', 'violet'] as const;
export type Colour = (typeof COLOURS)[number];

/** The one-letter notation of each colour, in COLOURS order. */
export const COLOUR_LETTERS = ['R', 'O', 'Y', 'G', 'B', 'I', 'V'] as const;
export type ColourLetter = (typeof COLOUR_LETTERS)[number];

/** Card values, 1 to 7. */
export const VALUES = [1, 2, 3, 4, 5, 6, 7] as const;
export type Value = (typeof VALUES)[number];

/** Each rule is named by the colour whose card sets it. */
export const RULES = COLOURS;
export type Rule = Colour;

/** The English name of each rule, as on the card (RULES.md §3). */
export const RULE_DESCRIPTIONS: Record<Rule, string> = {
  red: 'highest card',
  orange: 'most of one number',
  yellow: 'most of one colour',
  green: 'most even cards',
  blue: 'most different colours',
  indigo: 'most cards in a row',
  violet: 'most cards below 4',
};

/** A card: 0 (Violet 1, the weakest) to 48 (Red 7, the strongest). */
export type Card = number & { readonly __card: unique symbol };

/** Number of cards in the deck. */
export const DECK_SIZE = 49;

/** Index of a colour in COLOURS (0 = red). */
export function colourIndex(colour: Colour): number {
  return COLOURS.indexOf(colour);
}

/** The card of a colour and value. */
export function makeCard(colour: Colour | number, value: number): Card {
  const c = typeof colour === 'number' ? colour : colourIndex(colour);
  return ((value - 1) * 7 + (6 - c)) as Card;
}

/** The card's value, 1–7. */
export function cardValue(card: Card): Value {
  return (((card / 7) | 0) + 1) as Value;
}

/** The card's colour index, 0 (red) – 6 (violet). */
export function cardColourIndex(card: Card): number {
  return 6 - (card % 7);
}

/** The card's colour. */
export function cardColour(card: Card): Colour {
  return COLOURS[cardColourIndex(card)]!;
}

/** True for an integer that is a card of the deck. */
export function isCard(x: unknown): x is Card {
  return typeof x === 'number' && Number.isInteger(x) && x >= 0 && x < DECK_SIZE;
}

/** All 49 cards, weakest first. */
export const ALL_CARDS: readonly Card[] = Array.from({ length: DECK_SIZE }, (_, i) => i as Card);

/** Writes a card in the `R7` notation. */
export function formatCard(card: Card): string {
  return `${COLOUR_LETTERS[cardColourIndex(card)]}${cardValue(card)}`;
}

/** Why a text is not a card, or the card it names. */
export type CardParse = { ok: true; card: Card } | { ok: false; error: string };

/** Reads the `R7` notation exactly (capital colour letter, digit 1–7, nothing else). */
export function tryParseCard(text: unknown): CardParse {
  if (typeof text !== 'string') return { ok: false, error: `a card is written as a string like "R7", not ${typeof text}` };
  if (text.length !== 2) {
    return { ok: false, error: `"${text}" is not a card: write a colour letter (R O Y G B I V) and a value 1–7, like "R7"` };
  }
  const c = (COLOUR_LETTERS as readonly string[]).indexOf(text[0]!);
  if (c < 0) return { ok: false, error: `"${text}" is not a card: "${text[0]}" is not a colour letter (R O Y G B I V)` };
  const v = text.charCodeAt(1) - 48;
  if (v < 1 || v > 7) return { ok: false, error: `"${text}" is not a card: the value must be 1–7` };
  return { ok: true, card: makeCard(c, v) };
}

/** Thrown by parseCard for text that is not a card. */
export class CardParseError extends Error {
  override name = 'CardParseError';
}

/** Reads the `R7` notation; throws CardParseError with a clear message for anything else. */
export function parseCard(text: string): Card {
  const r = tryParseCard(text);
  if (!r.ok) throw new CardParseError(r.error);
  return r.card;
}

/** Names a card in English words ("Blue 4"), for logs and tests; announcements are localised elsewhere. */
export function cardName(card: Card): string {
  const colour = cardColour(card);
  return `${colour[0]!.toUpperCase()}${colour.slice(1)} ${cardValue(card)}`;
}
