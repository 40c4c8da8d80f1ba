// The WebSocket hub at `/ws`: a snapshot on connect, then every referee update in order, to
// every dashboard and paired phone. Each connection has its own rate limit and a cap on what
// may queue up for it, so one flooding or stalled client never slows the others down.
import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import type { Logger } from 'pino';
import { WebSocketServer, type RawData, type WebSocket } from 'ws';
import type { RefereeApi, RefereeUpdate } from '../../device/referee/types.ts';
import { MAX_MESSAGE_BYTES, PROTOCOL_VERSION, type AnyView, type Role, type RoleInfo, type ServerMessage } from '../protocol.ts';
import { bearerOf, type Credentials } from './auth.ts';
import { dispatchCommand } from './dispatch.ts';
import { AuthLockout, TokenBucket, type RateLimit } from './rate-limit.ts';
import { parseClientMessage } from './schemas.ts';

/** A client this far behind on reading is cut off rather than buffered without end. */
const MAX_BUFFERED_BYTES = 4 * 1024 * 1024;
const HEARTBEAT_MS = 30_000;
/** Messages refused for flooding within DROP_WINDOW_MS before the connection is closed. */
const MAX_DROPPED = 200;
const DROP_WINDOW_MS = 10_000;

interface Client {
  ws: WebSocket;
  role: Role;
  address: string;
  bucket: TokenBucket;
  dropped: number;
  droppingSince: number;
  alive: boolean;
}

export interface HubOptions {
  referee: RefereeApi;
  credentials: Credentials;
  lockout: AuthLockout;
  limit: RateLimit;
  logger?: Logger;
}

function roleInfo(role: Role): RoleInfo {
  return { role: role.kind, seat: role.kind === 'seat' ? role.seat : null };
}

/** Reads `?game=G&since=N` from the upgrade URL: the client's last state, for resuming; no game means the current one. */
function resumePoint(url: string | undefined): { game: number | null | 'current'; since: number } | null {
  const q = new URL(url ?? '/', 'http://x').searchParams;
  const since = q.get('since');
  if (since === null || !/^\d{1,12}$/.test(since)) return null;
  const game = q.get('game');
  if (game === null) return { game: 'current', since: Number(since) };
  return /^\d{1,12}$/.test(game) ? { game: Number(game), since: Number(since) } : null;
}

/** All socket clients of one server. */
export class SocketHub {
  private readonly wss = new WebSocketServer({ noServer: true, maxPayload: MAX_MESSAGE_BYTES });
  private readonly clients = new Set<Client>();
  private unsubscribe: (() => void) | null = null;
  private heartbeat: NodeJS.Timeout | null = null;

  constructor(private readonly o: HubOptions) {}

  /** Starts listening to the referee and pinging clients. */
  start(): void {
    this.unsubscribe = this.o.referee.subscribe((u) => {
      // A listener must never throw into the referee's queue: log and carry on.
      try {
        this.broadcast(u);
      } catch (err) {
        this.o.logger?.error({ err }, 'broadcasting an update failed');
      }
    });
    this.heartbeat = setInterval(() => this.beat(), HEARTBEAT_MS);
    this.heartbeat.unref();
  }

  /** Closes every connection and stops listening. */
  async stop(): Promise<void> {
    this.unsubscribe?.();
    this.unsubscribe = null;
    if (this.heartbeat !== null) clearInterval(this.heartbeat);
    for (const c of this.clients) c.ws.terminate();
    this.clients.clear();
    await new Promise<void>((resolve) => this.wss.close(() => resolve()));
  }

  /** Number of connected clients. */
  get size(): number {
    return this.clients.size;
  }

  /** Takes over an HTTP upgrade to `/ws`; anything else is refused. */
  handleUpgrade(req: IncomingMessage, socket: Duplex, head: Buffer): void {
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    if (path !== '/ws') return refuseUpgrade(socket, 404, 'Not Found');
    const address = req.socket.remoteAddress ?? 'unknown';
    const bearer = bearerOf(req.headers.authorization);
    let role: Role = { kind: 'watcher' };
    if (bearer === null) return refuseUpgrade(socket, 400, 'Bad Request');
    if (bearer !== '') {
      if (this.o.lockout.locked(address)) return refuseUpgrade(socket, 429, 'Too Many Requests');
      const check = this.o.credentials.check(bearer);
      if (!check.ok) {
        this.o.lockout.fail(address);
        return refuseUpgrade(socket, 401, 'Unauthorized');
      }
      role = check.role;
    }
    this.wss.handleUpgrade(req, socket, head, (ws) => this.connected(ws, role, address, resumePoint(req.url)));
  }

  private connected(ws: WebSocket, role: Role, address: string, resume: { game: number | null | 'current'; since: number } | null): void {
    const client: Client = { ws, role, address, bucket: new TokenBucket(this.o.limit), dropped: 0, droppingSince: 0, alive: true };
    this.clients.add(client);
    ws.on('pong', () => { client.alive = true; });
    ws.on('message', (data, isBinary) => {
      this.received(client, data, isBinary).catch((err: unknown) => this.o.logger?.error({ err }, 'handling a socket message failed'));
    });
    ws.on('close', () => this.clients.delete(client));
    ws.on('error', (err) => {
      // Oversized frames and protocol errors end up here; ws closes the socket itself.
      this.o.logger?.debug({ err: err.message, address }, 'socket error');
      this.clients.delete(client);
    });
    this.send(client, { type: 'hello', protocol: PROTOCOL_VERSION, ...roleInfo(role) });
    if (resume === null || !this.resume(client, resume.game, resume.since)) this.snapshot(client);
  }

  private async received(client: Client, data: RawData, isBinary: boolean): Promise<void> {
    if (!client.bucket.take()) {
      // Counted over a window, not in a row: a flood that lets one message through now and then is still a flood.
      const now = Date.now();
      if (now - client.droppingSince > DROP_WINDOW_MS) {
        client.droppingSince = now;
        client.dropped = 0;
      }
      client.dropped++;
      if (client.dropped === 1) this.send(client, { type: 'error', error: { code: 'rate/limited', message: 'too many messages: slow down' } });
      if (client.dropped >= MAX_DROPPED) client.ws.close(1008, 'flood');
      return;
    }
    if (isBinary) {
      this.send(client, { type: 'error', error: { code: 'message/malformed', message: 'messages are JSON text, not binary' } });
      return;
    }
    const parsed = parseClientMessage(rawText(data));
    if (!parsed.ok) {
      this.send(client, { type: 'error', error: { code: parsed.code, message: parsed.message } });
      return;
    }
    const m = parsed.message;
    switch (m.type) {
      case 'ping':
        this.send(client, { type: 'pong' });
        return;
      case 'resume':
        if (!this.resume(client, m.game, m.since)) this.snapshot(client);
        return;
      case 'auth':
        this.authenticate(client, m.credential);
        return;
      case 'command': {
        const { answer } = await dispatchCommand(this.o.referee, client.role, m.command, this.o.logger);
        this.send(client, { type: 'result', id: m.id, result: answer });
        return;
      }
    }
  }

  private authenticate(client: Client, credential: string): void {
    if (this.o.lockout.locked(client.address)) {
      this.send(client, { type: 'error', error: { code: 'auth/locked', message: 'too many wrong credentials: wait a minute' } });
      return;
    }
    const check = this.o.credentials.check(credential);
    if (!check.ok) {
      this.o.lockout.fail(client.address);
      this.send(client, { type: 'error', error: { code: 'auth/invalid', message: 'that is neither the referee PIN nor a paired seat' } });
      return;
    }
    client.role = check.role;
    this.send(client, { type: 'auth', ...roleInfo(check.role) });
    // A seat now sees its private view; everyone gets a fresh snapshot to start from.
    this.snapshot(client);
  }

  /** Sends what the client missed since `since`; false when that is no longer known. */
  private resume(client: Client, game: number | null | 'current', since: number): boolean {
    const view = this.o.referee.publicView();
    if ((game !== 'current' && game !== view.game) || view.game === null || since > view.seq) return false;
    const missed = this.o.referee.updatesSince(since);
    if (missed === null) return false;
    for (const u of missed) this.send(client, this.updateMessage(u, u.view));
    this.send(client, { type: 'resumed', game: view.game, since, seq: view.seq, replayed: missed.length });
    // Past updates carry public views: a paired seat gets its private view back on top.
    if (client.role.kind === 'seat') this.snapshot(client);
    return true;
  }

  private snapshot(client: Client): void {
    const view = this.viewFor(client.role) ?? this.o.referee.publicView();
    this.send(client, { type: 'snapshot', game: view.game, seq: view.seq, view });
  }

  private viewFor(role: Role): AnyView | null {
    return role.kind === 'seat' ? this.o.referee.privateView(role.seat) : null;
  }

  private updateMessage(u: RefereeUpdate, view: AnyView): ServerMessage {
    return { type: 'update', game: u.view.game, seq: u.seq, events: u.events, announcements: u.announcements, view };
  }

  /** Tells every connected dashboard something about the companion itself (e.g. the demo is over). */
  notice(text: string): void {
    const message = Buffer.from(JSON.stringify({ type: 'notice', text } satisfies ServerMessage));
    for (const c of this.clients) this.sendText(c, message);
  }

  private broadcast(u: RefereeUpdate): void {
    // Serialised and encoded once for all watchers and the referee, once per seat for paired phones.
    const common = Buffer.from(JSON.stringify(this.updateMessage(u, u.view)));
    const perSeat = new Map<number, Buffer>();
    for (const c of this.clients) {
      if (c.role.kind !== 'seat') {
        this.sendText(c, common);
        continue;
      }
      let text = perSeat.get(c.role.seat);
      if (text === undefined) {
        text = Buffer.from(JSON.stringify(this.updateMessage(u, this.viewFor(c.role) ?? u.view)));
        perSeat.set(c.role.seat, text);
      }
      this.sendText(c, text);
    }
  }

  private send(client: Client, message: ServerMessage): void {
    this.sendText(client, JSON.stringify(message));
  }

  private sendText(client: Client, text: string | Buffer): void {
    if (client.ws.readyState !== client.ws.OPEN) return;
    if (client.ws.bufferedAmount > MAX_BUFFERED_BYTES) {
      this.o.logger?.warn({ address: client.address }, 'dropping a client that stopped reading');
      client.ws.terminate();
      this.clients.delete(client);
      return;
    }
    // A Buffer goes out as a text frame too: the dashboards read JSON text.
    client.ws.send(text, { binary: false });
  }

  private beat(): void {
    for (const c of this.clients) {
      if (!c.alive) {
        c.ws.terminate();
        this.clients.delete(c);
        continue;
      }
      c.alive = false;
      c.ws.ping();
    }
  }
}

function rawText(data: RawData): string {
  if (Array.isArray(data)) return Buffer.concat(data).toString('utf8');
  if (data instanceof ArrayBuffer) return Buffer.from(data).toString('utf8');
  return data.toString('utf8');
}

function refuseUpgrade(socket: Duplex, status: number, text: string): void {
  socket.end(`HTTP/1.1 ${status} ${text}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
}
