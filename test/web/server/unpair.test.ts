// Unpairing revokes at once: the phone's open socket stops receiving the seat's private view
// and its plays are refused, without waiting for it to reconnect.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OPENING, PIN, TestSocket } from '../helpers.ts';
import { call, startRealServer, type RealServer } from './real-server.ts';

let server: RealServer;
beforeAll(async () => {
  server = await startRealServer();
  for (const c of OPENING.slice(0, 4)) await server.referee.submit(c);
});
afterAll(async () => { await server.stop(); });

async function pairedPhone(seat: number): Promise<{ socket: TestSocket; token: string }> {
  const code = await call(server.url, 'POST', '/api/pairings', { credential: PIN, body: { seat } });
  const paired = await call(server.url, 'POST', '/api/pair', { body: { code: code.body.code } });
  const socket = await TestSocket.open(server.wsUrl, { Authorization: `Bearer ${paired.body.token}` });
  await socket.waitFor('snapshot');
  return { socket, token: paired.body.token };
}

describe('unpairing a seat', () => {
  it('turns its open socket into a watcher at once: public views only, and its plays refused', async () => {
    const { socket, token } = await pairedPhone(2);
    expect((await socket.waitFor('snapshot')).view).toHaveProperty('knownHand');
    expect((await call(server.url, 'DELETE', '/api/pairings/2', { credential: PIN })).body).toEqual({ seat: 2, unpaired: 1 });
    expect((await socket.waitFor('error', (m) => m.error.code === 'auth/revoked')).error.message).toMatch(/seat 3/);
    expect(await socket.waitFor('auth')).toMatchObject({ role: 'watcher', seat: null });
    const from = socket.messages.length;
    await server.referee.submit({ type: 'play', seat: 2, to: 'palette', card: 'R6' });
    const update = await socket.waitFor('update', (m) => socket.messages.indexOf(m) >= from);
    expect(update.view).not.toHaveProperty('knownHand');
    expect(update.view).not.toHaveProperty('seat');
    socket.send({ type: 'command', id: 'after', command: { type: 'endTurn', seat: 2 } });
    expect((await socket.waitFor('result', (m) => m.id === 'after')).result).toMatchObject({ ok: false, error: { code: 'auth/required' } });
    expect(server.referee.publicView().active).toBe(2);
    expect((await call(server.url, 'POST', '/api/commands', { credential: token, body: { type: 'endTurn', seat: 2 } })).status).toBe(401);
    socket.close();
  });

  it('leaves the other seats’ phones seated', async () => {
    const one = await pairedPhone(0);
    await call(server.url, 'DELETE', '/api/pairings/1', { credential: PIN });
    const from = one.socket.messages.length;
    await server.referee.submit({ type: 'undo' });
    const update = await one.socket.waitFor('update', (m) => one.socket.messages.indexOf(m) >= from);
    expect(update.view).toHaveProperty('knownHand');
    expect(one.socket.messages.some((m) => m.type === 'error')).toBe(false);
    one.socket.close();
  });
});
