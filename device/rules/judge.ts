// Who is winning (SPEC section 3). Each palette gets a single comparable key,
// (size of the satisfying set) * 64 + (strongest card of that set) + 1, so the leader is the
// palette with the highest key: bigger sets win and, on equal size, the set holding the
// strongest card wins — cards are unique, so two non-empty keys are never equal. An empty
// satisfying set has key 0 and never leads. Hot path: no allocation, module-level scratch.
import type { Card, Rule } from './cards.ts';

const count = new Int32Array(7);
const top = new Int32Array(7);

function reset(): void {
  count.fill(0);
  top.fill(-1);
}

/** Key of the largest group (by value when byValue, else by colour); ties go to the group with the strongest card. */
function groupKey(palette: readonly Card[], byValue: boolean): number {
  reset();
  for (let i = 0; i < palette.length; i++) {
    const c = palette[i]!;
    const g = byValue ? (c / 7) | 0 : c % 7;
    count[g]!++;
    if (c > top[g]!) top[g] = c;
  }
  let best = 0;
  for (let g = 0; g < 7; g++) {
    const n = count[g]!;
    if (n > 0) {
      const key = n * 64 + top[g]! + 1;
      if (key > best) best = key;
    }
  }
  return best;
}

/** Key of the longest run of consecutive values; of equal runs the higher one holds the strongest card. */
function runKey(palette: readonly Card[]): number {
  top.fill(-1);
  for (let i = 0; i < palette.length; i++) {
    const c = palette[i]!;
    const v = (c / 7) | 0;
    if (c > top[v]!) top[v] = c;
  }
  let best = 0;
  let len = 0;
  let runTop = -1;
  // Walk from value 7 down so the first run found of a given length is the strongest one.
  for (let v = 6; v >= 0; v--) {
    if (top[v]! >= 0) {
      if (len === 0) runTop = top[v]!;
      len++;
      const key = len * 64 + runTop + 1;
      if (key > best) best = key;
    } else {
      len = 0;
    }
  }
  return best;
}

/** Key of the cards whose value passes a test (even values, values below 4). */
function filterKey(palette: readonly Card[], even: boolean): number {
  let n = 0;
  let max = -1;
  for (let i = 0; i < palette.length; i++) {
    const c = palette[i]!;
    const v = ((c / 7) | 0) + 1;
    if (even ? (v & 1) === 0 : v < 4) {
      n++;
      if (c > max) max = c;
    }
  }
  return n === 0 ? 0 : n * 64 + max + 1;
}

/** The comparable strength of one palette under a rule (0 = satisfies nothing). */
export function paletteKey(palette: readonly Card[], rule: Rule): number {
  switch (rule) {
    case 'red': {
      let max = -1;
      for (let i = 0; i < palette.length; i++) if (palette[i]! > max) max = palette[i]!;
      return max < 0 ? 0 : 64 + max + 1;
    }
    case 'orange':
      return groupKey(palette, true);
    case 'yellow':
      return groupKey(palette, false);
    case 'green':
      return filterKey(palette, true);
    case 'blue': {
      let colours = 0;
      let max = -1;
      for (let i = 0; i < palette.length; i++) {
        const c = palette[i]!;
        colours |= 1 << c % 7;
        if (c > max) max = c;
      }
      if (max < 0) return 0;
      let n = 0;
      for (let m = colours; m !== 0; m &= m - 1) n++;
      return n * 64 + max + 1;
    }
    case 'indigo':
      return runKey(palette);
    case 'violet':
      return filterKey(palette, false);
  }
}

/** The seat winning under the rule, or null when nobody satisfies it (SPEC section 3). */
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
