import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { bearerOf, Credentials, loadPin, sameSecret } from '../../../web/server/auth.ts';

const dir = () => mkdtempSync(join(tmpdir(), 'red7-auth-'));

describe('the referee PIN', () => {
  it('is six digits when generated, and read back from the file next time', () => {
    const d = dir();
    const first = loadPin(d);
    expect(first).toMatchObject({ created: true, source: 'new' });
    expect(first.pin).toMatch(/^\d{6}$/);
    expect(loadPin(d)).toEqual({ pin: first.pin, created: false, source: 'file' });
  });

  it('refuses a PIN file that holds no PIN, naming the file', () => {
    const d = dir();
    writeFileSync(join(d, 'referee-pin'), 'not a pin!\n');
    expect(() => loadPin(d)).toThrow(/referee-pin/);
  });

  it('refuses an override that is too short to be a PIN', () => {
    expect(() => loadPin(dir(), '12')).toThrow(/RED7_PIN/);
  });
});

describe('Credentials', () => {
  it('knows the PIN as the referee and nothing else', () => {
    const c = new Credentials('4321', dir());
    expect(c.check('4321')).toEqual({ ok: true, role: { kind: 'referee' } });
    expect(c.check('1234')).toEqual({ ok: false });
  });

  it('exchanges a pairing code for a seat token once, in any letter case', () => {
    const c = new Credentials('4321', dir());
    const { code } = c.issueCode(3);
    expect(code).toMatch(/^[A-HJ-NP-Z2-9]{6}$/);
    const paired = c.redeem(code.toLowerCase());
    expect(paired?.seat).toBe(3);
    expect(c.check(paired!.token)).toEqual({ ok: true, role: { kind: 'seat', seat: 3 } });
    expect(c.redeem(code)).toBeNull();
  });

  it('lets a pairing code expire after ten minutes', () => {
    let now = 1_000_000;
    const c = new Credentials('4321', dir(), () => now);
    const { code } = c.issueCode(0);
    now += 10 * 60_000;
    expect(c.redeem(code)).toBeNull();
  });

  it('reports a damaged token file instead of trusting it', () => {
    const d = dir();
    writeFileSync(join(d, 'seat-tokens.json'), '{"oops"');
    expect(new Credentials('4321', d).load()).toMatch(/seat-tokens\.json/);
  });
});

describe('bearerOf', () => {
  it('reads a bearer credential, nothing for no header, and null for another scheme', () => {
    expect(bearerOf('Bearer abc123')).toBe('abc123');
    expect(bearerOf('bearer  abc123 ')).toBe('abc123');
    expect(bearerOf(undefined)).toBe('');
    expect(bearerOf('Basic abc')).toBeNull();
  });

  it('compares secrets of different lengths without throwing', () => {
    expect(sameSecret('a', 'abc')).toBe(false);
    expect(sameSecret('abc', 'abc')).toBe(true);
  });
});
