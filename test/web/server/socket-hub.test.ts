import request from 'supertest';
import WebSocket from 'ws';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MAX_MESSAGE_BYTES } from '../../../web/protocol.ts';
import { FakeReferee } from '../fakes/fake-referee.ts';
import { bearer, OPENING, PIN, startServer, TestSocket, type Running } from '../helpers.ts';

let referee: FakeReferee;
let server: Running;
const open: TestSocket[] = [];

async function connect(query = '', headers: Record<string, string> = {}): Promise<TestSocket> {
  const s = await TestSocket.open(`${server.wsUrl}${query}`, headers);
  open.push(s);
  return s;
}

async function post(command: unknown): Promise<request.Response> {
  return request(server.url).post('/api/commands').set(bearer(PIN)).send(command as object);
}

beforeEach(async () => {
  referee = new FakeReferee();
  server = await startServer(referee, { clientDir: '/nonexistent/red7-dist' });
});
afterEach(async () => {
  for (const s of open.splice(0)) s.close();
  await server.stop();
});

describe('on connect', () => {
  it('says hello with the watcher role, then sends a snapshot with its sequence number', async () => {
    await post(OPENING[0]);
    const s = await connect();
    const snap = await s.waitFor('snapshot');
    expect(s.messages[0]).toEqual({ type: 'hello', protocol: 1, role: 'watcher', seat: null });
    expect(snap).toMatchObject({ game: 1, seq: 1, view: { phase: 'setup' } });
  });

  it('takes the referee PIN from the Authorization header of the upgrade', async () => {
    const s = await connect('', bearer(PIN));
    expect((await s.waitFor('hello')).role).toBe('referee');
  });

  it('refuses an upgrade with a wrong credential, and one to another path', async () => {
    await expect(TestSocket.open(server.wsUrl, bearer('nope'))).rejects.toThrow(/401/);
    await expect(TestSocket.open(server.wsUrl.replace('/ws', '/other'))).rejects.toThrow(/404/);
  });
});

describe('updates', () => {
  it('sends every update in order to every connected dashboard', async () => {
    const a = await connect();
    const b = await connect();
    for (const c of OPENING) await post(c);
    for (const s of [a, b]) {
      const last = await s.waitFor('update', (m) => m.seq === OPENING.length);
      expect(last.view.active).toBe(1);
      const seqs = s.messages.filter((m) => m.type === 'update').map((m) => (m as { seq: number }).seq);
      expect(seqs).toEqual(OPENING.map((_, i) => i + 1));
    }
  });

  it('sends a paired seat its private view in every update', async () => {
    await post(OPENING[0]);
    const code = (await request(server.url).post('/api/pairings').set(bearer(PIN)).send({ seat: 2 })).body.code;
    const token = (await request(server.url).post('/api/pair').send({ code })).body.token;
    const s = await connect();
    const watcher = await connect();
    s.send({ type: 'auth', credential: token });
    expect(await s.waitFor('auth')).toEqual({ type: 'auth', role: 'seat', seat: 2 });
    await s.waitFor('snapshot', (m) => 'knownHand' in m.view);
    await post(OPENING[1]);
    const u = await s.waitFor('update', (m) => m.seq === 2);
    expect(u.view).toMatchObject({ seat: 2, knownHand: [] });
    // The watcher beside it gets the public view only.
    const w = await watcher.waitFor('update', (m) => m.seq === 2);
    expect(w.view).not.toHaveProperty('knownHand');
    expect(w.view).not.toHaveProperty('seat');
  });
});

describe('commands over the socket', () => {
  it('goes down the same path as HTTP: the referee applies it and the answer names its id', async () => {
    const s = await connect('', bearer(PIN));
    s.send({ type: 'command', id: 'c1', command: OPENING[0] });
    const result = await s.waitFor('result');
    expect(result).toMatchObject({ id: 'c1', result: { ok: true, seq: 1 } });
    expect(referee.received).toEqual([{ ...(OPENING[0] as object), source: 'web:referee@127.0.0.1' }]);
    await s.waitFor('update', (m) => m.seq === 1);
  });

  it('answers a watcher\'s command with auth/required and applies nothing', async () => {
    const s = await connect();
    s.send({ type: 'command', id: 'w', command: OPENING[0] });
    expect((await s.waitFor('result')).result).toMatchObject({ ok: false, error: { code: 'auth/required' } });
    expect(referee.received).toEqual([]);
  });

  it('signs in with an auth message and refuses a wrong one', async () => {
    const s = await connect();
    s.send({ type: 'auth', credential: 'bad' });
    expect((await s.waitFor('error')).error.code).toBe('auth/invalid');
    s.send({ type: 'auth', credential: PIN });
    expect((await s.waitFor('auth')).role).toBe('referee');
    s.send({ type: 'command', id: 'r', command: OPENING[0] });
    expect((await s.waitFor('result')).result.ok).toBe(true);
  });

  it('answers a rule rejection with its code', async () => {
    const s = await connect('', bearer(PIN));
    s.send({ type: 'command', id: 'x', command: { type: 'deal', seat: 0, card: 'R3' } });
    expect((await s.waitFor('result')).result).toMatchObject({ ok: false, error: { code: 'game/none' } });
  });
});

describe('bad input', () => {
  it('answers text that is not JSON, an unknown message and a binary frame with errors, and stays open', async () => {
    const s = await connect();
    s.send('not json');
    s.send({ type: 'shout', loud: true });
    s.ws.send(Buffer.from([1, 2, 3]), { binary: true });
    s.send({ type: 'ping' });
    await s.waitFor('pong');
    const errors = s.messages.filter((m) => m.type === 'error');
    expect(errors.map((e) => (e as { error: { code: string } }).error.code)).toEqual(['message/malformed', 'message/malformed', 'message/malformed']);
  });

  it('closes a connection that sends a message over 64 KB, and the others go on receiving', async () => {
    const big = await connect();
    const other = await connect();
    await big.waitFor('snapshot');
    big.send({ type: 'command', id: 'big', command: { type: 'newGame', players: ['x'.repeat(MAX_MESSAGE_BYTES)] } });
    expect((await big.waitClosed()).code).toBe(1009);
    await post(OPENING[0]);
    expect((await other.waitFor('update', (m) => m.seq === 1)).seq).toBe(1);
  });

  it('refuses a flood with rate/limited, closes the flooder, and a quiet client is not slowed', async () => {
    const flood = await connect();
    const quiet = await connect();
    await flood.waitFor('snapshot');
    for (let i = 0; i < 400; i++) flood.send({ type: 'ping' });
    expect((await flood.waitFor('error')).error.code).toBe('rate/limited');
    expect((await flood.waitClosed()).code).toBe(1008);
    const t0 = Date.now();
    quiet.send({ type: 'ping' });
    await quiet.waitFor('pong');
    expect(Date.now() - t0).toBeLessThan(2000);
    // The burst (40) and what trickled in while the flood lasted; never the 400.
    expect(flood.messages.filter((m) => m.type === 'pong').length).toBeLessThan(100);
  });
});

describe('reconnecting', () => {
  it('sends a client that resumes with its last sequence number exactly what it missed', async () => {
    for (const c of OPENING.slice(0, 3)) await post(c);
    for (const c of OPENING.slice(3)) await post(c);
    const s = await connect(`?game=1&since=3`);
    const resumed = await s.waitFor('resumed');
    expect(resumed).toMatchObject({ since: 3, seq: OPENING.length, replayed: OPENING.length - 3 });
    const seqs = s.messages.filter((m) => m.type === 'update').map((m) => (m as { seq: number }).seq);
    expect(seqs).toEqual([4, 5, 6, 7, 8]);
    expect(s.messages.some((m) => m.type === 'snapshot')).toBe(false);
  });

  it('sends a fresh snapshot when the client was on another game or ahead of the server', async () => {
    for (const c of OPENING) await post(c);
    for (const q of ['?game=7&since=3', '?game=1&since=99', '?since=abc']) {
      const s = await connect(q);
      expect((await s.waitFor('snapshot')).seq).toBe(OPENING.length);
    }
  });

  it('resumes on a resume message too', async () => {
    const s = await connect();
    await s.waitFor('snapshot');
    for (const c of OPENING.slice(0, 2)) await post(c);
    await s.waitFor('update', (m) => m.seq === 2);
    s.send({ type: 'resume', game: 1, since: 1 });
    expect(await s.waitFor('resumed')).toMatchObject({ since: 1, replayed: 1 });
  });
});

describe('stopping', () => {
  it('closes every socket and stops listening to the referee', async () => {
    const s = await connect();
    await s.waitFor('snapshot');
    expect(referee.listenerCount).toBe(1);
    await server.stop();
    await s.waitClosed();
    expect(referee.listenerCount).toBe(0);
    server = await startServer(referee);
  });

  it('survives a client that vanishes mid-update', async () => {
    const gone = new WebSocket(server.wsUrl);
    await new Promise((r) => gone.once('open', r));
    gone.terminate();
    await post(OPENING[0]);
    expect((await request(server.url).get('/healthz')).body.ok).toBe(true);
  });
});
