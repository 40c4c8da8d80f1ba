import request from 'supertest';
import { afterEach, describe, expect, it } from 'vitest';
import { BEN_PALETTE, bearer, ILLEGAL_FOR_BEN, OPENING, PIN, TestSocket } from '../helpers.ts';
import { startStack, type Stack } from './stack.ts';

let stack: Stack | null = null;
const sockets: TestSocket[] = [];
afterEach(async () => {
  for (const s of sockets.splice(0)) s.close();
  await stack?.destroy();
  stack = null;
});

async function post(s: Stack, command: unknown): Promise<request.Response> {
  return request(s.url).post('/api/commands').set(bearer(PIN)).send(command as object);
}

describe('the web server over the real referee', () => {
  it('plays the opening over HTTP, journaled, and answers each command with its sequence number', async () => {
    stack = await startStack();
    for (const [i, c] of OPENING.entries()) {
      const r = await post(stack, c);
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      expect(r.body.seq).toBe(i + 1);
    }
    const state = (await request(stack.url).get('/api/state')).body;
    expect(state).toMatchObject({ game: 1, seq: OPENING.length, phase: 'turn', active: 1 });
    expect(state.players[2].palette).toEqual(['B2', 'R6']);
    expect(state.announcement).toEqual(expect.any(String));
  });

  it('refuses an illegal play with 422, flags it to every dashboard, and changes nothing', async () => {
    stack = await startStack();
    for (const c of [...OPENING, BEN_PALETTE]) await post(stack, c);
    const watcher = await TestSocket.open(stack.wsUrl);
    sockets.push(watcher);
    await watcher.waitFor('snapshot');
    const r = await post(stack, ILLEGAL_FOR_BEN);
    expect(r.status).toBe(422);
    expect(r.body.error.code).toBe('canvas/not-winning');
    const flagged = await watcher.waitFor('update', (m) => m.events.some((e) => e.type === 'illegalPlay'));
    expect(flagged.view.warning).toMatchObject({ code: 'canvas/not-winning', seat: 1 });
    expect(flagged.view.canvas).toEqual([]);
  });

  it('sends socket commands down the same queue and every dashboard hears every update in order', async () => {
    stack = await startStack();
    const ref = await TestSocket.open(stack.wsUrl, bearer(PIN));
    const watchers = await Promise.all([1, 2, 3].map(() => TestSocket.open(stack!.wsUrl)));
    sockets.push(ref, ...watchers);
    for (const [i, c] of OPENING.entries()) {
      ref.send({ type: 'command', id: `c${i}`, command: c });
      const res = await ref.waitFor('result', (m) => m.id === `c${i}`);
      expect(res.result.ok).toBe(true);
    }
    for (const w of watchers) {
      await w.waitFor('update', (m) => m.seq === OPENING.length);
      const seqs = w.messages.filter((m) => m.type === 'update').map((m) => (m as { seq: number }).seq);
      expect(seqs).toEqual(OPENING.map((_, i) => i + 1));
    }
  });

  it('resumes a reconnecting dashboard with exactly the updates it missed', async () => {
    stack = await startStack();
    for (const c of OPENING.slice(0, 4)) await post(stack, c);
    for (const c of OPENING.slice(4)) await post(stack, c);
    const s = await TestSocket.open(`${stack.wsUrl}?game=1&since=4`);
    sockets.push(s);
    expect(await s.waitFor('resumed')).toMatchObject({ since: 4, seq: OPENING.length, replayed: OPENING.length - 4 });
    expect(s.messages.filter((m) => m.type === 'update').map((m) => (m as { seq: number }).seq)).toEqual([5, 6, 7, 8]);
  });

  it('comes back after a restart with the same state, PIN and paired seats', async () => {
    stack = await startStack();
    for (const c of OPENING) await post(stack, c);
    const code = (await request(stack.url).post('/api/pairings').set(bearer(PIN)).send({ seat: 0 })).body.code;
    const token = (await request(stack.url).post('/api/pair').send({ code })).body.token as string;
    const before = (await request(stack.url).get('/api/state')).body;
    const dataDir = stack.dataDir;
    await stack.stop();
    stack = await startStack({ dataDir });
    const after = (await request(stack.url).get('/api/state')).body;
    expect(after.players).toEqual(before.players);
    expect(after.seq).toBe(before.seq);
    expect((await request(stack.url).get('/api/state').set(bearer(token))).body.seat).toBe(0);
  });

  it('undoes over the socket and lists and exports the game', async () => {
    stack = await startStack();
    for (const c of OPENING) await post(stack, c);
    const ref = await TestSocket.open(stack.wsUrl, bearer(PIN));
    sockets.push(ref);
    ref.send({ type: 'command', id: 'u', command: { type: 'undo' } });
    expect((await ref.waitFor('result')).result.ok).toBe(true);
    const state = (await request(stack.url).get('/api/state')).body;
    // The last command was Ann's endTurn: after the undo it is her turn again, her card still down.
    expect(state).toMatchObject({ active: 0, seq: expect.any(Number) });
    expect(state.players[0].palette).toEqual(['O3', 'Y7']);
    expect((await request(stack.url).get('/api/games')).body[0]).toMatchObject({ id: 1, players: ['Ann', 'Ben', 'Cy'] });
    const exp = await request(stack.url).get('/api/games/1/export').set(bearer(PIN));
    expect(exp.status).toBe(200);
    expect(exp.body.commands.length).toBeGreaterThanOrEqual(OPENING.length);
    const text = await request(stack.url).get('/api/games/1/export?format=text&lang=de').set(bearer(PIN));
    expect(text.status).toBe(200);
    expect(text.text.length).toBeGreaterThan(20);
  });
});
