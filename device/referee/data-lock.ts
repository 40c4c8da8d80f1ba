// One companion per data folder. The lock is an SQLite write lock (an fcntl lock the kernel
// drops when its process dies, so a power cut or SIGKILL never leaves a stale lock) held on
// red7.lock for as long as the journal is open; red7.lock.pid names the holder for the message.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { writeFileAtomic } from './atomic-write.ts';

export const LOCK_FILE = 'red7.lock';
const OWNER_FILE = 'red7.lock.pid';

/** The data folder is in use by another companion. */
export class DataFolderBusy extends Error {
  override name = 'DataFolderBusy';
}

/** A held lock on a data folder. */
export interface DataLock {
  release(): void;
}

/** Takes the folder's lock, or throws DataFolderBusy naming the folder and the companion holding it. */
export function lockDataFolder(dataDir: string): DataLock {
  const db = new Database(join(dataDir, LOCK_FILE), { timeout: 0 });
  try {
    db.pragma('journal_mode = DELETE');
    db.exec('BEGIN IMMEDIATE');
  } catch (e) {
    db.close();
    if ((e as { code?: string }).code !== 'SQLITE_BUSY') throw e;
    throw new DataFolderBusy(`the data folder ${dataDir} is in use by another companion (${holder(dataDir)}): stop it first, or give this one another folder (RED7_DATA)`);
  }
  try {
    writeFileAtomic(join(dataDir, OWNER_FILE), `${JSON.stringify({ pid: process.pid, since: new Date().toISOString() })}\n`, 0o644);
  } catch {
    // The owner file only words the message; the lock holds without it.
  }
  return {
    release() {
      if (!db.open) return;
      if (db.inTransaction) db.exec('ROLLBACK');
      db.close();
    },
  };
}

function holder(dataDir: string): string {
  const file = join(dataDir, OWNER_FILE);
  try {
    if (!existsSync(file)) return 'pid unknown';
    const owner = JSON.parse(readFileSync(file, 'utf8')) as { pid?: unknown; since?: unknown };
    return `pid ${String(owner.pid)}, running since ${String(owner.since)}`;
  } catch {
    return 'pid unknown';
  }
}
