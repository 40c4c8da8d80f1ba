// Only the dashboard's own pages (or origins the configuration names) may open the socket: a
// page of another site must not watch the table, guess the PIN through a visitor's browser or
// lock the referee out. Clients that send no Origin (no browser) are not affected.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { PIN, TestSocket } from '../helpers.ts';
import { startRealServer, type RealServer } from './real-server.ts';

let server: RealServer;
beforeAll(async () => { server = await startRealServer({ allowedOrigins: ['https://red7.example'] }); });
afterAll(async () => { await server.stop(); });

function upgrade(headers: Record<string, string>): Promise<{ status: number; body: string }> {
  return new Promise((resolve) => {
    const ws = new WebSocket(server.wsUrl, { headers });
    ws.once('open', () => { ws.terminate(); resolve({ status: 101, body: '' }); });
    ws.once('unexpected-response', (_req, res) => {
      let body = '';
      res.on('data', (d: Buffer) => { body += String(d); });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    ws.once('error', () => resolve({ status: -1, body: '' }));
  });
}

describe('the socket’s Origin check', () => {
  it('refuses a page of another site with 403 origin/forbidden', async () => {
    const r = await upgrade({ Origin: 'http://evil.example' });
    expect(r.status).toBe(403);
    expect(JSON.parse(r.body).error.code).toBe('origin/forbidden');
    expect((await upgrade({ Origin: 'null' })).status).toBe(403);
  });

  it('accepts the dashboard’s own page, a configured origin and a client that is no browser', async () => {
    expect((await upgrade({ Origin: server.url })).status).toBe(101);
    expect((await upgrade({ Origin: 'https://RED7.example' })).status).toBe(101);
    expect((await upgrade({})).status).toBe(101);
  });

  it('lets no foreign page lock the referee’s tablet out with wrong credentials', async () => {
    for (let i = 0; i < 12; i++) expect((await upgrade({ Origin: 'http://evil.example', Authorization: 'Bearer 000000' })).status).toBe(403);
    const tablet = await TestSocket.open(server.wsUrl, { Origin: server.url, Authorization: `Bearer ${PIN}` });
    expect((await tablet.waitFor('hello')).role).toBe('referee');
    tablet.close();
  });
});
