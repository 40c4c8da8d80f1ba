// The commands of RULES.md §9 — every input (seat panel, dashboard, HTTP, CLI, replay)
// becomes one of these. Cards travel in the `R7` notation so that a journal of commands is
// readable JSON and replays exactly.

/** Command types, as they appear in the `type` field. */
export const COMMAND_TYPES = [
  'newGame', 'deal', 'play', 'endTurn', 'pass', 'draw', 'discard', 'take', 'undo', 'correct', 'nextRound',
] as const;
export type CommandType = (typeof COMMAND_TYPES)[number];

/** Where a played card goes. */
export const PLAY_TARGETS = ['palette', 'canvas'] as const;
export type PlayTarget = (typeof PLAY_TARGETS)[number];

/** Where the 7's action sends a palette card. */
export const DISCARD_TARGETS = ['canvas', 'deck'] as const;
export type DiscardTarget = (typeof DISCARD_TARGETS)[number];

/** Optional fields any command may carry: who sent it, and its id for duplicate suppression. */
export interface Envelope {
  /** The input it came from, e.g. "panel", "dashboard", "http", "cli". */
  source?: string;
  /** Unique per source; a second delivery with the same source and id is applied once. */
  id?: string;
}

export interface NewGameCommand extends Envelope {
  type: 'newGame';
  players: string[];
  advanced?: boolean;
  actions?: boolean;
  /** The table's language for announcements (en, de, pt, ru, ko); the rules ignore it. */
  language?: string;
}
/** `card` omitted: the starting card is still to be scanned by the camera (the referee resolves it). */
export interface DealCommand extends Envelope { type: 'deal'; seat: number; card?: string }
/** `card` omitted: the card is still to be scanned by the camera (the referee resolves it). */
export interface PlayCommand extends Envelope { type: 'play'; seat: number; to: PlayTarget; card?: string }
export interface EndTurnCommand extends Envelope { type: 'endTurn'; seat: number }
export interface PassCommand extends Envelope { type: 'pass'; seat: number }
export interface DrawCommand extends Envelope { type: 'draw'; seat: number }
export interface DiscardCommand extends Envelope { type: 'discard'; seat: number; card: string; to: DiscardTarget }
export interface TakeCommand extends Envelope { type: 'take'; seat: number; from: number; card: string }
export interface UndoCommand extends Envelope { type: 'undo' }
export interface CorrectCommand extends Envelope { type: 'correct'; seq: number; card: string }
export interface NextRoundCommand extends Envelope { type: 'nextRound' }

/** Any command of RULES.md §9. */
export type Command =
  | NewGameCommand | DealCommand | PlayCommand | EndTurnCommand | PassCommand | DrawCommand
  | DiscardCommand | TakeCommand | UndoCommand | CorrectCommand | NextRoundCommand;

/** The commands the pure game reducer applies; undo and correct belong to the referee's journal. */
export type GameCommand = Exclude<Command, UndoCommand | CorrectCommand>;
