// What a card on the scan tray cannot be (RULES.md §9: cards that cannot be where the classifier
// says are ruled out before choosing). One rule, read from the full game state, for every input:
// a panel key, the scan button, a photo upload and a dashboard tap all rule out the same way.
import { ALL_CARDS, formatCard, type GameState } from '../rules/index.ts';

/** Where the card on the tray comes from. */
export type ScanSource = 'hand' | 'own-palette' | 'other-palette';

/**
 * The cards that cannot be on the tray. A card from a hand is none of the cards face up, face
 * down on the deck or known in another hand (with no seat named, no known hand is ruled out);
 * a card for the 7's action is one of the seat's own palette; a card for the 1's action is one
 * of another palette still in the round.
 */
export function impossibleCards(state: GameState | null, seat: number | null, from: ScanSource = 'hand'): string[] {
  if (state === null) return [];
  if (from === 'hand') {
    const cards = [
      ...state.canvas, ...state.deckTop,
      ...state.players.flatMap((p, i) => [...p.palette, ...p.scored, ...(seat === null || i === seat ? [] : p.known)]),
    ];
    return cards.map(formatCard);
  }
  const possible = new Set((from === 'own-palette'
    ? state.players[seat ?? -1]?.palette ?? []
    : state.players.flatMap((p, i) => (i === seat || p.out ? [] : p.palette))).map(formatCard));
  return ALL_CARDS.map(formatCard).filter((c) => !possible.has(c));
}
