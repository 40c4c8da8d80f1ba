import { describe, expect, it } from 'vitest';
import { ALL_CARDS, makeCard } from '../../../device/rules/cards.ts';
import { makeRng } from '../../../vision/random.ts';
import { HELD_OUT_FAMILIES } from '../../../vision/render/fonts.ts';
import { assertGlyphs, DESIGNS, drawPrinting, faceHtml, faceName } from '../../../bench/browser-faces/face-html.ts';

describe('faces written for chromium', () => {
  it('draw their printings from the held-out typefaces only, in both designs', () => {
    const rng = makeRng(5);
    const printings = Array.from({ length: 200 }, () => drawPrinting(rng));
    expect(new Set(printings.map((p) => p.family))).toEqual(new Set(HELD_OUT_FAMILIES));
    expect(new Set(printings.map((p) => p.design))).toEqual(new Set(DESIGNS));
  });

  it('refuse a typeface the model was trained on', () => {
    expect(() => drawPrinting(makeRng(1), 'jost')).toThrow(/jost is not a held-out typeface/);
  });

  it('name no font but the printing’s own, so chromium never falls back to a system face', () => {
    const rng = makeRng(9);
    for (const design of DESIGNS) {
      const p = drawPrinting(rng, 'lexend', design);
      const html = faceHtml(makeCard('violet', 6), p, rng);
      const named = new Set([...html.matchAll(/font-family:([^;"]+)/g)].map((m) => m[1]));
      expect(named).toEqual(new Set([`'${faceName('lexend', p.numeralWeight)}'`, `'${faceName('lexend', p.ruleWeight)}'`]));
    }
  });

  it('refuse a text with a character the typeface has no glyph for', () => {
    expect(() => assertGlyphs('RED ★', 'lexend', 400)).toThrow(/no glyph for "★"/);
    expect(() => assertGlyphs('VIOLET: MOST CARDS BELOW 4', 'lexend', 400)).not.toThrow();
  });

  it('draw the same face from the same seed, and another from another', () => {
    const face = (seed: number) => { const rng = makeRng(seed); return faceHtml(ALL_CARDS[20]!, drawPrinting(rng), rng); };
    expect(face(3)).toBe(face(3));
    expect(face(3)).not.toBe(face(4));
  });
});
