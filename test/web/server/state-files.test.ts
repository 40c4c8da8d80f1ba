// State files are replaced whole or not at all: when the write of seat-tokens.json fails, the
// old file stays as it was, the pairing is refused with a clear answer, and after a restart the
// phones paired before are still seated. The PIN file is written the same way, owner-only.
import { mkdirSync, readFileSync, readdirSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { temporaryOf } from '../../../device/referee/atomic-write.ts';
import { PIN } from '../helpers.ts';
import { call, startRealServer, type RealServer } from './real-server.ts';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';

const running: RealServer[] = [];
afterEach(async () => { for (const s of running.splice(0)) await s.stop(); });

async function start(dataDir: string, pin: { pin?: string } = { pin: PIN }): Promise<RealServer> {
  const s = await startRealServer({ dataDir, ...pin });
  running.push(s);
  return s;
}

async function pair(server: RealServer, seat: number): Promise<{ status: number; body: any }> {
  const code = await call(server.url, 'POST', '/api/pairings', { credential: PIN, body: { seat } });
  return call(server.url, 'POST', '/api/pair', { body: { code: code.body.code } });
}

describe('state files', () => {
  it('keep the old seat-tokens.json when a write fails, and the phones paired before stay paired after a restart', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'red7-state-'));
    const server = await start(dataDir);
    const first = await pair(server, 1);
    const file = join(dataDir, 'seat-tokens.json');
    const before = readFileSync(file, 'utf8');
    // The next write cannot make its temporary file (as when the disk is full).
    mkdirSync(temporaryOf(file));
    const second = await pair(server, 2);
    expect(second.status).toBe(500);
    expect(second.body.error).toMatchObject({ code: 'storage/failed', message: expect.stringMatching(/pairing could not be saved/) });
    const unpair = await call(server.url, 'DELETE', '/api/pairings/1', { credential: PIN });
    expect(unpair.status).toBe(500);
    expect(unpair.body.error.message).toMatch(/unpaired now, but the change could not be saved/);
    expect(readFileSync(file, 'utf8')).toBe(before);
    expect(JSON.parse(before)).toEqual([{ token: first.body.token, seat: 1 }]);
    await server.stop();
    running.splice(0);
    rmSync(temporaryOf(file), { recursive: true });
    const again = await start(dataDir);
    expect((await call(again.url, 'GET', '/api/whoami', { credential: first.body.token })).body).toEqual({ role: 'seat', seat: 1 });
    expect(readdirSync(dataDir).filter((f) => f.endsWith('.tmp'))).toEqual([]);
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('write the generated PIN and the seat tokens readable by their owner only', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'red7-state-'));
    const server = await start(dataDir, { pin: undefined });
    const pin = readFileSync(join(dataDir, 'referee-pin'), 'utf8').trim();
    expect(pin).toMatch(/^\d{6}$/);
    const code = await call(server.url, 'POST', '/api/pairings', { credential: pin, body: { seat: 0 } });
    await call(server.url, 'POST', '/api/pair', { body: { code: code.body.code } });
    for (const f of ['referee-pin', 'seat-tokens.json']) expect(statSync(join(dataDir, f)).mode & 0o777).toBe(0o600);
    rmSync(dataDir, { recursive: true, force: true });
  });
});
