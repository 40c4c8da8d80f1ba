// The referee's storage port: where accepted commands are kept. The SQLite journal (journal.ts)
// is the table's; the in-memory one (memory-journal.ts) serves unit tests and dry runs.
import type { Command, Phase } from '../rules/index.ts';
import type { GameSummary, Language, RefereeEvent } from './types.ts';

/** One accepted command as kept. */
export interface JournalEntry {
  seq: number;
  command: Command;
  events: RefereeEvent[];
}

/** A kept game, with the language its announcements are in. */
export interface JournalGame extends GameSummary {
  language: Language;
}

/** A new game's first command, as kept. */
export interface NewGameRecord {
  players: string[];
  language: Language;
  phase: Phase;
  command: Command;
  events: RefereeEvent[];
  at: string;
}

export interface RefereeStorage {
  /** Where it is kept, for messages (null: in memory). */
  readonly file: string | null;
  /** Opens a batch: nothing written after it stands until commit(). */
  begin(): void;
  commit(): void;
  /** Undoes everything written since begin(). */
  rollback(): void;
  close(): void;
  /** Starts a game with its first command (seq 1); returns the game id. */
  startGame(input: NewGameRecord): number;
  /** Appends one accepted command to a game, with the phase the game is in after it. */
  append(game: number, seq: number, command: Command, events: RefereeEvent[], phase: Phase | null, at: string): void;
  /** The most recent game's id, or null. */
  currentGame(): number | null;
  /** A game's accepted commands in order. */
  entries(game: number): JournalEntry[];
  /** The first accepted command of a game with this source and id, or null. */
  delivery(game: number, source: string, id: string): JournalEntry | null;
  /** Every kept game, oldest first. */
  games(): JournalGame[];
  game(id: number): JournalGame | null;
}
