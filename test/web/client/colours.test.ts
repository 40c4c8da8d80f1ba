import { describe, expect, it } from 'vitest';
import { COLOURS } from '../../../device/rules/cards.ts';
import { cardWords, colourOfCard, contrast, HIGH_CONTRAST_FACES, NORMAL_FACES, PAGE, ruleWords, SYMBOLS } from '../../../web/client/src/colours.ts';

describe('colours on the dashboard', () => {
  it('gives every colour its own symbol', () => {
    expect(new Set(Object.values(SYMBOLS)).size).toBe(COLOURS.length);
  });

  it('meets WCAG AA (4.5:1) for the text on every card face of the normal palette', () => {
    for (const c of COLOURS) expect(contrast(NORMAL_FACES[c].bg, NORMAL_FACES[c].fg), c).toBeGreaterThanOrEqual(4.5);
  });

  it('meets WCAG AAA (7:1) for every card face of the high-contrast palette', () => {
    for (const c of COLOURS) expect(contrast(HIGH_CONTRAST_FACES[c].bg, HIGH_CONTRAST_FACES[c].fg), c).toBeGreaterThanOrEqual(7);
  });

  it('meets AA for page text and muted text in both themes', () => {
    for (const page of [PAGE.normal, PAGE.highContrast]) {
      expect(contrast(page.fg, page.bg)).toBeGreaterThanOrEqual(4.5);
      expect(contrast(page.muted, page.bg)).toBeGreaterThanOrEqual(4.5);
      expect(contrast(page.muted, page.panel)).toBeGreaterThanOrEqual(4.5);
    }
  });

  it('computes the contrast of black on white as 21', () => {
    expect(contrast('#000000', '#ffffff')).toBeCloseTo(21, 5);
  });

  it('names cards and rules in words', () => {
    expect(cardWords('B4')).toBe('Blue 4');
    expect(colourOfCard('I7')).toBe('indigo');
    expect(ruleWords('indigo')).toBe('Indigo — most cards in a row');
  });
});
