// Sample arguments for every catalogue entry, so tests can render each one in every language.
import { RULES } from '../../../device/rules/index.ts';

/** Calls one catalogue entry (or every entry of a record, as `parent.key`) with sample arguments. */
export function sample(key: string, entry: unknown): string[] {
  if (typeof entry === 'string') return [entry];
  if (typeof entry === 'object' && entry !== null) {
    return Object.entries(entry).flatMap(([k, v]) => sample(`${key}.${k}`, v));
  }
  if (typeof entry !== 'function') throw new Error(`catalogue entry ${key} is neither text nor a function`);
  const f = entry as (...a: unknown[]) => string;
  const parent = key.split('.')[0];
  switch (key) {
    case 'command.newGame': return [f(['Ann', 'Ben'])];
    case 'command.deal': return [f('Ann', 'Blue 4'), f('Ann', null)];
    case 'command.discardCanvas': return [f('Ann', 'Blue 4')];
    case 'command.palette': case 'command.canvas': return [f('Ann', 'Blue 4'), f('Ann', null)];
    case 'command.take': return [f('Ann', 'Ben')];
    case 'command.nextRound': case 'command.undo': return [f()];
    case 'command.correct': return [f(17, 'Blue 4')];
    case 'command.correction': return [f(17)];
    case 'transcript.header': return [f(3, ['Ann', 'Ben'], '2026-01-01T10:00:00Z', 1, 'turn'), f(3, ['Ann', 'Ben'], 'T', 21, null)];
    case 'transcript.refused': return [f('card/visible')];
  }
  switch (parent) {
    case 'illegal': return [f('Ann'), f(null)];
    case 'skipped': return [f('Ann', 3), f('Ann', 5)];
    case 'gameOver': return [f('Ann', 42)];
    case 'list': return [f(['Ann', 'Ben', 'Cy']), f(['Ann'])];
    case 'gameStarted': return [f(['Ann', 'Ben'], true, true), f(['Ann', 'Ben', 'Cy'], false, false)];
    case 'leads': return RULES.flatMap((r) => [f('Ann', r, 1, 'Red 6'), f('Ann', r, 3, 'Red 6'), f('Ann', r, 14, 'Red 6')]);
    case 'nobodyLeads': return [f()];
    case 'scored': return [f('Ann', ['Red 6', 'Blue 4'], 10, 31), f('Ann', ['Violet 1'], 1, 1)];
    case 'corrected': return [f(17, 'Blue 4', []), f(17, null, [18, 19])];
    case 'undone': return [f('Ann plays Blue 4 to the palette')];
    case 'roundStarted': return [f(3)];
    case 'nowDeal': case 'nowNextRound': return [f()];
    case 'notWinningYet': return [f('Ann', 'RULE')];
    case 'bonusWithdrawn': return [f('Ann', 1), f('Ann', 3)];
    case 'cardDealt': case 'playedPalette': return [f('Ann', 'Blue 4')];
    case 'playedCanvas': case 'discardedCanvas': return [f('Ann', 'Blue 4', 'RULE')];
    case 'roundWon': return [f('Ann', 2, 'RULE')];
    case 'ruleChanged': return [f('RULE')];
    case 'taken': return [f('Ann', 'Ben')];
    default: return [f('Ann')];
  }
}

