// The journal: every accepted command of every game, in SQLite (better-sqlite3, WAL,
// synchronous=FULL), committed before the command is acknowledged (RULES.md §10).
import { accessSync, chmodSync, closeSync, constants, existsSync, mkdirSync, openSync, statSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { lockDataFolder, type DataLock } from './data-lock.ts';
import type { Command, Phase } from '../rules/index.ts';
import { JOURNAL_TABLES, MIGRATIONS, SCHEMA_VERSION } from './migrations.ts';
import type { GameSummary, Language, RefereeEvent } from './types.ts';

/** The journal's file name inside the data directory. */
export const JOURNAL_FILE = 'red7.db';

/** A journal that cannot be opened or used; the message names the file and leaves it untouched. */
export class JournalError extends Error {
  override name = 'JournalError';
}

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

interface GameRow { id: number; started_at: string; players: string; language: string; phase: string | null; commands: number }

const describe = (e: unknown) => (e instanceof Error ? e.message : String(e));

export class Journal {
  private readonly stmts;
  /** The phase last written for each game, to skip rewriting an unchanged one. */
  private readonly phases = new Map<number, Phase | null>();

  private constructor(private readonly db: Database.Database, readonly file: string, private readonly lock: DataLock | null) {
    this.stmts = {
      insertGame: db.prepare('INSERT INTO games (started_at, players, language, phase) VALUES (?, ?, ?, ?)'),
      insertCommand: db.prepare('INSERT INTO commands (game_id, seq, command, events, source, cmd_id, at) VALUES (?, ?, ?, ?, ?, ?, ?)'),
      setPhase: db.prepare('UPDATE games SET phase = ? WHERE id = ?'),
      lastGame: db.prepare('SELECT MAX(id) AS id FROM games'),
      commands: db.prepare('SELECT seq, command, events FROM commands WHERE game_id = ? ORDER BY seq'),
      // Named: left to itself the planner walks the game's whole log by its primary key, once per command.
      delivery: db.prepare('SELECT seq, command, events FROM commands INDEXED BY commands_delivery WHERE game_id = ? AND source = ? AND cmd_id = ? ORDER BY seq LIMIT 1'),
      games: db.prepare(`SELECT g.id, g.started_at, g.players, g.language, g.phase, (SELECT COUNT(*) FROM commands c WHERE c.game_id = g.id) AS commands
                         FROM games g ORDER BY g.id`),
      game: db.prepare(`SELECT g.id, g.started_at, g.players, g.language, g.phase, (SELECT COUNT(*) FROM commands c WHERE c.game_id = g.id) AS commands
                        FROM games g WHERE g.id = ?`),
    };
  }

  /** Opens (creating and migrating when writable) `<dataDir>/red7.db`; null when read-only and there is none. */
  static open(dataDir: string, options: { readonly?: boolean } = {}): Journal | null {
    const file = join(dataDir, JOURNAL_FILE);
    const readonly = options.readonly === true;
    if (readonly && !existsSync(file)) return null;
    // An empty file is not a new journal: something truncated it, and replacing it would hide that.
    if (existsSync(file) && statSync(file).size === 0) {
      throw new JournalError(`the journal ${file} is empty (0 bytes), not a red7 journal: it may have been truncated; move it away to start a new journal; it was left untouched`);
    }
    let lock: DataLock | null = null;
    let db: Database.Database;
    try {
      if (!readonly) {
        mkdirSync(dataDir, { recursive: true });
        Journal.checkWritable(dataDir, file);
        lock = lockDataFolder(dataDir);
        // It names face-down cards: readable by the companion's user only, like the PIN (SQLite gives -wal and -shm its mode).
        if (!existsSync(file)) closeSync(openSync(file, 'a', 0o600));
        chmodSync(file, 0o600);
      }
      db = new Database(file, { readonly, fileMustExist: readonly, timeout: 5000 });
    } catch (e) {
      lock?.release();
      if (e instanceof JournalError || (e as Error).name === 'DataFolderBusy') throw e;
      throw new JournalError(`cannot open the journal ${file}: ${describe(e)}`);
    }
    try {
      Journal.check(db, file);
      if (!readonly) {
        db.pragma('journal_mode = WAL');
        db.pragma('synchronous = FULL');
        Journal.migrate(db);
      } else if ((db.pragma('user_version', { simple: true }) as number) < SCHEMA_VERSION) {
        throw new JournalError(`the journal ${file} has an older schema: open it once with a command that writes (red7 play) to upgrade it`);
      }
      return new Journal(db, file, lock);
    } catch (e) {
      db.close();
      lock?.release();
      if (e instanceof JournalError) throw e;
      if (/readonly|read-only/i.test(describe(e)) || (e as { code?: string }).code?.startsWith('SQLITE_READONLY')) throw Journal.readOnly(dataDir, file, e);
      throw new JournalError(`cannot read the journal ${file} (corrupt, or not a red7 journal): ${describe(e)}; it was left untouched`);
    }
  }

  /** Refuses a data folder or journal this user may not write, before anything reads it as damaged. */
  private static checkWritable(dataDir: string, file: string): void {
    for (const path of existsSync(file) ? [dataDir, file] : [dataDir]) {
      try {
        accessSync(path, constants.W_OK);
      } catch (e) {
        throw Journal.readOnly(dataDir, path, e);
      }
    }
  }

  private static readOnly(dataDir: string, path: string, e: unknown): JournalError {
    return new JournalError(
      `the data folder ${dataDir} is read-only for this user (${path}: ${describe(e)}): the journal is not damaged; make the folder writable (or set RED7_DATA) and start again`,
    );
  }

  /** Refuses a file from a newer companion, a damaged file, or some other program's database — before writing anything. */
  private static check(db: Database.Database, file: string): void {
    const version = db.pragma('user_version', { simple: true }) as number;
    if (version > SCHEMA_VERSION) {
      throw new JournalError(
        `the journal ${file} was written by a newer version of the companion (schema ${version}; this one knows up to ${SCHEMA_VERSION}): upgrade the companion; the file was left untouched`,
      );
    }
    const tables = (db.prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'").all() as Array<{ name: string }>).map((r) => r.name);
    const ours = new Set<string>(JOURNAL_TABLES);
    if (version === 0 && tables.length > 0) {
      throw new JournalError(`${file} is an SQLite database but not a red7 journal (tables: ${tables.join(', ')}); it was left untouched`);
    }
    if (version > 0 && !JOURNAL_TABLES.every((t) => tables.includes(t))) {
      throw new JournalError(`the journal ${file} is missing its tables (${[...ours].filter((t) => !tables.includes(t)).join(', ')}); it was left untouched`);
    }
    const check = db.pragma('quick_check', { simple: true });
    if (check !== 'ok') throw new JournalError(`the journal ${file} is damaged (${String(check)}); it was left untouched`);
  }

  private static migrate(db: Database.Database): void {
    const from = db.pragma('user_version', { simple: true }) as number;
    if (from === SCHEMA_VERSION) return;
    db.transaction(() => {
      for (let v = from; v < SCHEMA_VERSION; v++) db.exec(MIGRATIONS[v]!);
      db.pragma(`user_version = ${SCHEMA_VERSION}`);
    })();
  }

  /** Opens a write transaction that several commands share (group commit); each append inside is a savepoint. */
  begin(): void {
    this.db.exec('BEGIN IMMEDIATE');
  }

  /** Commits the open transaction: one sync to disk for every command in it. */
  commit(): void {
    this.db.exec('COMMIT');
  }

  /** Abandons the open transaction, if one is still open. */
  rollback(): void {
    if (this.db.inTransaction) this.db.exec('ROLLBACK');
    this.phases.clear();
  }

  /** Closes the database. */
  close(): void {
    if (this.db.open) this.db.close();
    this.lock?.release();
  }

  /** Starts a game with its first command (newGame, seq 1), atomically; returns the game id. */
  startGame(input: { players: string[]; language: Language; phase: Phase; command: Command; events: RefereeEvent[]; at: string }): number {
    return this.db.transaction(() => {
      const info = this.stmts.insertGame.run(input.at, JSON.stringify(input.players), input.language, input.phase);
      const id = Number(info.lastInsertRowid);
      this.stmts.insertCommand.run(id, 1, JSON.stringify(input.command), JSON.stringify(input.events), input.command.source ?? '', input.command.id ?? null, input.at);
      return id;
    })();
  }

  /** Appends one accepted command to a game and records the game's phase (when it changed), atomically. */
  append(game: number, seq: number, command: Command, events: RefereeEvent[], phase: Phase | null, at: string): void {
    const known = this.phases.get(game);
    this.db.transaction(() => {
      this.stmts.insertCommand.run(game, seq, JSON.stringify(command), JSON.stringify(events), command.source ?? '', command.id ?? null, at);
      if (known !== phase) this.stmts.setPhase.run(phase, game);
    })();
    // Remembered only after the write went through; a rolled-back batch forgets (see rollback()).
    this.phases.set(game, phase);
  }

  /** The most recent game's id, or null. */
  currentGame(): number | null {
    return (this.stmts.lastGame.get() as { id: number | null }).id;
  }

  /** A game's accepted commands in order. */
  entries(game: number): JournalEntry[] {
    return (this.stmts.commands.all(game) as Array<{ seq: number; command: string; events: string }>).map((r) => ({
      seq: r.seq, command: JSON.parse(r.command) as Command, events: JSON.parse(r.events) as RefereeEvent[],
    }));
  }

  /** The command accepted in a game with this source and id, if any. */
  delivery(game: number, source: string, id: string): { seq: number; command: Command; events: RefereeEvent[] } | null {
    const row = this.stmts.delivery.get(game, source, id) as { seq: number; command: string; events: string } | undefined;
    return row === undefined ? null : { seq: row.seq, command: JSON.parse(row.command) as Command, events: JSON.parse(row.events) as RefereeEvent[] };
  }

  /** Every kept game, oldest first. */
  games(): JournalGame[] {
    return (this.stmts.games.all() as GameRow[]).map(toGame);
  }

  /** One kept game, or null. */
  game(id: number): JournalGame | null {
    const row = this.stmts.game.get(id) as GameRow | undefined;
    return row === undefined ? null : toGame(row);
  }
}

function toGame(r: GameRow): JournalGame {
  return {
    id: r.id, startedAt: r.started_at, players: JSON.parse(r.players) as string[],
    phase: r.phase as Phase | null, commands: r.commands, language: r.language as Language,
  };
}
