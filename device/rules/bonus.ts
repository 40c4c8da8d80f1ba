// The advanced canvas bonus (RULES.md §5): a canvas card higher than the number of palette
// cards earns a draw. It is judged against the palette as the whole turn leaves it, so a palette
// card played after the canvas card can take the offer back; once drawn, the turn's plays are over.
import { cardValue } from './cards.ts';
import type { Draft } from './draft.ts';

/** Offers or withdraws the bonus draw so that it matches the turn as it stands. */
export function refreshBonus(d: Draft, seat: number): void {
  const s = d.s;
  const turn = s.turn!;
  if (turn.bonusDrawn) return;
  const palette = s.players[seat]!.palette.length;
  const earned = s.advanced && turn.canvasCard !== null && cardValue(turn.canvasCard) > palette && s.deck > 0;
  const i = turn.pending.findIndex((p) => 'draw' in p);
  if (earned && i < 0) {
    turn.pending.push({ draw: 'bonus' });
    d.events.push({ type: 'actionPending', seat, pending: { draw: 'bonus' } });
  } else if (!earned && i >= 0) {
    turn.pending.splice(i, 1);
    d.events.push({ type: 'bonusWithdrawn', seat, palette });
  }
}
