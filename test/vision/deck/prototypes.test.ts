import { describe, expect, it } from 'vitest';
import { ALL_CARDS, parseCard, type Card } from '../../../device/rules/cards.ts';
import { CANDIDATES, Prototypes } from '../../../vision/deck/prototypes.ts';
import { one, paintedCrop, seven } from '../../helpers/painted-crop.ts';

// Embeddings of length 4: the first two numbers are the value path's, the last two the colour path's.
const emb = (value: number, colour: number) => Float32Array.from({ length: 4 }, (_, j) => (j === value || j === 2 + colour ? 1 : 0));
const rule = { temperature: 0.05, threshold: 0.9, baseWeight: 0.5, templateTemperature: 0.004 };
const flat = () => Float64Array.from(ALL_CARDS, () => 1 / 49);

describe('deck prototypes', () => {
  const B6 = parseCard('B6'), R7 = parseCard('R7'), R6 = parseCard('R6'), G1 = parseCard('G1');
  // Sixes look like value 0 and sevens like value 1; blue like colour 0 and red like colour 1.
  const protos = Prototypes.from([{ card: B6, embedding: emb(0, 0) }, { card: R7, embedding: emb(1, 1) }, { card: R6, embedding: emb(0, 1) }], 2, rule);

  it('gives the taught card whose value and colour are both nearest the taught cards\u2019 share', () => {
    const p = protos.adjust(flat(), emb(0, 0));
    expect(p[B6]).toBeGreaterThan(0.99 * (3 / 49));
    expect(p[R6]! + p[R7]!).toBeLessThan(1e-6);
  });

  it('learns a value from every colour it was taught in', () => {
    // Value 6 was taught as blue and red, so its prototype lies between the two sixes' value parts.
    const sims = protos.similarities(emb(0, 1));
    expect(sims.get(R6)).toBeCloseTo(2, 6);
    expect(sims.get(R7)).toBeCloseTo(1, 6);
    expect(sims.get(B6)).toBeCloseTo(1, 6);
  });

  it('leaves a card that was not taught at the base model\u2019s probability', () => {
    const base = flat();
    base[G1] = 0.5;
    const p = protos.adjust(base, emb(1, 0));
    expect(p[G1]).toBe(0.5);
    expect(p[B6]! + p[R7]! + p[R6]!).toBeCloseTo(3 / 49, 9);
    expect(protos.has(G1)).toBe(false);
    expect(protos.size).toBe(3);
  });

  it('keeps a card the base model ruled out at zero', () => {
    const base = flat();
    base[B6] = 0;
    expect(protos.adjust(base, emb(0, 0))[B6]).toBe(0);
  });

  it('refuses embeddings of different lengths', () => {
    expect(() => Prototypes.from([{ card: B6, embedding: new Float32Array(3) }, { card: R7 as Card, embedding: emb(0, 0) }], 2, rule)).toThrow(/differ in length/);
  });

  it('refuses a value path that does not split the embedding', () => {
    for (const bad of [0, 4, 1.5, -1]) expect(() => Prototypes.from([{ card: B6, embedding: emb(0, 0) }], bad, rule)).toThrow(/does not split/);
  });

  describe('with the taught faces', () => {
    const B1 = parseCard('B1'), B7 = parseCard('B7');
    // Two values whose embeddings the deck cannot tell apart, and whose faces differ.
    const faced = Prototypes.from([{ card: B1, embedding: emb(0, 0) }, { card: B7, embedding: emb(0, 0) }], 2, rule, [{ card: B1, crop: paintedCrop(one) }, { card: B7, crop: paintedCrop(seven) }]);

    it('gives the card whose face the crop shows the taught cards\u2019 share', () => {
      const p = faced.adjust(flat(), emb(0, 0), paintedCrop(seven));
      expect(p[B7]).toBeGreaterThan(0.99 * (2 / 49));
      expect(faced.hasTemplates).toBe(true);
      // Without the crop the two are as alike as their embeddings.
      const blind = faced.adjust(flat(), emb(0, 0));
      expect(blind[B7]).toBeCloseTo(blind[B1]!, 12);
    });

    it('compares only the base model\u2019s likeliest taught cards, and gives the rest nothing', () => {
      const many = ALL_CARDS.slice(0, CANDIDATES + 2);
      const protos = Prototypes.from(many.map((card) => ({ card, embedding: emb(0, 0) })), 2, rule, many.map((card) => ({ card, crop: paintedCrop(card === many.at(-1) ? seven : one) })));
      const base = flat();
      base[many.at(-1)!] = 0.5 / 49;
      // The unlikeliest taught card shows the crop's face, but it is not among the candidates.
      expect(protos.adjust(base, emb(0, 0), paintedCrop(seven))[many.at(-1)!]).toBe(0);
    });

    it('refuses crops that leave a taught card without its face', () => {
      expect(() => Prototypes.from([{ card: B1, embedding: emb(0, 0) }, { card: B7, embedding: emb(0, 0) }], 2, rule, [{ card: B1, crop: paintedCrop(one) }])).toThrow(/needs its crop/);
    });
  });
});
