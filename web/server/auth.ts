// Credentials: the referee's PIN and the seat tokens that pairing codes are exchanged for.
// The PIN is generated at first start and kept in the data dir (so it survives restarts and
// can be read off the Pi); RED7_PIN (passed in as `pin`) overrides it. Seat tokens are kept in
// the data dir too, so a paired phone stays paired when the Pi restarts mid-game.
import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import { writeFileAtomic } from '../../device/referee/atomic-write.ts';
import type { PairingCode, Role } from '../protocol.ts';

const PIN_FILE = 'referee-pin';
const TOKENS_FILE = 'seat-tokens.json';
const PAIRING_TTL_MS = 10 * 60_000;
// No 0/O or 1/I: the code is read off a tablet and typed on a phone.
const CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

const TokensFileSchema = z.array(z.object({ token: z.string().min(16).max(128), seat: z.number().int().min(0).max(3) }));

/** What a credential turned out to be. */
export type CredentialCheck = { ok: true; role: Role } | { ok: false };

function digest(text: string): Buffer {
  return createHash('sha256').update(text).digest();
}

/** True when two secrets are equal, in time that does not depend on where they differ. */
export function sameSecret(a: string, b: string): boolean {
  return timingSafeEqual(digest(a), digest(b));
}

/** The shortest PIN accepted: with the guessing limits, a million tries are out of reach. */
export const MIN_PIN_LENGTH = 6;
/** What a PIN may be: 6 to 32 digits or letters. */
export const PIN_PATTERN = /^[0-9A-Za-z]{6,32}$/;

/** Why a PIN is refused, or null when it will do. */
export function pinProblem(pin: string): string | null {
  if (PIN_PATTERN.test(pin)) return null;
  if (/^[0-9A-Za-z]*$/.test(pin) && pin.length < MIN_PIN_LENGTH) {
    return `a PIN of ${pin.length} characters is too easy to guess: use at least ${MIN_PIN_LENGTH} digits (up to 32 digits or letters)`;
  }
  return 'a PIN is 6 to 32 digits or letters (no spaces or other characters)';
}

/** Reads the PIN from the data dir, or makes and stores a new one; `override` wins. */
export function loadPin(dataDir: string, override?: string): { pin: string; created: boolean; source: 'env' | 'file' | 'new' } {
  if (override !== undefined && override !== '') {
    const problem = pinProblem(override);
    if (problem !== null) throw new Error(`RED7_PIN is refused: ${problem}`);
    return { pin: override, created: false, source: 'env' };
  }
  const file = join(dataDir, PIN_FILE);
  if (existsSync(file)) {
    const pin = readFileSync(file, 'utf8').trim();
    const problem = pinProblem(pin);
    if (problem !== null) throw new Error(`${file} does not hold a usable PIN (${problem}): fix it, or delete it for a new one`);
    return { pin, created: false, source: 'file' };
  }
  mkdirSync(dataDir, { recursive: true });
  const pin = String(randomInt(0, 1_000_000)).padStart(MIN_PIN_LENGTH, '0');
  writeFileAtomic(file, `${pin}\n`);
  return { pin, created: true, source: 'new' };
}

/** Who sent a command, for telling retries from new commands: the referee per address, a phone per token. */
export function senderOf(role: Role, credential: string, address: string): string {
  if (role.kind === 'seat') return `web:seat${role.seat}:${digest(credential).toString('hex').slice(0, 16)}`;
  return `web:${role.kind}@${address}`;
}

/** A state file could not be written: what was asked for is not kept. */
export class StateFileError extends Error {
  override name = 'StateFileError';
}

/** The PIN, the seat tokens and the pending pairing codes of one server. */
export class Credentials {
  private readonly tokens = new Map<string, number>();
  private readonly codes = new Map<string, { seat: number; expires: number }>();
  private readonly revoked = new Set<(seat: number) => void>();

  constructor(
    private readonly pin: string,
    private readonly dataDir: string,
    private readonly now: () => number = Date.now,
  ) {}

  /** Loads the seat tokens kept in the data dir; a damaged file is reported, not trusted. */
  load(): string | null {
    const file = join(this.dataDir, TOKENS_FILE);
    if (!existsSync(file)) return null;
    try {
      const parsed = TokensFileSchema.parse(JSON.parse(readFileSync(file, 'utf8')));
      for (const t of parsed) this.tokens.set(t.token, t.seat);
      return null;
    } catch (err) {
      return `${file} is not a list of seat tokens (${err instanceof Error ? err.message : String(err)}): seats must pair again`;
    }
  }

  /** Who a bearer credential belongs to. */
  check(credential: string): CredentialCheck {
    if (sameSecret(credential, this.pin)) return { ok: true, role: { kind: 'referee' } };
    const seat = this.tokens.get(credential);
    return seat === undefined ? { ok: false } : { ok: true, role: { kind: 'seat', seat } };
  }

  /** A fresh one-time code that pairs a phone to a seat. */
  issueCode(seat: number): PairingCode {
    this.sweep();
    let code = '';
    do {
      code = Array.from({ length: 6 }, () => CODE_ALPHABET[randomInt(CODE_ALPHABET.length)]).join('');
    } while (this.codes.has(code));
    const expires = this.now() + PAIRING_TTL_MS;
    this.codes.set(code, { seat, expires });
    return { seat, code, expiresAt: new Date(expires).toISOString() };
  }

  /** Exchanges a pairing code for a seat token, once; null for an unknown or expired code; StateFileError when it cannot be kept. */
  redeem(code: string): { token: string; seat: number } | null {
    this.sweep();
    const key = code.trim().toUpperCase();
    const entry = this.codes.get(key);
    if (entry === undefined) return null;
    const token = randomBytes(24).toString('base64url');
    this.tokens.set(token, entry.seat);
    try {
      this.save();
    } catch (e) {
      // A token that would not survive a restart is not handed out; the code stays usable.
      this.tokens.delete(token);
      throw new StateFileError(`the pairing could not be saved (${e instanceof Error ? e.message : String(e)}): try again once the data folder is writable`);
    }
    this.codes.delete(key);
    return { token, seat: entry.seat };
  }

  /** Hears every unpairing at once (the socket hub demotes the seat's open connections). */
  onRevoke(listener: (seat: number) => void): () => void {
    this.revoked.add(listener);
    return () => this.revoked.delete(listener);
  }

  /**
   * Forgets every token of a seat (a phone lost, a player changed seats), at once; throws
   * StateFileError when the file keeping them could not be rewritten (they stay revoked until a restart).
   */
  unpair(seat: number): number {
    let n = 0;
    for (const [token, s] of this.tokens) {
      if (s === seat) {
        this.tokens.delete(token);
        n++;
      }
    }
    for (const listener of this.revoked) listener(seat);
    try {
      this.save();
    } catch (e) {
      throw new StateFileError(`seat ${seat + 1} is unpaired now, but the change could not be saved (${e instanceof Error ? e.message : String(e)}): after a restart its phone would be seated again; unpair it again once the data folder is writable`);
    }
    return n;
  }

  private sweep(): void {
    const now = this.now();
    for (const [code, entry] of this.codes) if (entry.expires <= now) this.codes.delete(code);
  }

  private save(): void {
    mkdirSync(this.dataDir, { recursive: true });
    writeFileAtomic(join(this.dataDir, TOKENS_FILE), JSON.stringify([...this.tokens].map(([token, seat]) => ({ token, seat }))));
  }
}

/** The bearer credential of an Authorization header, '' for none, null for a header of another scheme. */
export function bearerOf(header: string | undefined): string | null {
  if (header === undefined || header === '') return '';
  const m = /^Bearer\s+(\S{1,256})\s*$/i.exec(header);
  return m === null ? null : m[1]!;
}
