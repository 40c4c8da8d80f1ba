// `red7 judge`: one position per JSON line on stdin, one verdict per line on stdout.
import { formatCard, leader, points, RULES, satisfyingSet, tryParseCard, type Card, type Rule } from '../rules/index.ts';
import { readLines, writeJsonLine, type CommandRun } from './io.ts';

type Verdict = { leader: number | null; scored: string[]; points: number } | { error: string };

/** Judges one input line: who leads, what they would score. */
export function judgeLine(line: string): Verdict {
  let input: unknown;
  try {
    input = JSON.parse(line);
  } catch {
    return { error: 'not JSON: expected {"rule":"indigo","palettes":[["R7","B3"],["G5","G6"]]}' };
  }
  if (typeof input !== 'object' || input === null || Array.isArray(input)) return { error: 'expected a JSON object with "rule" and "palettes"' };
  const { rule, palettes } = input as { rule?: unknown; palettes?: unknown };
  if (typeof rule !== 'string' || !(RULES as readonly string[]).includes(rule)) {
    return { error: `"rule" must be one of ${RULES.join(', ')}` };
  }
  if (!Array.isArray(palettes) || palettes.length < 1 || palettes.length > 4) return { error: '"palettes" must be a list of 1 to 4 palettes' };
  const seen = new Set<Card>();
  const parsed: Card[][] = [];
  for (const [seat, palette] of palettes.entries()) {
    if (!Array.isArray(palette)) return { error: `palette ${seat} must be a list of cards` };
    const cards: Card[] = [];
    for (const text of palette) {
      const r = tryParseCard(text);
      if (!r.ok) return { error: `palette ${seat}: ${r.error}` };
      if (seen.has(r.card)) return { error: `${formatCard(r.card)} appears twice: every card is unique` };
      seen.add(r.card);
      cards.push(r.card);
    }
    parsed.push(cards);
  }
  const seat = leader(parsed, rule as Rule);
  if (seat === null) return { leader: null, scored: [], points: 0 };
  const set = satisfyingSet(parsed[seat]!, rule as Rule);
  return { leader: seat, scored: set.map(formatCard), points: points(set) };
}

/** Runs `red7 judge`. */
export const run: CommandRun = async (args, io) => {
  if (args.length > 0) {
    io.stderr.write('red7 judge takes no arguments; it reads JSON lines on stdin\n');
    return 2;
  }
  let bad = false;
  for await (const line of readLines(io.stdin)) {
    const verdict = judgeLine(line);
    if ('error' in verdict) bad = true;
    writeJsonLine(io.stdout, verdict);
  }
  return bad ? 1 : 0;
};
