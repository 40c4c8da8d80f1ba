// Shared pieces of the web tests: a server on a free port with a throwaway data dir, a socket
// client that queues what it hears, and a short scripted opening that the rules accept.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pino } from 'pino';
import WebSocket from 'ws';
import type { RefereeApi } from '../../device/referee/types.ts';
import type { ServerMessage } from '../../web/protocol.ts';
import { createWebServer, type WebServerOptions } from '../../web/server/server.ts';

export const PIN = '246810';

/** A started server and how to reach it. */
export interface Running {
  url: string;
  wsUrl: string;
  port: number;
  dataDir: string;
  /** The server's line to every dashboard about the companion itself. */
  notice(text: string): void;
  stop(): Promise<void>;
}

/** Starts a web server over the referee on a free port with a fresh data dir. */
export async function startServer(referee: RefereeApi, extra: Partial<WebServerOptions> = {}): Promise<Running> {
  const dataDir = extra.dataDir ?? mkdtempSync(join(tmpdir(), 'red7-web-'));
  const server = createWebServer({ referee, port: 0, host: '127.0.0.1', dataDir, pin: PIN, logger: pino({ level: 'silent' }), ...extra });
  const { port } = await server.start();
  return {
    url: `http://127.0.0.1:${port}`,
    wsUrl: `ws://127.0.0.1:${port}/ws`,
    port,
    dataDir,
    notice: (text) => server.notice(text),
    async stop() {
      await server.stop();
      if (extra.dataDir === undefined) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** A socket client that keeps every message it receives, in order. */
export class TestSocket {
  readonly messages: ServerMessage[] = [];
  private waiters: Array<() => void> = [];
  closed: { code: number; reason: string } | null = null;
  private constructor(readonly ws: WebSocket) {
    ws.on('message', (data) => {
      this.messages.push(JSON.parse(String(data)) as ServerMessage);
      this.wake();
    });
    ws.on('close', (code, reason) => {
      this.closed = { code, reason: String(reason) };
      this.wake();
    });
  }

  /** Opens a socket; resolves once it is open. */
  static async open(url: string, headers: Record<string, string> = {}, options: WebSocket.ClientOptions = {}): Promise<TestSocket> {
    const ws = new WebSocket(url, { headers, ...options });
    const s = new TestSocket(ws);
    await new Promise<void>((resolve, reject) => {
      ws.once('open', () => resolve());
      ws.once('error', reject);
      ws.once('unexpected-response', (_req, res) => reject(new Error(`upgrade refused: ${res.statusCode}`)));
    });
    return s;
  }

  private wake(): void {
    const w = this.waiters;
    this.waiters = [];
    for (const f of w) f();
  }

  /** Sends one message as JSON (or raw text). */
  send(message: unknown): void {
    this.ws.send(typeof message === 'string' ? message : JSON.stringify(message));
  }

  /** Waits for the first message from index `from` on that matches. */
  async waitFor<T extends ServerMessage['type']>(type: T, match: (m: Extract<ServerMessage, { type: T }>) => boolean = () => true, timeoutMs = 5000): Promise<Extract<ServerMessage, { type: T }>> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = this.messages.find((m) => m.type === type && match(m as Extract<ServerMessage, { type: T }>));
      if (found !== undefined) return found as Extract<ServerMessage, { type: T }>;
      if (this.closed !== null) throw new Error(`socket closed (${this.closed.code}) before a ${type} message`);
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`no ${type} message within ${timeoutMs} ms; got ${this.messages.map((m) => m.type).join(', ')}`);
      await new Promise<void>((resolve) => {
        const t = setTimeout(resolve, left);
        this.waiters.push(() => { clearTimeout(t); resolve(); });
      });
    }
  }

  /** Waits until the socket is closed. */
  async waitClosed(timeoutMs = 5000): Promise<{ code: number; reason: string }> {
    const deadline = Date.now() + timeoutMs;
    while (this.closed === null) {
      if (Date.now() > deadline) throw new Error('the socket stayed open');
      await new Promise<void>((resolve) => { this.waiters.push(resolve); setTimeout(resolve, 50); });
    }
    return this.closed;
  }

  /** Closes the socket. */
  close(): void {
    this.ws.close();
  }
}

/** A 3-player opening the rules accept: starting cards, then two turns (Cy, then Ann). */
export const OPENING: unknown[] = [
  { type: 'newGame', players: ['Ann', 'Ben', 'Cy'], advanced: false, actions: false },
  { type: 'deal', seat: 0, card: 'O3' },
  { type: 'deal', seat: 1, card: 'G5' },
  { type: 'deal', seat: 2, card: 'B2' },
  // Ben leads under Red with G5, so Cy (to his left) starts.
  { type: 'play', seat: 2, to: 'palette', card: 'R6' },
  { type: 'endTurn', seat: 2 },
  { type: 'play', seat: 0, to: 'palette', card: 'Y7' },
  { type: 'endTurn', seat: 0 },
];

/** Ben's palette play after the opening (legal; he will then not be winning under Red). */
export const BEN_PALETTE = { type: 'play', seat: 1, to: 'palette', card: 'V1' };
/** Then Ben's canvas play that the rules refuse: under Green he would not be winning. */
export const ILLEGAL_FOR_BEN = { type: 'play', seat: 1, to: 'canvas', card: 'G2' };

/** The Authorization header of a credential. */
export function bearer(credential: string): Record<string, string> {
  return { Authorization: `Bearer ${credential}` };
}
