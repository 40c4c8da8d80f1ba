// A web server over a real referee (SQLite journal in a throwaway folder) on loopback, and a
// plain HTTP client that can speak from any 127.0.0.x address, as the misuse tests need.
import http from 'node:http';
import { Referee } from '../../../device/referee/referee.ts';
import type { WebServerOptions } from '../../../web/server/server.ts';
import { startServer, type Running } from '../helpers.ts';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface RealServer extends Running {
  referee: Referee;
}

/** Starts a referee and a web server on a fresh (or given) data folder. */
export async function startRealServer(extra: Partial<WebServerOptions> = {}): Promise<RealServer> {
  const dataDir = extra.dataDir ?? mkdtempSync(join(tmpdir(), 'red7-misuse-'));
  const referee = new Referee({ dataDir });
  await referee.start();
  const server = await startServer(referee, { ...extra, dataDir });
  return {
    ...server,
    referee,
    async stop() {
      await server.stop();
      await referee.stop();
      if (extra.dataDir === undefined) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** One HTTP request; resolves with the status and the parsed JSON body (or the text). */
export function call(
  base: string, method: string, path: string,
  o: { credential?: string; body?: unknown; localAddress?: string; headers?: Record<string, string> } = {},
): Promise<{ status: number; body: any }> {
  return new Promise((resolve, reject) => {
    const headers: Record<string, string> = { ...o.headers };
    if (o.credential !== undefined) headers.Authorization = `Bearer ${o.credential}`;
    const data = o.body === undefined ? undefined : JSON.stringify(o.body);
    if (data !== undefined) headers['Content-Type'] = 'application/json';
    const req = http.request(`${base}${path}`, { method, headers, localAddress: o.localAddress, agent: false }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (d: string) => { text += d; });
      res.on('end', () => {
        let body: unknown = text;
        try { body = JSON.parse(text); } catch { /* not JSON: kept as text */ }
        resolve({ status: res.statusCode ?? 0, body });
      });
    });
    req.on('error', reject);
    req.end(data);
  });
}
