import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { FakeReferee } from '../fakes/fake-referee.ts';
import { bearer, PIN, startServer, TestSocket, type Running } from '../helpers.ts';

let server: Running;
const open: TestSocket[] = [];

beforeEach(async () => {
  server = await startServer(new FakeReferee(), { clientDir: '/nonexistent/red7-dist' });
});
afterEach(async () => {
  for (const s of open.splice(0)) s.close();
  await server.stop();
});

describe('a notice from the companion itself', () => {
  it('reaches every connected dashboard, whatever its role', async () => {
    const watcher = await TestSocket.open(server.wsUrl);
    const referee = await TestSocket.open(server.wsUrl, bearer(PIN));
    open.push(watcher, referee);
    for (const s of [watcher, referee]) await s.waitFor('snapshot');
    server.notice('demo over: 41 steps');
    for (const s of [watcher, referee]) expect(await s.waitFor('notice')).toEqual({ type: 'notice', text: 'demo over: 41 steps' });
  });

  it('is a no-op on a stopped server', async () => {
    await server.stop();
    expect(() => server.notice('nobody hears this')).not.toThrow();
    server = await startServer(new FakeReferee(), { clientDir: '/nonexistent/red7-dist' });
  });
});
