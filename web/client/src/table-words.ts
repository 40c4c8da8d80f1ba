// The table's facts in the words the banner shows from across the table: who leads and why,
// whose turn it is, and the hint before DONE when the active player is not winning. Pure
// functions of the public view, so they are tested without a browser.
import type { PublicView } from '../../../device/referee/types.ts';
import type { Rule } from '../../../device/rules/cards.ts';
import { cardWords, colourName } from './colours.ts';

const NUMBER_WORDS = ['no', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten', 'eleven', 'twelve'];

/** "three" for 3; digits past twelve. */
export function countWords(n: number): string {
  return NUMBER_WORDS[n] ?? String(n);
}

/** What the leader's satisfying set is, rule by rule: "three cards below 4". */
function setWords(rule: Rule, count: number): string {
  const n = countWords(count);
  const s = count === 1 ? '' : 's';
  switch (rule) {
    case 'red': return 'highest card';
    case 'orange': return `${n} card${s} of one number`;
    case 'yellow': return `${n} card${s} of one colour`;
    case 'green': return `${n} even card${s}`;
    case 'blue': return count === 1 ? 'one colour' : `${n} different colours`;
    case 'indigo': return `${n} card${s} in a row`;
    case 'violet': return `${n} card${s} below 4`;
  }
}

/** "Ann — three cards below 4, best Red 3"; between rounds and at the end, who won. */
export function leaderWords(view: PublicView): string {
  const nameOf = (i: number): string => view.players[i]?.name ?? `Seat ${i + 1}`;
  if (view.phase === 'gameOver' && view.winner !== null) {
    return `${nameOf(view.winner)} wins the game${view.advanced ? ` with ${view.players[view.winner]?.score ?? 0} points` : ''}`;
  }
  const last = view.rounds[view.rounds.length - 1];
  if (view.phase === 'roundOver' && last !== undefined) {
    const scored = view.advanced && last.scored.length > 0 ? ` — scores ${last.points} with ${last.scored.map(cardWords).join(', ')}` : '';
    return `${nameOf(last.winner)} wins round ${last.round}${scored}`;
  }
  if (view.leader === null) return 'Nobody leads yet';
  const why = view.leaderReason;
  if (why === null) return nameOf(view.leader);
  if (view.rule === 'red') return `${nameOf(view.leader)} — highest card, ${cardWords(why.best)}`;
  return `${nameOf(view.leader)} — ${setWords(view.rule, why.count)}, best ${cardWords(why.best)}`;
}

/** "Ben" when it is Ben's turn during play; null otherwise. */
export function turnName(view: PublicView): string | null {
  if (view.phase !== 'turn' || view.active === null) return null;
  return view.players[view.active]?.name ?? `Seat ${view.active + 1}`;
}

/** The hint before DONE: once the active player has played this turn and still does not lead, DONE puts them out. */
export function notWinningHint(view: PublicView, playedThisTurn: boolean): string | null {
  const name = turnName(view);
  if (name === null || !playedThisTurn || view.active === view.leader) return null;
  return `${name} is not winning under ${colourName(view.rule)}: DONE puts ${name} out`;
}

/** What changes when the active player plays: their palette and the canvas. */
export function turnMarks(view: PublicView): { turn: string; played: string } {
  const active = view.active ?? -1;
  return {
    turn: `${view.game}|${view.round}|${active}|${view.phase}`,
    played: `${view.players[active]?.palette.join() ?? ''}|${view.canvas.join()}`,
  };
}

/** The line under the banner at the end of a round or a game, or null while one is played. */
export function outcomeWords(view: PublicView): string | null {
  const over = view.phase === 'gameOver';
  if (!over && view.phase !== 'roundOver') return null;
  const n = view.rounds.length;
  const standing = view.advanced ? `: ${view.players.map((p) => `${p.name} ${p.score}`).join(', ')}` : '';
  if (over) return `Game over after ${n} round${n === 1 ? '' : 's'}${standing}`;
  return `Round ${view.round} is over${standing}${view.advanced && view.target !== null ? ` (first to ${view.target})` : ''}`;
}

/** Each player's running total after each round, starting from 0 before the first. */
export function runningScores(view: PublicView): number[][] {
  return view.players.map((_, i) => {
    let total = 0;
    return [0, ...view.rounds.map((r) => (total += r.winner === i ? r.points : 0))];
  });
}
