// Who is winning (RULES.md §3). Each palette gets a single comparable key,
// (size of the satisfying set) * 64 + (strongest card of that set) + 1, so the leader is the
// palette with the highest key: bigger sets win and, on equal size, the set holding the
// strongest card wins — cards are unique, so two non-empty keys are never equal. An empty
// satisfying set has key 0 and never leads. Hot path: no allocation, module-level scratch.
import type { Card, Rule } from './cards.ts';

/** Value index (0–6) and colour slot (0 = violet … 6 = red) of each card: lookups beat division here. */
const VALUE_OF = Uint8Array.from({ length: 49 }, (_, c) => (c / 7) | 0);
const SLOT_OF = Uint8Array.from({ length: 49 }, (_, c) => c % 7);
/** Whether each card is even (Green) and below 4 (Violet). */
const EVEN = Uint8Array.from({ length: 49 }, (_, c) => ((((c / 7) | 0) & 1) === 1 ? 1 : 0));
const LOW = Uint8Array.from({ length: 49 }, (_, c) => (c < 21 ? 1 : 0));
/** Bits set in a 7-bit mask. */
const POPCOUNT = Uint8Array.from({ length: 128 }, (_, m) => [...m.toString(2)].filter((b) => b === '1').length);
/** For a 7-bit mask of values present: the longest run of set bits * 8 + the highest bit of the highest such run. */
const RUN = Uint8Array.from({ length: 128 }, (_, m) => {
  let bestLen = 0;
  let bestTop = 0;
  let len = 0;
  for (let v = 6; v >= 0; v--) {
    if (m & (1 << v)) {
      len++;
      if (len > bestLen) {
        bestLen = len;
        bestTop = v + len - 1;
      }
    } else {
      len = 0;
    }
  }
  return bestLen * 8 + bestTop;
});

/**
 * Key of the largest group of equal values (Orange); of equal groups, the higher value holds the
 * strongest card. One pass: counts live in 4-bit fields and each value's best colour slot + 1 in
 * 3-bit fields of two integers, so nothing is allocated or reset.
 */
function valueGroupKey(palette: readonly Card[]): number {
  let counts = 0;
  let slots = 0;
  for (let i = 0; i < palette.length; i++) {
    const c = palette[i]!;
    const v = VALUE_OF[c]!;
    counts += 1 << (v * 4);
    const slot = SLOT_OF[c]! + 1;
    if (slot > ((slots >>> (v * 3)) & 7)) slots = (slots & ~(7 << (v * 3))) | (slot << (v * 3));
  }
  let best = 0;
  for (let v = 6; v >= 0; v--) {
    const n = (counts >>> (v * 4)) & 15;
    if (n * 64 > best) best = n * 64 + v * 7 + ((slots >>> (v * 3)) & 7);
  }
  return best;
}

/**
 * Key of the largest group of one colour (Yellow); of equal groups, the one holding the strongest
 * card. Counts live in 4-bit fields of one integer; a second pass finds the strongest card of the
 * largest groups (faster here than packing each colour's best card as Orange does).
 */
function colourGroupKey(palette: readonly Card[]): number {
  let counts = 0;
  let most = 0;
  for (let i = 0; i < palette.length; i++) {
    const shift = SLOT_OF[palette[i]!]! * 4;
    counts += 1 << shift;
    const n = (counts >>> shift) & 15;
    if (n > most) most = n;
  }
  if (most === 0) return 0;
  let max = -1;
  for (let i = 0; i < palette.length; i++) {
    const c = palette[i]!;
    if (((counts >>> (SLOT_OF[c]! * 4)) & 15) === most && c > max) max = c;
  }
  return most * 64 + max + 1;
}

/** Key of the longest run of consecutive values; of equal runs the higher one holds the strongest card. */
function runKey(palette: readonly Card[]): number {
  let mask = 0;
  for (let i = 0; i < palette.length; i++) mask |= 1 << VALUE_OF[palette[i]!]!;
  if (mask === 0) return 0;
  const run = RUN[mask]!;
  const topValue = run & 7;
  let max = -1;
  for (let i = 0; i < palette.length; i++) {
    const c = palette[i]!;
    if (VALUE_OF[c] === topValue && c > max) max = c;
  }
  return (run >>> 3) * 64 + max + 1;
}

/** Key of the cards a table marks (even values, values below 4). */
function filterKey(palette: readonly Card[], marked: Uint8Array): number {
  let n = 0;
  let max = -1;
  for (let i = 0; i < palette.length; i++) {
    const c = palette[i]!;
    if (marked[c] === 1) {
      n++;
      if (c > max) max = c;
    }
  }
  return n === 0 ? 0 : n * 64 + max + 1;
}

function highestKey(palette: readonly Card[]): number {
  let max = -1;
  for (let i = 0; i < palette.length; i++) if (palette[i]! > max) max = palette[i]!;
  return max < 0 ? 0 : 64 + max + 1;
}

function coloursKey(palette: readonly Card[]): number {
  let colours = 0;
  let max = -1;
  for (let i = 0; i < palette.length; i++) {
    const c = palette[i]!;
    colours |= 1 << SLOT_OF[c]!;
    if (c > max) max = c;
  }
  return max < 0 ? 0 : POPCOUNT[colours]! * 64 + max + 1;
}

/** The comparable strength of one palette under a rule (0 = satisfies nothing). */
export function paletteKey(palette: readonly Card[], rule: Rule): number {
  switch (rule) {
    case 'red': return highestKey(palette);
    case 'orange': return valueGroupKey(palette);
    case 'yellow': return colourGroupKey(palette);
    case 'green': return filterKey(palette, EVEN);
    case 'blue': return coloursKey(palette);
    case 'indigo': return runKey(palette);
    case 'violet': return filterKey(palette, LOW);
  }
}

/** The seat winning under the rule, or null when nobody satisfies it (RULES.md §3). */
export function leader(palettes: readonly (readonly Card[])[], rule: Rule): number | null {
  let bestKey = 0;
  let bestSeat: number | null = null;
  for (let s = 0; s < palettes.length; s++) {
    const key = paletteKey(palettes[s]!, rule);
    if (key > bestKey) {
      bestKey = key;
      bestSeat = s;
    }
  }
  return bestSeat;
}

/** The cards of a palette that meet the rule — what its owner would score — strongest first. */
export function satisfyingSet(palette: readonly Card[], rule: Rule): Card[] {
  const sorted = [...palette].sort((a, b) => b - a);
  switch (rule) {
    case 'red':
      return sorted.slice(0, 1);
    case 'orange':
    case 'yellow': {
      const key = paletteKey(palette, rule);
      if (key === 0) return [];
      // The key's low bits name the strongest card of the winning group; its group is the set.
      const strongest = (key % 64) - 1;
      const groupOf = (c: number) => (rule === 'orange' ? (c / 7) | 0 : c % 7);
      return sorted.filter((c) => groupOf(c) === groupOf(strongest));
    }
    case 'green':
      return sorted.filter((c) => ((((c / 7) | 0) + 1) & 1) === 0);
    case 'violet':
      return sorted.filter((c) => ((c / 7) | 0) + 1 < 4);
    case 'blue': {
      const seen = new Set<number>();
      return sorted.filter((c) => (seen.has(c % 7) ? false : (seen.add(c % 7), true)));
    }
    case 'indigo': {
      const key = paletteKey(palette, rule);
      if (key === 0) return [];
      const length = Math.floor(key / 64);
      const highest = (((key % 64) - 1) / 7) | 0;
      const set: Card[] = [];
      for (let v = highest; v > highest - length; v--) {
        set.push(sorted.find((c) => ((c / 7) | 0) === v)!);
      }
      return set;
    }
  }
}

/** Points a satisfying set scores in the advanced game: the sum of face values. */
export function points(cards: readonly Card[]): number {
  let sum = 0;
  for (const c of cards) sum += ((c / 7) | 0) + 1;
  return sum;
}
