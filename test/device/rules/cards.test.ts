import { describe, expect, it } from 'vitest';
import {
  ALL_CARDS, CardParseError, cardColour, cardName, cardValue, formatCard, parseCard, tryParseCard,
} from '../../../device/rules/index.ts';

describe('cards', () => {
  it('has 49 distinct cards that format and parse back to themselves', () => {
    expect(ALL_CARDS).toHaveLength(49);
    const texts = ALL_CARDS.map(formatCard);
    expect(new Set(texts).size).toBe(49);
    for (const c of ALL_CARDS) expect(parseCard(formatCard(c))).toBe(c);
  });

  it('orders cards by value first, then colour with Red strongest', () => {
    expect(parseCard('R6')).toBeGreaterThan(parseCard('O6'));
    expect(parseCard('V7')).toBeGreaterThan(parseCard('R6'));
    expect(parseCard('O6')).toBeGreaterThan(parseCard('Y6'));
    expect(Math.max(...ALL_CARDS)).toBe(parseCard('R7'));
    expect(Math.min(...ALL_CARDS)).toBe(parseCard('V1'));
  });

  it('knows each card colour and value', () => {
    expect(cardColour(parseCard('I4'))).toBe('indigo');
    expect(cardValue(parseCard('I4'))).toBe(4);
    expect(cardName(parseCard('B4'))).toBe('Blue 4');
  });

  it.each(['R8', 'X3', '', 'r7 ', 'r7', 'R0', 'R77', ' R7', 'RR'])('refuses %j with a clear error', (text) => {
    const r = tryParseCard(text);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error).toMatch(/not a card/);
    expect(() => parseCard(text)).toThrow(CardParseError);
  });

  it('refuses values that are not strings', () => {
    for (const x of [7, null, undefined, {}, ['R7']]) expect(tryParseCard(x).ok).toBe(false);
  });
});
