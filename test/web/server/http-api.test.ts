import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import request from 'supertest';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { FakeReferee } from '../fakes/fake-referee.ts';
import { bearer, BEN_PALETTE, ILLEGAL_FOR_BEN, OPENING, PIN, startServer, type Running } from '../helpers.ts';

let referee: FakeReferee;
let server: Running;

async function playOpening(): Promise<void> {
  for (const c of OPENING) {
    const r = await request(server.url).post('/api/commands').set(bearer(PIN)).send(c as object);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
  }
}

async function pairSeat(seat: number): Promise<string> {
  const code = await request(server.url).post('/api/pairings').set(bearer(PIN)).send({ seat });
  expect(code.status).toBe(201);
  const paired = await request(server.url).post('/api/pair').send({ code: code.body.code });
  expect(paired.status).toBe(200);
  expect(paired.body.seat).toBe(seat);
  return paired.body.token as string;
}

beforeEach(async () => {
  referee = new FakeReferee();
  server = await startServer(referee, { clientDir: '/nonexistent/red7-dist' });
});
afterEach(async () => {
  await server.stop();
});

describe('read-only routes', () => {
  it('answers /healthz with the game and sequence number', async () => {
    const r = await request(server.url).get('/healthz');
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ ok: true, game: null, seq: 0 });
  });

  it('gives a watcher the public view at /api/state', async () => {
    await playOpening();
    const r = await request(server.url).get('/api/state');
    expect(r.status).toBe(200);
    expect(r.body.players.map((p: { name: string }) => p.name)).toEqual(['Ann', 'Ben', 'Cy']);
    expect(r.body.seq).toBe(OPENING.length);
    expect(r.body).not.toHaveProperty('knownHand');
  });

  it('lists the games kept in the journal', async () => {
    await playOpening();
    const r = await request(server.url).get('/api/games');
    expect(r.status).toBe(200);
    expect(r.body).toEqual([expect.objectContaining({ id: 1, players: ['Ann', 'Ben', 'Cy'] })]);
  });

  it('answers an unknown API route with a typed 404', async () => {
    const r = await request(server.url).get('/api/nothing-here');
    expect(r.status).toBe(404);
    expect(r.body.error.code).toBe('not-found');
  });

  it('answers a clear 503 page naming the build command while the dashboard is not built', async () => {
    const r = await request(server.url).get('/');
    expect(r.status).toBe(503);
    expect(r.text).toContain('npm run build:client');
    expect((await request(server.url).get('/some/page')).status).toBe(503);
  });

  it('never lets the API be cached, and sends no MIME sniffing', async () => {
    const r = await request(server.url).get('/api/state');
    expect(r.headers['cache-control']).toBe('no-store');
    expect(r.headers['x-content-type-options']).toBe('nosniff');
  });
});

describe('POST /api/commands', () => {
  it('applies a referee command and answers ok with its sequence number and the view', async () => {
    const r = await request(server.url).post('/api/commands').set(bearer(PIN)).send(OPENING[0] as object);
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ ok: true, seq: 1, view: { phase: 'setup', round: 1 } });
  });

  it('refuses a watcher with 401 and says how to authenticate', async () => {
    const r = await request(server.url).post('/api/commands').send(OPENING[0] as object);
    expect(r.status).toBe(401);
    expect(r.headers['www-authenticate']).toContain('Bearer');
    expect(r.body.error.code).toBe('auth/required');
    expect(referee.received).toEqual([]);
  });

  it('refuses a wrong PIN with 401', async () => {
    const r = await request(server.url).post('/api/commands').set(bearer('999999')).send(OPENING[0] as object);
    expect(r.status).toBe(401);
    expect(r.body.error.code).toBe('auth/invalid');
  });

  it('refuses an Authorization header of another scheme', async () => {
    const r = await request(server.url).post('/api/commands').set('Authorization', `Basic ${PIN}`).send(OPENING[0] as object);
    expect(r.status).toBe(401);
  });

  it('answers 422 with the rules\' reason for an illegal play, and the state is unchanged', async () => {
    await playOpening();
    expect((await request(server.url).post('/api/commands').set(bearer(PIN)).send(BEN_PALETTE)).status).toBe(200);
    const before = (await request(server.url).get('/api/state')).body;
    const r = await request(server.url).post('/api/commands').set(bearer(PIN)).send(ILLEGAL_FOR_BEN);
    expect(r.status).toBe(422);
    expect(r.body).toEqual({ ok: false, error: { code: 'canvas/not-winning', message: expect.any(String) } });
    const after = (await request(server.url).get('/api/state')).body;
    expect(after.players).toEqual(before.players);
    expect(after.canvas).toEqual(before.canvas);
  });

  it('answers 400 for a body that is not JSON', async () => {
    const r = await request(server.url).post('/api/commands').set(bearer(PIN)).set('Content-Type', 'application/json').send('{"type":');
    expect(r.status).toBe(400);
    expect(r.body.error.code).toBe('message/malformed');
  });

  it('answers 400 for a command of an unknown type, a bad card or an unknown field', async () => {
    for (const body of [{ type: 'cheat' }, { type: 'deal', seat: 0, card: 'X9' }, { type: 'deal', seat: 0, card: 'R3', crad: 'R3' }, [1, 2], { type: 'deal', seat: 7, card: 'R3' }]) {
      const r = await request(server.url).post('/api/commands').set(bearer(PIN)).send(body);
      expect(r.status, JSON.stringify(body)).toBe(400);
      expect(r.body.error.code).toBe('command/malformed');
    }
    expect(referee.received).toEqual([]);
  });

  it('answers 400 for a missing body', async () => {
    const r = await request(server.url).post('/api/commands').set(bearer(PIN));
    expect(r.status).toBe(400);
  });

  it('refuses a body over 64 KB with 413', async () => {
    const r = await request(server.url).post('/api/commands').set(bearer(PIN))
      .send({ type: 'newGame', players: ['a'.repeat(70 * 1024)] });
    expect(r.status).toBe(413);
    expect(r.body.error.code).toBe('message/too-large');
  });

  it('sets the source itself so a web client cannot pose as the panel', async () => {
    await request(server.url).post('/api/commands').set(bearer(PIN)).send({ ...(OPENING[0] as object), source: 'panel', id: 'x1' });
    expect(referee.received[0]).toMatchObject({ source: 'web:referee@127.0.0.1', id: 'x1' });
  });
});

describe('seats, pairing and role boundaries', () => {
  it('pairs a phone to a seat with a one-time code, and gives it that seat\'s private view', async () => {
    await playOpening();
    const code = await request(server.url).post('/api/pairings').set(bearer(PIN)).send({ seat: 1 });
    const paired = await request(server.url).post('/api/pair').send({ code: code.body.code });
    expect(paired.status).toBe(200);
    const again = await request(server.url).post('/api/pair').send({ code: code.body.code });
    expect(again.status).toBe(404);
    expect(again.body.error.code).toBe('pair/invalid');
    const state = await request(server.url).get('/api/state').set(bearer(paired.body.token));
    expect(state.body).toMatchObject({ seat: 1, knownHand: [] });
    const who = await request(server.url).get('/api/whoami').set(bearer(paired.body.token));
    expect(who.body).toEqual({ role: 'seat', seat: 1 });
  });

  it('lets a paired seat play for itself but not for another seat', async () => {
    await playOpening();
    const ben = await pairSeat(1);
    const other = await request(server.url).post('/api/commands').set(bearer(ben)).send({ type: 'play', seat: 2, to: 'palette', card: 'V1' });
    expect(other.status).toBe(403);
    expect(other.body.error.code).toBe('auth/forbidden');
    const own = await request(server.url).post('/api/commands').set(bearer(ben)).send({ type: 'play', seat: 1, to: 'palette', card: 'V1' });
    expect(own.status).toBe(200);
  });

  it('refuses newGame, undo, correct and nextRound from a paired seat', async () => {
    await playOpening();
    const ben = await pairSeat(1);
    for (const body of [OPENING[0], { type: 'undo' }, { type: 'correct', seq: 2, card: 'R1' }, { type: 'nextRound' }]) {
      const r = await request(server.url).post('/api/commands').set(bearer(ben)).send(body as object);
      expect(r.status, JSON.stringify(body)).toBe(403);
    }
  });

  it('keeps pairing codes for the referee: a watcher gets 401 and a seat 403', async () => {
    expect((await request(server.url).post('/api/pairings').send({ seat: 0 })).status).toBe(401);
    await playOpening();
    const ben = await pairSeat(1);
    expect((await request(server.url).post('/api/pairings').set(bearer(ben)).send({ seat: 0 })).status).toBe(403);
    expect((await request(server.url).post('/api/pairings').set(bearer(PIN)).send({ seat: 9 })).status).toBe(400);
  });

  it('unpairs every phone of a seat', async () => {
    await playOpening();
    const ben = await pairSeat(1);
    const r = await request(server.url).delete('/api/pairings/1').set(bearer(PIN));
    expect(r.body).toEqual({ seat: 1, unpaired: 1 });
    expect((await request(server.url).get('/api/state').set(bearer(ben))).status).toBe(401);
  });

  it('locks an address out after ten wrong credentials', async () => {
    for (let i = 0; i < 10; i++) await request(server.url).get('/api/state').set(bearer(`wrong${i}`));
    const r = await request(server.url).get('/api/state').set(bearer(PIN));
    expect(r.status).toBe(429);
    expect(r.body.error.code).toBe('auth/locked');
    // Watching needs no credential and goes on working.
    expect((await request(server.url).get('/api/state')).status).toBe(200);
  });
});

describe('game export', () => {
  it('exports a game as JSON and as a transcript for the referee only', async () => {
    await playOpening();
    expect((await request(server.url).get('/api/games/1/export')).status).toBe(401);
    const json = await request(server.url).get('/api/games/1/export').set(bearer(PIN));
    expect(json.status).toBe(200);
    expect(json.body.commands).toHaveLength(OPENING.length);
    const text = await request(server.url).get('/api/games/1/export?format=text&lang=en').set(bearer(PIN));
    expect(text.status).toBe(200);
    expect(text.headers['content-type']).toContain('text/plain');
  });

  it('answers 400 for a bad game id or language and 404 for an unknown game', async () => {
    expect((await request(server.url).get('/api/games/abc/export').set(bearer(PIN))).status).toBe(400);
    expect((await request(server.url).get('/api/games/1/export?format=text&lang=xx').set(bearer(PIN))).status).toBe(400);
    expect((await request(server.url).get('/api/games/1/export?format=pdf').set(bearer(PIN))).status).toBe(400);
    expect((await request(server.url).get('/api/games/42/export').set(bearer(PIN))).status).toBe(404);
  });
});

describe('the referee PIN', () => {
  it('is generated at first start, kept in the data dir and the same after a restart', async () => {
    const { FakeReferee: F } = await import('../fakes/fake-referee.ts');
    const s1 = await startServer(new F(), { pin: undefined });
    const file = join(s1.dataDir, 'referee-pin');
    expect(existsSync(file)).toBe(true);
    const pin = readFileSync(file, 'utf8').trim();
    expect(pin).toMatch(/^\d{6}$/);
    await s1.stop();
  });

  it('survives a restart with the same data dir, and RED7_PIN overrides it', async () => {
    const { mkdtempSync } = await import('node:fs');
    const { tmpdir } = await import('node:os');
    const dataDir = mkdtempSync(join(tmpdir(), 'red7-pin-'));
    const a = await startServer(new FakeReferee(), { pin: undefined, dataDir });
    const pin = readFileSync(join(dataDir, 'referee-pin'), 'utf8').trim();
    await a.stop();
    const b = await startServer(new FakeReferee(), { pin: undefined, dataDir });
    expect((await request(b.url).get('/api/whoami').set(bearer(pin))).body.role).toBe('referee');
    await b.stop();
    const c = await startServer(new FakeReferee(), { pin: 'override1', dataDir });
    expect((await request(c.url).get('/api/whoami').set(bearer(pin))).status).toBe(401);
    expect((await request(c.url).get('/api/whoami').set(bearer('override1'))).body.role).toBe('referee');
    await c.stop();
  });

  it('keeps a paired seat paired across a restart', async () => {
    await playOpening();
    const ben = await pairSeat(1);
    const dataDir = server.dataDir;
    const again = await startServer(referee, { dataDir });
    expect((await request(again.url).get('/api/whoami').set(bearer(ben))).body).toEqual({ role: 'seat', seat: 1 });
    await again.stop();
  });
});

describe('starting and stopping', () => {
  it('refuses to start on a port in use, saying so', async () => {
    const { createWebServer } = await import('../../../web/server/server.ts');
    const { pino } = await import('pino');
    const second = createWebServer({ referee, port: server.port, host: '127.0.0.1', dataDir: server.dataDir, pin: PIN, logger: pino({ level: 'silent' }) });
    await expect(second.start()).rejects.toThrow(/port is in use/);
    await second.stop();
    expect((await request(server.url).get('/healthz')).status).toBe(200);
  });

  it('stops twice without complaint, and a constructor alone opens nothing', async () => {
    const { createWebServer } = await import('../../../web/server/server.ts');
    const idle = createWebServer({ referee, port: 0, dataDir: '/nonexistent/never-created', pin: PIN });
    await idle.stop();
    await server.stop();
    await server.stop();
    server = await startServer(referee);
  });
});

describe('flood control', () => {
  it('answers 429 to an address that floods the API, and a monitor still gets /healthz', async () => {
    const tight = await startServer(new FakeReferee(), { clientDir: '/nonexistent', limits: { http: { perSecond: 1, burst: 10 } } });
    try {
      const statuses = await Promise.all(Array.from({ length: 25 }, () => request(tight.url).get('/api/state').then((r) => r.status)));
      expect(statuses.filter((x) => x === 200).length).toBeGreaterThanOrEqual(10);
      expect(statuses.filter((x) => x === 429).length).toBeGreaterThanOrEqual(10);
      const limited = await request(tight.url).get('/api/state');
      expect(limited.body.error.code).toBe('rate/limited');
      expect((await request(tight.url).get('/healthz')).status).toBe(200);
    } finally {
      await tight.stop();
    }
  });

  it('lets a table\'s normal pace through with the default limits', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 40; i++) statuses.push((await request(server.url).get('/api/state')).status);
    expect(statuses.every((x) => x === 200)).toBe(true);
  });
});
