// The journal's schema, as numbered migrations. PRAGMA user_version holds how many have run;
// a database with a higher number than this file knows was written by a newer companion and
// is refused, never altered.

/** Migrations in order; the schema version is the number applied. Append, never edit. */
export const MIGRATIONS: readonly string[] = [
  // 1: games and their accepted commands (undo and correct included: the log replays exactly).
  `CREATE TABLE games (
     id INTEGER PRIMARY KEY AUTOINCREMENT,
     started_at TEXT NOT NULL,
     players TEXT NOT NULL,
     language TEXT NOT NULL,
     phase TEXT
   );
   CREATE TABLE commands (
     game_id INTEGER NOT NULL REFERENCES games(id),
     seq INTEGER NOT NULL,
     command TEXT NOT NULL,
     events TEXT NOT NULL,
     source TEXT,
     cmd_id TEXT,
     at TEXT NOT NULL,
     PRIMARY KEY (game_id, seq)
   );`,
  // 2: find a redelivered command (same source and id) without scanning the log.
  `CREATE INDEX commands_delivery ON commands (source, cmd_id) WHERE cmd_id IS NOT NULL;`,
];

/** The schema version this companion writes. */
export const SCHEMA_VERSION = MIGRATIONS.length;

/** The tables a red7 journal holds, to tell one from some other SQLite file. */
export const JOURNAL_TABLES = ['games', 'commands'] as const;
