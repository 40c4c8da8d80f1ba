// A socket cannot make the server send much more than it asks: a resume from far behind gets
// one snapshot rather than the backlog, what one socket may ask to be sent again is budgeted,
// and one address may hold only so many sockets. Against a real referee, over loopback.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { MAX_REPLAY, MAX_SOCKETS_PER_ADDRESS, REPLY_BYTES } from '../../../web/server/hub.ts';
import { OPENING, PIN, TestSocket } from '../helpers.ts';
import { call, startRealServer, type RealServer } from './real-server.ts';

let server: RealServer;
const PLAYS = 250;

beforeAll(async () => {
  server = await startRealServer();
  for (const c of OPENING.slice(0, 4)) await server.referee.submit(c);
  // Cy's palette play and its undo, again and again: a long game's worth of updates.
  for (let i = 0; i < PLAYS; i++) {
    const r = await server.referee.submit(i % 2 === 0 ? { type: 'play', seat: 2, to: 'palette', card: 'R6' } : { type: 'undo' });
    if (!r.ok) throw new Error(r.error.message);
  }
});
afterAll(async () => { await server.stop(); });

/** Opens a watcher socket that counts the bytes it receives. */
async function counting(localAddress = '127.0.0.1'): Promise<{ socket: TestSocket; bytes: () => number }> {
  const socket = await TestSocket.open(server.wsUrl, {}, { localAddress });
  let bytes = 0;
  socket.ws.on('message', (data: Buffer) => { bytes += data.length; });
  await socket.waitFor('snapshot');
  return { socket, bytes: () => bytes };
}

describe('resume from far behind', () => {
  it('sends one snapshot, not the backlog', async () => {
    const { socket, bytes } = await counting();
    const before = bytes();
    const seen = socket.messages.length;
    socket.send({ type: 'resume', game: 1, since: 1 });
    await socket.waitFor('snapshot', () => socket.messages.length > seen + 0 && socket.messages.at(-1)!.type === 'snapshot');
    await new Promise((r) => setTimeout(r, 200));
    const sent = bytes() - before;
    const replies = socket.messages.slice(seen);
    expect(replies.map((m) => m.type)).toEqual(['snapshot']);
    expect(sent).toBeLessThan(16 * 1024);
    socket.close();
  });

  it('still replays a short gap update by update', async () => {
    const { socket } = await counting();
    const seq = server.referee.publicView().seq;
    socket.send({ type: 'resume', game: 1, since: seq - 3 });
    const resumed = await socket.waitFor('resumed');
    expect(resumed.replayed).toBe(3);
    expect(MAX_REPLAY).toBeGreaterThanOrEqual(3);
    socket.close();
  });

  it('gives a first load (since 0, no game) the game’s last updates, for the list of announcements', async () => {
    const socket = await TestSocket.open(`${server.wsUrl}?since=0`);
    const seq = server.referee.publicView().seq;
    expect(await socket.waitFor('resumed')).toMatchObject({ since: seq - MAX_REPLAY, seq, replayed: MAX_REPLAY });
    expect(socket.messages.filter((m) => m.type === 'update').map((m) => (m as { seq: number }).seq)).toEqual(
      Array.from({ length: MAX_REPLAY }, (_, i) => seq - MAX_REPLAY + 1 + i),
    );
    socket.close();
  });

  it('refuses, once said, resumes past the socket’s resend budget', async () => {
    const { socket, bytes } = await counting();
    const before = bytes();
    // 40 resumes at once: the whole burst the message limit allows.
    for (let i = 0; i < 40; i++) socket.send({ type: 'resume', game: 1, since: 1 });
    await socket.waitFor('error', (m) => m.error.code === 'rate/limited');
    await new Promise((r) => setTimeout(r, 500));
    expect(bytes() - before).toBeLessThanOrEqual(REPLY_BYTES.burst + 1024 * 4);
    expect(socket.closed).toBeNull();
    socket.close();
  });
});

describe('sockets per address', () => {
  it(`accepts ${MAX_SOCKETS_PER_ADDRESS} sockets from one address and refuses more with 503, while another address still connects`, async () => {
    const open: WebSocket[] = [];
    const statuses: number[] = [];
    for (let i = 0; i < MAX_SOCKETS_PER_ADDRESS + 6; i++) {
      const ws = new WebSocket(server.wsUrl, { localAddress: '127.0.0.9' });
      statuses.push(await new Promise<number>((resolve) => {
        ws.once('open', () => resolve(101));
        ws.once('unexpected-response', (_req, res) => resolve(res.statusCode ?? 0));
        ws.once('error', () => resolve(-1));
      }));
      open.push(ws);
      // Paced under the per-address request limit, so the cap is what refuses.
      await new Promise((r) => setTimeout(r, 40));
    }
    expect(statuses.filter((s) => s === 101)).toHaveLength(MAX_SOCKETS_PER_ADDRESS);
    expect(statuses.slice(MAX_SOCKETS_PER_ADDRESS)).toEqual(Array(6).fill(503));
    const other = await TestSocket.open(server.wsUrl, { Authorization: `Bearer ${PIN}` }, { localAddress: '127.0.0.10' });
    await other.waitFor('snapshot');
    other.close();
    for (const ws of open) ws.terminate();
    expect((await call(server.url, 'GET', '/healthz')).status).toBe(200);
  });
});
