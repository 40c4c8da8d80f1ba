// Credentials: the referee's PIN and the seat tokens that pairing codes are exchanged for.
// The PIN is generated at first start and kept in the data dir (so it survives restarts and
// can be read off the Pi); RED7_PIN (passed in as `pin`) overrides it. Seat tokens are kept in
// the data dir too, so a paired phone stays paired when the Pi restarts mid-game.
import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
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

/** Reads the PIN from the data dir, or makes and stores a new one; `override` wins. */
export function loadPin(dataDir: string, override?: string): { pin: string; created: boolean; source: 'env' | 'file' | 'new' } {
  if (override !== undefined && override !== '') {
    if (!/^[0-9A-Za-z]{4,32}$/.test(override)) throw new Error('RED7_PIN must be 4 to 32 letters or digits');
    return { pin: override, created: false, source: 'env' };
  }
  const file = join(dataDir, PIN_FILE);
  if (existsSync(file)) {
    const pin = readFileSync(file, 'utf8').trim();
    if (!/^[0-9A-Za-z]{4,32}$/.test(pin)) throw new Error(`${file} does not hold a PIN (4 to 32 letters or digits): fix or delete it`);
    return { pin, created: false, source: 'file' };
  }
  mkdirSync(dataDir, { recursive: true });
  const pin = String(randomInt(0, 1_000_000)).padStart(6, '0');
  writeFileSync(file, `${pin}\n`, { mode: 0o600 });
  return { pin, created: true, source: 'new' };
}

/** The PIN, the seat tokens and the pending pairing codes of one server. */
export class Credentials {
  private readonly tokens = new Map<string, number>();
  private readonly codes = new Map<string, { seat: number; expires: number }>();

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

  /** Exchanges a pairing code for a seat token, once; null for an unknown or expired code. */
  redeem(code: string): { token: string; seat: number } | null {
    this.sweep();
    const entry = this.codes.get(code.trim().toUpperCase());
    if (entry === undefined) return null;
    this.codes.delete(code.trim().toUpperCase());
    const token = randomBytes(24).toString('base64url');
    this.tokens.set(token, entry.seat);
    this.save();
    return { token, seat: entry.seat };
  }

  /** Forgets every token of a seat (a phone lost, a player changed seats). */
  unpair(seat: number): number {
    let n = 0;
    for (const [token, s] of this.tokens) {
      if (s === seat) {
        this.tokens.delete(token);
        n++;
      }
    }
    this.save();
    return n;
  }

  private sweep(): void {
    const now = this.now();
    for (const [code, entry] of this.codes) if (entry.expires <= now) this.codes.delete(code);
  }

  private save(): void {
    mkdirSync(this.dataDir, { recursive: true });
    const file = join(this.dataDir, TOKENS_FILE);
    writeFileSync(file, JSON.stringify([...this.tokens].map(([token, seat]) => ({ token, seat }))), { mode: 0o600 });
    chmodSync(file, 0o600);
  }
}

/** The bearer credential of an Authorization header, '' for none, null for a header of another scheme. */
export function bearerOf(header: string | undefined): string | null {
  if (header === undefined || header === '') return '';
  const m = /^Bearer\s+(\S{1,256})\s*$/i.exec(header);
  return m === null ? null : m[1]!;
}
