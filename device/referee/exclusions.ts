// What a card on the scan tray cannot be, from what the table can see (RULES.md §9: cards
// that cannot be where the classifier says are ruled out before choosing). The panel, the
// dashboard's photo upload and the referee's own scans all rule out the same way.
import { ALL_CARDS, formatCard } from '../rules/index.ts';

/** Where the card on the tray comes from. */
export type ScanSource = 'hand' | 'own-palette' | 'other-palette';

/** The part of the public view the scanners read. */
export interface TableView {
  canvas: string[];
  players: Array<{ palette: string[]; scored: string[]; out?: boolean }>;
}

/** Every card the table can see: palettes, canvas, score piles. */
export function visibleCards(view: TableView): string[] {
  return [...view.canvas, ...view.players.flatMap((p) => [...p.palette, ...p.scored])];
}

/**
 * The cards that cannot be on the tray: a card from the hand is none of the visible ones; a
 * card for the 7's action is one of the player's own palette; a card for the 1's action is one
 * of another palette still in the round.
 */
export function impossibleCards(view: TableView, seat: number, from: ScanSource = 'hand'): string[] {
  if (from === 'hand') return visibleCards(view);
  const possible = new Set(from === 'own-palette'
    ? view.players[seat]?.palette ?? []
    : view.players.flatMap((p, i) => (i === seat || p.out ? [] : p.palette)));
  return ALL_CARDS.map(formatCard).filter((c) => !possible.has(c));
}
