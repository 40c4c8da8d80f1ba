// What the whole table may hear of the events, and which cards a scanned play cannot be.
import { formatCard, type GameState } from '../rules/index.ts';
import { isFaceUp } from './announce.ts';
import type { RefereeEvent } from './types.ts';

/** Events as every subscriber may hear them: a card that goes face down is not named. */
export function publicEvents(events: readonly RefereeEvent[], state: GameState): RefereeEvent[] {
  return events.map((e) => {
    if (e.type === 'cardDiscarded' && e.to === 'deck') return { ...e, card: '' };
    if (e.type === 'cardTaken') return { ...e, card: '' };
    if (e.type === 'corrected' && !isFaceUp(state, e.card)) return { ...e, card: '' };
    if (e.type === 'undone' && e.command !== undefined && (e.command.type === 'take' || (e.command.type === 'discard' && e.command.to === 'deck'))) {
      return { ...e, command: { ...e.command, card: '' } };
    }
    return e;
  });
}

/** Cards that cannot be in this seat's hand: face up anywhere, face down on the deck, or known in another hand. */
export function unavailableCards(s: GameState, seat: number): string[] {
  const cards = [
    ...s.canvas, ...s.deckTop,
    ...s.players.flatMap((p, i) => [...p.palette, ...p.scored, ...(i === seat ? [] : p.known)]),
  ];
  return cards.map(formatCard);
}
