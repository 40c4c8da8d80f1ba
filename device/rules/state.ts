// The whole game as one serialisable value. `null` means no game has been started yet.
// Hidden information lives here too (cards the companion saw go face down onto the deck and
// into a hand), because the companion must still rule them out; views decide who may see it.
import { cardColour, type Card, type Rule } from './cards.ts';
import type { Pending } from './events.ts';

export const PHASES = ['setup', 'turn', 'roundOver', 'gameOver'] as const;
export type Phase = (typeof PHASES)[number];

/** Points to win the advanced game, by number of players (RULES.md §5). */
export const TARGET_POINTS: Record<number, number> = { 2: 40, 3: 35, 4: 30 };

/** Cards a round deals to each player: 7 in hand and 1 to the palette. */
export const CARDS_PER_PLAYER = 8;
export const HAND_SIZE = 7;

export interface PlayerState {
  name: string;
  /** Face-up palette cards, in the order played. Empty during setup until dealt. */
  palette: Card[];
  /** Number of hand cards (the companion counts them; it cannot see them). */
  hand: number;
  out: boolean;
  score: number;
  /** Cards in the score pile, in the order scored. */
  scored: Card[];
  /** Hidden: hand cards the companion knows because it saw them go onto the deck top before this player drew them. */
  known: Card[];
}

export interface TurnState {
  seat: number;
  palettePlays: number;
  canvasPlayed: boolean;
  /** The canvas card came before the palette card this turn (the order warning). */
  canvasFirst: boolean;
  /** The 1's action was used this turn: its player must stay in. */
  took: boolean;
  /** The hand card played to the canvas this turn, which the advanced bonus is judged by. */
  canvasCard: Card | null;
  /** The advanced bonus card was drawn: the turn's plays are over. */
  bonusDrawn: boolean;
  /** Card actions and the bonus draw still owed or offered, oldest first. */
  pending: Pending[];
}

/** A fresh turn for the seat: nothing played, nothing owed. */
export function newTurn(seat: number): TurnState {
  return { seat, palettePlays: 0, canvasPlayed: false, canvasFirst: false, took: false, canvasCard: null, bonusDrawn: false, pending: [] };
}

export interface RoundResult {
  round: number;
  winner: number;
  rule: Rule;
  scored: Card[];
  points: number;
}

export interface GameState {
  phase: Phase;
  advanced: boolean;
  actions: boolean;
  round: number;
  players: PlayerState[];
  /** Canvas cards played this round, bottom first; the Red starter card is implied below them. */
  canvas: Card[];
  /** Number of cards in the deck. */
  deck: number;
  /** Hidden: cards put face down on top of the deck by actions, the top last. */
  deckTop: Card[];
  active: number | null;
  leader: number | null;
  turn: TurnState | null;
  /** The game's winner once it is over. */
  winner: number | null;
  rounds: RoundResult[];
}

/** The rule in effect: the colour of the top canvas card, Red when only the starter is there. */
export function currentRule(state: Pick<GameState, 'canvas'>): Rule {
  const top = state.canvas[state.canvas.length - 1];
  return top === undefined ? 'red' : cardColour(top);
}

/** Palettes as the leader check sees them: a player who is out counts as an empty palette. */
export function livePalettes(state: GameState): Card[][] {
  return state.players.map((p) => (p.out ? [] : p.palette));
}

/** Cards scored so far in this game, all players together. */
export function scoredCount(state: GameState): number {
  let n = 0;
  for (const p of state.players) n += p.scored.length;
  return n;
}
