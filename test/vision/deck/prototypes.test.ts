import { describe, expect, it } from 'vitest';
import { ALL_CARDS, parseCard, type Card } from '../../../device/rules/cards.ts';
import { Prototypes } from '../../../vision/deck/prototypes.ts';

const unit = (k: number, n = 4) => Float32Array.from({ length: n }, (_, j) => (j === k ? 1 : 0));
const rule = { temperature: 0.05, threshold: 0.9 };
const flat = () => Float64Array.from(ALL_CARDS, () => 1 / 49);

describe('deck prototypes', () => {
  const B6 = parseCard('B6'), R7 = parseCard('R7'), G1 = parseCard('G1');
  const protos = Prototypes.from([{ card: B6, embedding: unit(0) }, { card: R7, embedding: unit(1) }, { card: R7, embedding: unit(1) }], rule);

  it('gives the enrolled card nearest the embedding the enrolled cards\u2019 share', () => {
    const p = protos.adjust(flat(), unit(0));
    expect(p[B6]).toBeGreaterThan(0.99 * (2 / 49));
    expect(p[R7]).toBeLessThan(1e-6);
  });

  it('leaves a card that was not enrolled at the base model\u2019s probability', () => {
    const base = flat();
    base[G1] = 0.5;
    const p = protos.adjust(base, unit(2));
    expect(p[G1]).toBe(0.5);
    expect(p[B6]! + p[R7]!).toBeCloseTo(2 / 49, 9);
  });

  it('keeps a card the base model ruled out at zero', () => {
    const base = flat();
    base[B6] = 0;
    expect(protos.adjust(base, unit(0))[B6]).toBe(0);
  });

  it('refuses embeddings of different lengths', () => {
    expect(() => Prototypes.from([{ card: B6, embedding: unit(0, 3) }, { card: R7 as Card, embedding: unit(0, 4) }], rule)).toThrow(/differ in length/);
  });
});
