// What happened, as data. The reducer emits these; the referee turns them into announcements,
// LED and buzzer signals and dashboard updates. Cards are in the R7 notation. A card drawn
// from the deck is never named: the table does not see it.
import type { Rule } from './cards.ts';

/** Why a player left the round. */
export type OutReason = 'not-winning' | 'passed' | 'empty-hand';

/** A card action owed by the active seat, or the optional canvas bonus draw. */
export type Pending = { action: 1 | 3 | 5 | 7 } | { draw: 'bonus' };

export type GameEvent =
  | { type: 'gameStarted'; players: string[]; advanced: boolean; actions: boolean }
  | { type: 'roundStarted'; round: number; deck: number }
  | { type: 'cardDealt'; seat: number; card: string }
  | { type: 'turnStarted'; seat: number }
  | { type: 'cardPlayed'; seat: number; card: string; to: 'palette' | 'canvas' }
  | { type: 'ruleChanged'; rule: Rule; seat: number }
  | { type: 'orderWarning'; seat: number }
  | { type: 'leaderChanged'; leader: number | null; previous: number | null }
  | { type: 'cardDrawn'; seat: number; reason: 'action' | 'bonus' }
  | { type: 'cardDiscarded'; seat: number; card: string; to: 'canvas' | 'deck' }
  | { type: 'cardTaken'; seat: number; from: number; card: string }
  | { type: 'actionPending'; seat: number; pending: Pending }
  /** A palette card played after the canvas card made the palette too large for the advanced bonus. */
  | { type: 'bonusWithdrawn'; seat: number; palette: number }
  /** A canvas card played first does not make its player win yet; a palette card may still (RULES.md §4). */
  | { type: 'notWinningYet'; seat: number; rule: Rule }
  | { type: 'actionSkipped'; seat: number; action: 1 | 3 | 5 | 7; why: 'empty-hand' | 'empty-deck' | 'no-target' }
  | { type: 'playerOut'; seat: number; reason: OutReason }
  | { type: 'roundWon'; seat: number; round: number; rule: Rule }
  | { type: 'pointsScored'; seat: number; cards: string[]; points: number; total: number }
  | { type: 'gameOver'; winner: number; scores: number[]; reason: 'target' | 'deck' | 'basic' };

export type GameEventType = GameEvent['type'];
