// Guessing the PIN from many addresses: 600 wrong PINs from 200 loopback addresses (three each,
// under the per-address lockout) are mostly not even checked, while the referee's tablet, signed
// in before, keeps working over HTTP and over its socket. The server sees each 127.0.x.y apart.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createWebServer } from '../../../web/server/server.ts';
import { loadConfig } from '../../../device/config.ts';
import { loadPin } from '../../../web/server/auth.ts';
import { OPENING, PIN, TestSocket } from '../helpers.ts';
import { call, startRealServer, type RealServer } from './real-server.ts';
import { Referee } from '../../../device/referee/referee.ts';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pino } from 'pino';

let server: RealServer;
beforeAll(async () => {
  server = await startRealServer();
  await server.referee.submit(OPENING[0]);
});
afterAll(async () => { await server.stop(); });

describe('wrong PINs from many addresses', () => {
  it('checks at most 120 of 600 from 200 addresses; the signed-in tablet keeps working throughout', async () => {
    expect((await call(server.url, 'GET', '/api/whoami', { credential: PIN })).body.role).toBe('referee');
    const tablet = await TestSocket.open(server.wsUrl, { Authorization: `Bearer ${PIN}` });
    await tablet.waitFor('snapshot');
    const seen = await call(server.url, 'GET', '/api/whoami', { credential: '999999', localAddress: '127.0.2.1' });
    expect(seen.status).toBe(401);
    let checked = 1;
    let refused = 0;
    let tabletCommands = 0;
    for (let round = 0; round < 3; round++) {
      for (let batch = 0; batch < 200; batch += 20) {
        const answers = await Promise.all(Array.from({ length: 20 }, (_, k) => {
          if (round === 0 && batch + k === 0) return null;
          return call(server.url, 'GET', '/api/whoami', { credential: String(100000 + round * 1000 + batch + k), localAddress: `127.0.2.${batch + k + 1}` });
        }));
        for (const a of answers) {
          if (a === null) continue;
          if (a.status === 401) checked++;
          else if (a.status === 429 && a.body.error.code === 'auth/locked') refused++;
          else throw new Error(`unexpected answer ${a.status} ${JSON.stringify(a.body)}`);
        }
        // The referee's tablet, between the guesses: its HTTP calls and its socket's commands go through.
        expect((await call(server.url, 'GET', '/api/state', { credential: PIN })).status).toBe(200);
        const id = `t${round}-${batch}`;
        // A starting card, then its undo: each one journaled and answered.
        const command = tabletCommands % 2 === 0 ? { type: 'deal', seat: 0, card: 'O3' } : { type: 'undo' };
        tablet.send({ type: 'command', id, command });
        expect((await tablet.waitFor('result', (m) => m.id === id)).result).toMatchObject({ ok: true });
        tabletCommands++;
      }
    }
    expect(checked + refused).toBe(600);
    expect(checked).toBeLessThanOrEqual(120);
    expect(tabletCommands).toBe(30);
    // A device from an address that never signed in must wait too: the limit holds for the right PIN as well.
    expect((await call(server.url, 'GET', '/api/whoami', { credential: PIN, localAddress: '127.0.3.1' })).status).toBe(429);
    tablet.close();
  });
});

describe('the PIN’s length', () => {
  it('refuses a PIN shorter than 6 digits at start, saying why', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'red7-pin-'));
    const referee = new Referee({ dataDir });
    const web = createWebServer({ referee, port: 0, host: '127.0.0.1', dataDir, pin: '4321', logger: pino({ level: 'silent' }) });
    await expect(web.start()).rejects.toThrow(/RED7_PIN is refused: a PIN of 4 characters is too easy to guess: use at least 6 digits/);
    expect(() => loadConfig({ RED7_PIN: '4321' }, dataDir)).toThrow(/RED7_PIN = "4321": a PIN of 4 characters is too easy to guess/);
    expect(() => loadConfig({ RED7_PIN: '123456' }, dataDir)).not.toThrow();
  });

  it('generates a PIN of 6 digits when none is set', () => {
    for (let i = 0; i < 20; i++) expect(loadPin(mkdtempSync(join(tmpdir(), 'red7-pin-'))).pin).toMatch(/^\d{6}$/);
  });
});
