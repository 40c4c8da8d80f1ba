// State files (the PIN, the seat tokens, the lock's owner) are replaced whole or not at all:
// written to a temporary file beside the real one, synced, then renamed over it, so a full
// disk or a power cut leaves either the old file or the new one, never half of one.
import { closeSync, fsyncSync, openSync, renameSync, rmSync, writeSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';

/** The temporary file a write of `file` goes through (one per process: writes are synchronous). */
export function temporaryOf(file: string): string {
  return join(dirname(file), `.${basename(file)}.${process.pid}.tmp`);
}

/** Replaces `file` with `data` atomically, readable by its owner only; throws (old file intact) when it cannot. */
export function writeFileAtomic(file: string, data: string, mode = 0o600): void {
  const tmp = temporaryOf(file);
  let fd: number | null = null;
  let created = false;
  try {
    fd = openSync(tmp, 'w', mode);
    created = true;
    const bytes = Buffer.from(data);
    for (let at = 0; at < bytes.length;) at += writeSync(fd, bytes, at);
    fsyncSync(fd);
    closeSync(fd);
    fd = null;
    renameSync(tmp, file);
  } catch (e) {
    if (fd !== null) closeSync(fd);
    if (created) rmSync(tmp, { force: true });
    throw e;
  }
  syncFolder(dirname(file));
}

/** Makes a rename in the folder durable; a folder that cannot be opened for syncing is left as is. */
function syncFolder(dir: string): void {
  let fd: number | null = null;
  try {
    fd = openSync(dir, 'r');
    fsyncSync(fd);
  } catch {
    // Some file systems refuse fsync on a folder; the rename itself is still atomic.
  } finally {
    if (fd !== null) closeSync(fd);
  }
}
