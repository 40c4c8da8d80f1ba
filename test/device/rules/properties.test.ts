import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  ALL_CARDS, RULES, cardColourIndex, cardValue, leader, replay, satisfyingSet, type Card, type Rule,
} from '../../../device/rules/index.ts';
import { makeRng } from '../../../device/simulation/rng.ts';
import { playGame } from '../../../device/simulation/random-game.ts';

/** 2–4 palettes of 0–8 distinct cards. */
const position = fc
  .tuple(fc.integer({ min: 2, max: 4 }), fc.shuffledSubarray([...ALL_CARDS], { minLength: 0, maxLength: 32 }), fc.array(fc.nat(), { minLength: 4, maxLength: 4 }))
  .map(([n, cards, cuts]) => {
    const palettes: Card[][] = Array.from({ length: n }, () => []);
    cards.forEach((c, i) => palettes[(i + cuts[i % 4]!) % n]!.push(c));
    return palettes.map((p) => p.slice(0, 8));
  });
const rule = fc.constantFrom(...RULES);

/** An independent, slow reading of RULES.md §3: the set, by brute force over the groups. */
function referenceSet(palette: Card[], r: Rule): Card[] {
  const strongestFirst = [...palette].sort((a, b) => b - a);
  const bestGroup = (key: (c: Card) => number) => {
    const groups = new Map<number, Card[]>();
    for (const c of strongestFirst) groups.set(key(c), [...(groups.get(key(c)) ?? []), c]);
    return [...groups.values()].sort((a, b) => b.length - a.length || b[0]! - a[0]!)[0] ?? [];
  };
  switch (r) {
    case 'red': return strongestFirst.slice(0, 1);
    case 'orange': return bestGroup(cardValue);
    case 'yellow': return bestGroup(cardColourIndex);
    case 'green': return strongestFirst.filter((c) => cardValue(c) % 2 === 0);
    case 'violet': return strongestFirst.filter((c) => cardValue(c) < 4);
    case 'blue': return strongestFirst.filter((c, i) => strongestFirst.findIndex((d) => cardColourIndex(d) === cardColourIndex(c)) === i);
    case 'indigo': {
      const runs: Card[][] = [];
      for (let start = 7; start >= 1; start--) {
        const run: Card[] = [];
        for (let v = start; v >= 1; v--) {
          const c = strongestFirst.find((d) => cardValue(d) === v);
          if (c === undefined) break;
          run.push(c);
        }
        runs.push(run);
      }
      return runs.sort((a, b) => b.length - a.length || (b[0] ?? -1) - (a[0] ?? -1))[0] ?? [];
    }
  }
}

function referenceLeader(palettes: Card[][], r: Rule): number | null {
  const sets = palettes.map((p) => referenceSet(p, r));
  let best: number | null = null;
  sets.forEach((set, i) => {
    if (set.length === 0) return;
    const b = best === null ? null : sets[best]!;
    if (b === null || set.length > b.length || (set.length === b.length && set[0]! > b[0]!)) best = i;
  });
  return best;
}

describe('properties of who is winning', () => {
  it('agrees with a brute-force reading of the rules on any position', () => {
    fc.assert(fc.property(position, rule, (palettes, r) => {
      expect(leader(palettes, r)).toBe(referenceLeader(palettes, r));
    }), { numRuns: 3000 });
  });

  it('names a unique leader whose set beats every other set, or nobody when no set is non-empty', () => {
    fc.assert(fc.property(position, rule, (palettes, r) => {
      const sets = palettes.map((p) => satisfyingSet(p, r));
      const who = leader(palettes, r);
      if (who === null) {
        expect(sets.every((s) => s.length === 0)).toBe(true);
        return;
      }
      const mine = sets[who]!;
      expect(mine.length).toBeGreaterThan(0);
      sets.forEach((other, i) => {
        if (i === who) return;
        const beaten = other.length < mine.length || (other.length === mine.length && other[0]! < mine[0]!);
        expect(beaten).toBe(true);
      });
    }), { numRuns: 3000 });
  });

  it('takes the satisfying set from the palette only, strongest first, one card per place', () => {
    fc.assert(fc.property(position, rule, (palettes, r) => {
      for (const p of palettes) {
        const set = satisfyingSet(p, r);
        expect(set.every((c) => p.includes(c))).toBe(true);
        expect(new Set(set).size).toBe(set.length);
        expect([...set].sort((a, b) => b - a)).toEqual(set);
        expect(set).toEqual(referenceSet(p, r));
      }
    }), { numRuns: 3000 });
  });
});

const gameOptions = fc.record({
  seed: fc.integer({ min: 0, max: 2 ** 31 }),
  players: fc.integer({ min: 2, max: 4 }),
  advanced: fc.boolean(),
  actions: fc.boolean(),
});

describe('properties of whole games', () => {
  it('replays a game’s commands, refused ones included, to exactly the same state', () => {
    fc.assert(fc.property(gameOptions, ({ seed, ...options }) => {
      const table = playGame(makeRng(seed), options);
      expect(replay(table.log).state).toEqual(table.state);
      expect(JSON.parse(JSON.stringify(table.state))).toEqual(table.state);
    }), { numRuns: 60 });
  });

  it('never has a card in two places and never counts below zero (checked after every command)', () => {
    // The simulated table checks 49 distinct cards and its real hands and deck against the counts
    // after every accepted command, and throws InvariantError otherwise.
    fc.assert(fc.property(gameOptions, ({ seed, ...options }) => {
      const table = playGame(makeRng(seed), options);
      expect(table.state.phase).toBe('gameOver');
      expect(table.counts.illegalRejected).toBe(table.counts.illegalAttempted);
    }), { numRuns: 150 });
  });

  it('covers canvas-first turns and 1s carried out by a player who was behind, with every invariant holding', () => {
    const totals = { canvasFirst: 0, onesWhileBehind: 0 };
    for (let seed = 0; seed < 40; seed++) {
      const table = playGame(makeRng(seed), { players: 2 + (seed % 3), advanced: seed % 2 === 0, actions: true });
      expect(replay(table.log).state).toEqual(table.state);
      totals.canvasFirst += table.counts.canvasFirst;
      totals.onesWhileBehind += table.counts.onesWhileBehind;
    }
    expect(totals.canvasFirst).toBeGreaterThan(0);
    expect(totals.onesWhileBehind).toBeGreaterThan(0);
  });
});
