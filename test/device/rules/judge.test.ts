import { describe, expect, it } from 'vitest';
import { leader, parseCard, points, satisfyingSet, formatCard, type Rule } from '../../../device/rules/index.ts';

const cards = (s: string) => (s === '' ? [] : s.split(' ').map(parseCard));
const lead = (rule: Rule, ...palettes: string[]) => leader(palettes.map(cards), rule);
const set = (rule: Rule, palette: string) => satisfyingSet(cards(palette), rule).map(formatCard);

describe('the rule sheets’ example table (colours chosen to fit: the sheets’ text keeps only the numerals)', () => {
  // "Rot höchste Karte 5 1 6 4 > 3 6 1 1" and the same table in the Portuguese sheet.
  it.each<[Rule, string, string]>([
    ['red', 'B5 G1 O6 I4', 'V3 Y6 R1 O1'],
    ['orange', 'R2 O2 Y2 G1', 'R7 B7 B1 V2'],
    ['yellow', 'G2 G6 G1 B5', 'R6 R4 O1 Y4'],
    ['green', 'R4 Y2 B6 G3', 'O3 V1 G6 I1'],
    ['blue', 'R6 O7 Y5 G4', 'B5 I6 V4 R1'],
    ['indigo', 'R4 O5 Y7 G6', 'B2 I3 V4 R5'],
    ['violet', 'R1 O2 Y4 G3', 'B5 I1 V1 R7'],
  ])('under %s the first palette beats the second', (rule, a, b) => {
    expect(lead(rule, a, b)).toBe(0);
    expect(lead(rule, b, a)).toBe(1);
  });
});

describe('satisfying sets, strongest first', () => {
  it('Red: the single strongest card', () => expect(set('red', 'B5 G1 O6 I4')).toEqual(['O6']));
  it('Orange: the largest group of one value', () => expect(set('orange', 'R2 O2 Y2 G1 R7 B7')).toEqual(['R2', 'O2', 'Y2']));
  it('Orange: of equal groups, the one holding the strongest card', () => expect(set('orange', 'R3 G3 O7 B7')).toEqual(['O7', 'B7']));
  it('Yellow: the largest group of one colour', () => expect(set('yellow', 'G2 G6 G1 B5')).toEqual(['G6', 'G2', 'G1']));
  it('Yellow: of equal groups, the one holding the strongest card', () => expect(set('yellow', 'R1 R2 B7 B3')).toEqual(['B7', 'B3']));
  it('Green: every even card', () => expect(set('green', 'R4 Y2 B6 G3')).toEqual(['B6', 'R4', 'Y2']));
  it('Blue: the strongest card of each colour', () => expect(set('blue', 'R6 R7 B5 B1 V2')).toEqual(['R7', 'B5', 'V2']));
  it('Indigo: the longest run, one card per value, the strongest of each value', () => {
    expect(set('indigo', 'R4 O4 O5 G6 V1')).toEqual(['G6', 'O5', 'R4']);
  });
  it('Indigo: of equal runs, the one holding the strongest card', () => expect(set('indigo', 'R1 R2 B6 B7')).toEqual(['B7', 'B6']));
  it('Violet: every card below 4', () => expect(set('violet', 'R1 O2 Y4 G3')).toEqual(['G3', 'O2', 'R1']));
  it('is empty when nothing meets the rule', () => {
    expect(set('green', 'R1 O3 Y5')).toEqual([]);
    expect(set('violet', 'R4 O5')).toEqual([]);
    expect(set('red', '')).toEqual([]);
  });
  it('scores the face values', () => expect(points(cards('G6 G5'))).toBe(11));
});

describe('who is winning: every tie case of RULES.md §3', () => {
  it('Red: equal values are decided by colour, Red strongest', () => expect(lead('red', 'O6', 'R6')).toBe(1));
  it('Red: any 7 beats any 6', () => expect(lead('red', 'R6', 'V7')).toBe(1));
  it('Orange: equal-sized groups are decided by the strongest card of each set', () => {
    expect(lead('orange', 'R3 G3', 'O7 B7')).toBe(1);
    expect(lead('orange', 'O7 B7', 'R7 V7')).toBe(1);
  });
  it('Orange: a bigger group beats a stronger card', () => expect(lead('orange', 'R7 O6', 'V1 I1')).toBe(1));
  it('Yellow: equal-sized colour groups are decided by their strongest card', () => expect(lead('yellow', 'R1 R2', 'V7 V6')).toBe(1));
  it('Green: equal counts are decided by the strongest even card', () => expect(lead('green', 'R2 R4 V7', 'O4 V6')).toBe(1));
  it('Blue: equal colour counts are decided by the strongest card', () => expect(lead('blue', 'R5 O5', 'V1 B7')).toBe(1));
  it('Indigo: equal runs are decided by the strongest card', () => expect(lead('indigo', 'R2 R3', 'V5 V6')).toBe(1));
  it('Indigo: runs use one card per value, so a doubled value does not lengthen the run', () => {
    expect(lead('indigo', 'R2 O2 Y3', 'V4 V5 V6')).toBe(1);
  });
  it('Violet: equal counts are decided by the strongest card below 4', () => expect(lead('violet', 'R1 R2', 'O3 V2 R7')).toBe(1));
  it('an empty satisfying set never leads', () => {
    expect(lead('green', 'R1 R3 R5', 'V2')).toBe(1);
    expect(lead('violet', 'R7', 'V5')).toBe(null);
  });
  it('nobody leads when nobody has a satisfying set', () => expect(lead('green', 'R1', 'O3', 'Y5')).toBe(null));
  it('an empty palette (a player who is out) never leads', () => expect(lead('red', '', 'V1')).toBe(1));
});
