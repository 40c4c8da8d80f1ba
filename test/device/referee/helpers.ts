// Shared set-up for the referee tests: throwaway data directories and a started referee.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Referee, type RefereeOptions } from '../../../device/referee/referee.ts';
import type { SubmitResult } from '../../../device/referee/types.ts';

const made: string[] = [];

/** A new empty directory, removed by cleanupDirs(). */
export function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'red7-referee-'));
  made.push(dir);
  return dir;
}

/** Removes every directory tempDir() made. */
export function cleanupDirs(): void {
  for (const d of made.splice(0)) rmSync(d, { recursive: true, force: true });
}

/** A started referee on a fresh directory (or the data folder or storage given). */
export async function startedReferee(options: Partial<RefereeOptions> = {}): Promise<Referee> {
  const referee = new Referee({ ...(options.storage === undefined ? { dataDir: options.dataDir ?? tempDir() } : {}), ...options });
  await referee.start();
  return referee;
}

/** Submits each command and insists it is accepted. */
export async function submitAll(referee: Referee, commands: readonly unknown[]): Promise<Array<SubmitResult & { ok: true }>> {
  const out: Array<SubmitResult & { ok: true }> = [];
  for (const c of commands) {
    const r = await referee.submit(c);
    if (!r.ok) throw new Error(`expected ${JSON.stringify(c)} to be accepted: ${r.error.code} ${r.error.message}`);
    out.push(r);
  }
  return out;
}

/** A three-player opening: a new game and the starting cards (Ann R3, Ben B4, Cy G6); Ann moves first. */
export const OPENING = [
  { type: 'newGame', players: ['Ann', 'Ben', 'Cy'], advanced: false, actions: false },
  { type: 'deal', seat: 0, card: 'R3' },
  { type: 'deal', seat: 1, card: 'B4' },
  { type: 'deal', seat: 2, card: 'G6' },
] as const;
