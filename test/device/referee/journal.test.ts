import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { Journal, JournalError, JOURNAL_FILE } from '../../../device/referee/journal.ts';
import { MIGRATIONS, SCHEMA_VERSION } from '../../../device/referee/migrations.ts';
import { Referee } from '../../../device/referee/referee.ts';
import { cleanupDirs, OPENING, startedReferee, submitAll, tempDir } from './helpers.ts';

afterEach(cleanupDirs);

describe('the journal', () => {
  it('lives at <dataDir>/red7.db in WAL mode with synchronous=FULL', async () => {
    const dataDir = tempDir();
    const journal = Journal.open(dataDir)!;
    const referee = await startedReferee({ storage: journal });
    await submitAll(referee, OPENING);
    const db = new Database(join(dataDir, JOURNAL_FILE), { readonly: true });
    expect(db.pragma('journal_mode', { simple: true })).toBe('wal');
    expect(db.pragma('user_version', { simple: true })).toBe(SCHEMA_VERSION);
    db.close();
    // synchronous is per connection: ask the referee's own.
    expect((journal as unknown as { db: Database.Database }).db.pragma('synchronous', { simple: true })).toBe(2);
    await referee.stop();
  });

  it('has every accepted command on disk by the time it is acknowledged', async () => {
    const dataDir = tempDir();
    const referee = await startedReferee({ dataDir });
    await submitAll(referee, OPENING);
    const db = new Database(join(dataDir, JOURNAL_FILE), { readonly: true });
    const rows = db.prepare('SELECT seq FROM commands ORDER BY seq').all() as Array<{ seq: number }>;
    expect(rows.map((r) => r.seq)).toEqual([1, 2, 3, 4]);
    db.close();
    await referee.stop();
  });

  it('has a command on disk, seen from another connection, before its answer or its update goes out', async () => {
    const dataDir = tempDir();
    const referee = await startedReferee({ dataDir });
    const reader = new Database(join(dataDir, JOURNAL_FILE), { readonly: true });
    const onDisk = (seq: number) => reader.prepare('SELECT COUNT(*) AS n FROM commands WHERE seq = ?').get(seq) as { n: number };
    const seenByListener: number[] = [];
    referee.subscribe((u) => seenByListener.push(onDisk(u.seq).n));
    // Sent together, so that they share commits: each is still answered only once it is on disk.
    const answers = await Promise.all(OPENING.map((c) => referee.submit(c).then((r) => (r.ok ? onDisk(r.seq).n : -1))));
    expect(answers).toEqual([1, 1, 1, 1]);
    expect(seenByListener).toEqual([1, 1, 1, 1]);
    reader.close();
    await referee.stop();
  });

  it('undoes a whole batch and answers journal/failed when its commit fails', async () => {
    const dataDir = tempDir();
    const journal = Journal.open(dataDir)!;
    const referee = await startedReferee({ storage: journal });
    await submitAll(referee, OPENING);
    const before = referee.publicView();
    const heard: number[] = [];
    referee.subscribe((u) => heard.push(u.seq));
    const commit = journal.commit.bind(journal);
    journal.commit = () => {
      throw new Error('disk I/O error');
    };
    const results = await Promise.all([
      referee.submit({ type: 'play', seat: 0, to: 'palette', card: 'O5' }),
      referee.submit({ type: 'endTurn', seat: 0 }),
    ]);
    expect(results.map((r) => !r.ok && r.error.code)).toEqual(['journal/failed', 'journal/failed']);
    expect(referee.publicView()).toEqual(before);
    expect(heard).toEqual([]);
    journal.commit = commit;
    const again = await referee.submit({ type: 'play', seat: 0, to: 'palette', card: 'O5' });
    expect(again.ok && again.seq).toBe(5);
    await referee.stop();
    const restarted = await startedReferee({ dataDir });
    expect(restarted.publicView().seq).toBe(5);
    expect(restarted.exportGame(1)!.commands.map((c) => c.seq)).toEqual([1, 2, 3, 4, 5]);
  });

  it('does not journal refused commands', async () => {
    const dataDir = tempDir();
    const referee = await startedReferee({ dataDir });
    await submitAll(referee, OPENING);
    await referee.submit({ type: 'pass', seat: 2 });
    expect(referee.exportGame(1)!.commands).toHaveLength(4);
  });

  it('rebuilds the current game at start, announcement included', async () => {
    const dataDir = tempDir();
    const referee = await startedReferee({ dataDir });
    await submitAll(referee, [...OPENING, { type: 'play', seat: 0, to: 'palette', card: 'O5' }]);
    const live = referee.publicView();
    await referee.stop();
    const again = await startedReferee({ dataDir });
    expect(again.publicView()).toEqual(live);
    expect(live.announcement).toBe('Ann plays Orange 5 to the palette. Cy leads with the highest card, Green 6.');
  });

  it('keeps every game: a new game does not erase the last one', async () => {
    const dataDir = tempDir();
    const referee = await startedReferee({ dataDir });
    await submitAll(referee, [...OPENING, { ...OPENING[0], players: ['Dee', 'Eve'], language: 'de' }]);
    const games = referee.listGames();
    expect(games.map((g) => [g.id, g.players, g.commands, g.phase])).toEqual([
      [1, ['Ann', 'Ben', 'Cy'], 4, 'turn'],
      [2, ['Dee', 'Eve'], 1, 'setup'],
    ]);
    expect(referee.publicView()).toMatchObject({ game: 2, seq: 1, language: 'de' });
    expect(referee.publicView().announcement).toBe('Neues Spiel für Dee und Eve. Runde 1: Jeder Spieler erhält eine offene Karte für seine Palette.');
  });

  it('exports a game as JSON: its commands and their events', async () => {
    const referee = await startedReferee();
    await submitAll(referee, OPENING);
    const exported = referee.exportGame(1)!;
    expect(exported.game).toEqual({ id: 1, startedAt: expect.any(String), players: ['Ann', 'Ben', 'Cy'], phase: 'turn', commands: 4 });
    expect(exported.commands[1]).toEqual({ seq: 2, command: { type: 'deal', seat: 0, card: 'R3' }, events: [{ type: 'cardDealt', seat: 0, card: 'R3' }] });
    expect(referee.exportGame(7)).toBeNull();
    expect(referee.exportGame(1.5)).toBeNull();
  });

  it('keeps only the fields a command has: a command with a stray field is refused and nothing of it is kept', async () => {
    const referee = await startedReferee();
    const refused = await referee.submit({ ...OPENING[0], junk: 'x'.repeat(1000) });
    expect(refused).toMatchObject({ ok: false, error: { code: 'command/malformed', message: expect.stringContaining('unknown field "junk"') } });
    expect(referee.exportGame(1)).toBeNull();
    await submitAll(referee, [OPENING[0]]);
    expect(referee.exportGame(1)!.commands[0]!.command).toEqual({ type: 'newGame', players: ['Ann', 'Ben', 'Cy'], advanced: false, actions: false, language: 'en' });
  });

  it('writes a readable transcript in the table language or another', async () => {
    const referee = await startedReferee();
    await submitAll(referee, [...OPENING, { type: 'play', seat: 0, to: 'palette', card: 'O5' }]);
    const en = referee.transcript(1)!;
    expect(en).toContain('   5  Ann plays O5 (Orange 5) to the palette\n        Ann plays Orange 5 to the palette.');
    expect(referee.transcript(1, 'de')!).toMatch(/^Spiel 1: Ann, Ben und Cy; begonnen \S+; fünf Befehle; läuft\n/);
    const ko = referee.transcript(1, 'ko')!;
    expect(ko).toContain('Ann 님이 팔레트에 주황 5 카드를 내려놓았습니다.');
    expect(referee.transcript(3)).toBeNull();
    expect(referee.transcript(Number.NaN)).toBeNull();
    expect(referee.transcript(1, 'xx' as 'en')).toBe(en);
  });

  it('refuses a database from a newer version with a clear message and leaves it untouched', async () => {
    const dataDir = tempDir();
    const file = join(dataDir, JOURNAL_FILE);
    const db = new Database(file);
    db.exec('CREATE TABLE games (id INTEGER PRIMARY KEY); CREATE TABLE commands (x)');
    db.pragma(`user_version = ${SCHEMA_VERSION + 3}`);
    db.close();
    const before = readFileSync(file);
    const referee = new Referee({ dataDir });
    await expect(referee.start()).rejects.toThrow(new RegExp(`${file.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} was written by a newer version`));
    expect(readFileSync(file).equals(before)).toBe(true);
    expect(existsSync(`${file}-wal`)).toBe(false);
  });

  it('refuses a corrupt file, naming it, and overwrites nothing', async () => {
    const dataDir = tempDir();
    const file = join(dataDir, JOURNAL_FILE);
    const garbage = Buffer.from('this is not an SQLite database, it is a shopping list: eggs, milk\n'.repeat(200));
    writeFileSync(file, garbage);
    const referee = new Referee({ dataDir });
    const error = await referee.start().then(() => null, (e: unknown) => e);
    expect(error).toBeInstanceOf(JournalError);
    expect((error as Error).message).toContain(file);
    expect((error as Error).message).toMatch(/corrupt|not a red7 journal/);
    expect(readFileSync(file).equals(garbage)).toBe(true);
  });

  it('refuses a damaged journal whose pages were overwritten', async () => {
    const dataDir = tempDir();
    const referee = await startedReferee({ dataDir });
    await submitAll(referee, OPENING);
    await referee.stop();
    const file = join(dataDir, JOURNAL_FILE);
    // Fold the WAL into the file first so the damage is in the main database.
    const db = new Database(file);
    db.pragma('wal_checkpoint(TRUNCATE)');
    db.pragma('journal_mode = DELETE');
    db.close();
    const bytes = readFileSync(file);
    bytes.fill(0x55, 4096, bytes.length); // every page after the first
    writeFileSync(file, bytes);
    const again = new Referee({ dataDir });
    await expect(again.start()).rejects.toThrow(file);
    expect(readFileSync(file).equals(bytes)).toBe(true);
  });

  it('refuses some other program\'s SQLite database', async () => {
    const dataDir = tempDir();
    const file = join(dataDir, JOURNAL_FILE);
    const db = new Database(file);
    db.exec('CREATE TABLE recipes (name TEXT)');
    db.close();
    await expect(new Referee({ dataDir }).start()).rejects.toThrow(/not a red7 journal/);
  });

  it('reports an unreadable data directory at start, naming the file', async () => {
    const dataDir = tempDir();
    writeFileSync(join(dataDir, 'plain-file'), 'x');
    await expect(new Referee({ dataDir: join(dataDir, 'plain-file') }).start()).rejects.toThrow(/red7\.db/);
  });

  it('refuses, naming the file, a journal whose current game cannot be replayed', async () => {
    const dataDir = tempDir();
    const referee = await startedReferee({ dataDir });
    await submitAll(referee, OPENING);
    await referee.stop();
    const file = join(dataDir, JOURNAL_FILE);
    const db = new Database(file);
    db.prepare('DELETE FROM commands WHERE seq = 1').run();
    db.close();
    await expect(new Referee({ dataDir }).start()).rejects.toThrow(`the journal ${file} cannot be replayed (game 1 in the journal does not begin with newGame)`);
  });

  it('migrates a version-1 journal to the current schema and keeps its games', async () => {
    const dataDir = tempDir();
    const file = join(dataDir, JOURNAL_FILE);
    const db = new Database(file);
    db.exec(MIGRATIONS[0]!);
    db.pragma('user_version = 1');
    db.prepare("INSERT INTO games (started_at, players, language, phase) VALUES ('2026-01-01T00:00:00Z', '[\"Ann\",\"Ben\"]', 'pt', 'setup')").run();
    db.prepare("INSERT INTO commands (game_id, seq, command, events, source, cmd_id, at) VALUES (1, 1, ?, '[]', '', NULL, '2026-01-01T00:00:00Z')")
      .run(JSON.stringify({ type: 'newGame', players: ['Ann', 'Ben'], language: 'pt' }));
    db.close();
    const referee = await startedReferee({ dataDir });
    expect(referee.publicView()).toMatchObject({ game: 1, seq: 1, phase: 'setup', language: 'pt' });
    const check = new Database(file, { readonly: true });
    expect(check.pragma('user_version', { simple: true })).toBe(SCHEMA_VERSION);
    expect(check.prepare("SELECT name FROM sqlite_master WHERE type = 'index' AND name = 'commands_delivery'").all()).toHaveLength(1);
    check.close();
  });

  it('opens read-only without creating anything when there is no journal yet', () => {
    const dataDir = join(tempDir(), 'empty');
    expect(Journal.open(dataDir, { readonly: true })).toBeNull();
    expect(existsSync(dataDir)).toBe(false);
  });

  it('creates the data directory when it does not exist yet', async () => {
    const dataDir = join(tempDir(), 'a', 'b');
    const referee = await startedReferee({ dataDir });
    await submitAll(referee, [OPENING[0]]);
    expect(existsSync(join(dataDir, JOURNAL_FILE))).toBe(true);
  });

  it('answers journal/failed and changes nothing when a write fails', async () => {
    const dataDir = tempDir();
    const referee = await startedReferee({ dataDir });
    await submitAll(referee, OPENING);
    const before = referee.publicView();
    // Another connection makes the commands table refuse inserts, as a full or failing disk would.
    const other = new Database(join(dataDir, JOURNAL_FILE));
    other.exec("CREATE TRIGGER no_more BEFORE INSERT ON commands BEGIN SELECT RAISE(ABORT, 'disk says no'); END");
    other.close();
    const r = await referee.submit({ type: 'play', seat: 0, to: 'palette', card: 'O5' });
    expect(r).toEqual({ ok: false, error: { code: 'journal/failed', message: expect.stringContaining('disk says no') } });
    expect(referee.publicView()).toEqual(before);
  });
});
