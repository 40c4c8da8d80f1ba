// The referee's contract with every input and output (panel, dashboard, HTTP, CLI, replay).
// Written first so the web server and the hardware can be built against it.
import type { Command, GameCommand, GameEvent, Pending, Phase, RejectionCode, Rule } from '../rules/index.ts';

/** Languages announcements exist in (the languages of the rule sheets). */
export const LANGUAGES = ['en', 'de', 'pt', 'ru', 'ko'] as const;
export type Language = (typeof LANGUAGES)[number];

/** Reasons the referee itself refuses a command, beside the rules' own. */
export const REFEREE_CODES = [
  'undo/nothing', // nothing left to take back
  'correct/unknown-seq', // no accepted command with that sequence number
  'correct/not-a-card-play', // that command played no card
  'scan/unavailable', // a play without its card, and no camera to read it
  'scan/rescan', // the camera could not read the card confidently: scan again or enter it
  'language/unknown', // a language the announcements do not exist in
  'referee/not-started', // a command before start() or after stop()
  'journal/failed', // the journal could not be written: the command was not applied
  'command/id-conflict', // the id was already used by this sender in this game for a different command
] as const;
export type RefereeCode = (typeof REFEREE_CODES)[number];

/** A refused command: state unchanged. */
export interface RefereeError {
  code: RejectionCode | RefereeCode;
  message: string;
}

/** Events the referee adds to the rules' own. */
export type RefereeEvent =
  | GameEvent
  | {
    type: 'illegalPlay'; seat: number | null; code: string; message: string;
    /** The refused command's type (added: an ended turn that is not winning needs UNDO, a refused card does not). */
    command?: string;
  }
  | { type: 'rescanNeeded'; seat: number; alternatives: Array<{ card: string; p: number }> }
  /** What undo took back: a command, or the correction of command `corrected`; absent in journals written before. */
  | { type: 'undone'; seq: number; command?: GameCommand; corrected?: number }
  | { type: 'corrected'; seq: number; card: string; invalidated: number[] };

/** A player as everyone at the table may see them. */
export interface PublicPlayer {
  name: string;
  palette: string[];
  hand: number;
  out: boolean;
  score: number;
  scored: string[];
  /** The palette cards that count for the current rule (the dashboard marks them). */
  counting: string[];
}

/** What everyone may see (RULES.md §8–9). Never carries a hand card or a face-down card. */
export interface PublicView {
  /** The journal's game id, or null before the first game. */
  game: number | null;
  /** Sequence number of the last accepted command (0 before any). */
  seq: number;
  phase: Phase | null;
  round: number;
  rule: Rule;
  canvas: string[];
  active: number | null;
  leader: number | null;
  /** Why the leader leads: the size of their satisfying set and its strongest card. */
  leaderReason: { count: number; best: string } | null;
  deck: number;
  pending: Pending | null;
  winner: number | null;
  advanced: boolean;
  actions: boolean;
  language: Language;
  /** Points to win (advanced game), by the number of players. */
  target: number | null;
  players: PublicPlayer[];
  rounds: Array<{ round: number; winner: number; rule: Rule; scored: string[]; points: number }>;
  /** The last announcement, in the table's language. */
  announcement: string | null;
  /** The last refused play (illegal play or rescan), cleared by the next accepted command. */
  warning: { code: string; message: string; seat: number | null } | null;
}

/** One seat's private view: the public view plus what only that player may see. */
export interface PrivateView extends PublicView {
  seat: number;
  /** Hand cards the companion knows (drawn after being seen going onto the deck). */
  knownHand: string[];
}

/** The answer to a submitted command. */
export type SubmitResult =
  | { ok: true; seq: number; events: RefereeEvent[]; view: PublicView }
  | { ok: false; error: RefereeError };

/** What subscribers hear after every accepted command and every flagged play, in order. */
export interface RefereeUpdate {
  seq: number;
  /** The events as the whole table may hear them: a card that goes face down (the 7's action to the deck,
   * the 1's action, a correction of such a card) has its `card` blanked to "" here; SubmitResult keeps it. */
  events: RefereeEvent[];
  /** The announcement lines for these events, in the table's language. */
  announcements: string[];
  view: PublicView;
}

/** Reads a card for a play submitted without one (the camera and classifier, injected). */
export type CardScanner = (
  seat: number,
  exclude: string[],
) => Promise<{ card: string } | { rescan: true; alternatives: Array<{ card: string; p: number }>; reason: string }>;

/** A game kept in the journal. */
export interface GameSummary {
  id: number;
  startedAt: string;
  players: string[];
  phase: Phase | null;
  commands: number;
}

/** The referee as the rest of the companion uses it. */
export interface RefereeApi {
  start(): Promise<void>;
  stop(): Promise<void>;
  /** Applies one command (untrusted JSON) after every earlier one, from whatever source. */
  submit(command: unknown): Promise<SubmitResult>;
  publicView(): PublicView;
  privateView(seat: number): PrivateView | null;
  /** Hears every update in order; returns the function that stops listening. */
  subscribe(listener: (update: RefereeUpdate) => void): () => void;
  /** Updates after `seq` of the current game, or null when they are no longer kept (send a snapshot). */
  updatesSince(seq: number): RefereeUpdate[] | null;
  listGames(): GameSummary[];
  /** A game's commands and events, as JSON. */
  exportGame(id: number): { game: GameSummary; commands: Array<{ seq: number; command: Command; events: RefereeEvent[] }> } | null;
  /** A game as a readable transcript in a language. */
  transcript(id: number, language?: Language): string | null;
}
