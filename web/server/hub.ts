// The WebSocket hub at `/ws`: a snapshot on connect, then every referee update in order, to
// every dashboard and paired phone. Each connection has its own rate limit, a budget of bytes it
// may ask to be sent again, and a cap on what may queue up for it; each address a cap on its
// sockets; only the dashboard's own pages (or configured origins) may open one. So one flooding,
// stalled or foreign client never slows the others down.
import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import type { Logger } from 'pino';
import { WebSocketServer, type RawData, type WebSocket } from 'ws';
import type { RefereeApi, RefereeUpdate } from '../../device/referee/types.ts';
import { MAX_MESSAGE_BYTES, PROTOCOL_VERSION, type AnyView, type Role, type RoleInfo, type ServerMessage } from '../protocol.ts';
import { bearerOf, senderOf, type Credentials } from './auth.ts';
import { dispatchCommand } from './dispatch.ts';
import { addressKey, AuthLockout, KeyedBuckets, TokenBucket, type RateLimit } from './rate-limit.ts';
import { parseClientMessage } from './schemas.ts';

/** A client this far behind on reading is cut off rather than buffered without end. */
const MAX_BUFFERED_BYTES = 4 * 1024 * 1024;
const HEARTBEAT_MS = 30_000;
/** Messages refused for flooding within DROP_WINDOW_MS before the connection is closed. */
const MAX_DROPPED = 200;
const DROP_WINDOW_MS = 10_000;
/** A resume further behind than this gets a snapshot: replaying a long backlog costs more than it tells. */
export const MAX_REPLAY = 16;
/** Bytes a client may ask to be sent again (resume replays and snapshots), per second and at once. */
export const REPLY_BYTES: RateLimit = { perSecond: 2 * 1024, burst: 24 * 1024 };
/** Sockets one address may hold (a table has a few tablets and phones; tests connect 50 from one address). */
export const MAX_SOCKETS_PER_ADDRESS = 64;
/** Sockets the whole server holds. */
export const MAX_SOCKETS = 512;

interface Client {
  ws: WebSocket;
  role: Role;
  /** Who the client's commands come from (see senderOf). */
  sender: string;
  address: string;
  bucket: TokenBucket;
  replies: TokenBucket;
  dropped: number;
  droppingSince: number;
  /** When the client was last told its resend budget ran out (told once per window). */
  refusedAt: number;
  /** Until when resumes are refused unread: the budget cannot cover even a snapshot before then. */
  resumeAgainAt: number;
  alive: boolean;
}

export interface HubOptions {
  referee: RefereeApi;
  credentials: Credentials;
  lockout: AuthLockout;
  limit: RateLimit;
  /** Per-address request buckets, shared with the HTTP API: opening a socket is a request too. */
  requests: KeyedBuckets;
  /** Origins beside the dashboard's own whose pages may open a socket (lower case, scheme://host[:port]). */
  allowedOrigins?: readonly string[];
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
  private readonly perAddress = new Map<string, number>();
  private unsubscribe: (() => void) | null = null;
  private unrevoke: (() => void) | null = null;
  private heartbeat: NodeJS.Timeout | null = null;
  /** The public snapshot, serialised once per change: resumes from far behind cost a send, not a render. */
  private publicSnapshot: Buffer | null = null;

  constructor(private readonly o: HubOptions) {}

  /** Starts listening to the referee and pinging clients. */
  start(): void {
    this.unsubscribe = this.o.referee.subscribe((u) => {
      // A listener must never throw into the referee's queue: log and carry on.
      try {
        this.publicSnapshot = null;
        this.broadcast(u);
      } catch (err) {
        this.o.logger?.error({ err }, 'broadcasting an update failed');
      }
    });
    this.unrevoke = this.o.credentials.onRevoke((seat) => this.revoke(seat));
    this.heartbeat = setInterval(() => this.beat(), HEARTBEAT_MS);
    this.heartbeat.unref();
  }

  /** Closes every connection and stops listening. */
  async stop(): Promise<void> {
    this.unsubscribe?.();
    this.unsubscribe = null;
    this.unrevoke?.();
    this.unrevoke = null;
    if (this.heartbeat !== null) clearInterval(this.heartbeat);
    for (const c of this.clients) c.ws.terminate();
    this.clients.clear();
    this.perAddress.clear();
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
    // A page of another site must not use a visitor's browser to watch the table or guess the PIN.
    if (!this.originAllowed(req)) {
      this.o.logger?.warn({ origin: req.headers.origin }, 'socket refused: a page of another origin');
      return refuseUpgrade(socket, 403, 'Forbidden', { code: 'origin/forbidden', message: 'only the dashboard’s own pages (or RED7_ALLOWED_ORIGINS) may open the socket' });
    }
    const address = addressKey(req.socket.remoteAddress);
    if (!this.o.requests.take(address)) return refuseUpgrade(socket, 429, 'Too Many Requests', { code: 'rate/limited', message: 'too many requests: slow down' });
    if ((this.perAddress.get(address) ?? 0) >= MAX_SOCKETS_PER_ADDRESS || this.clients.size >= MAX_SOCKETS) {
      return refuseUpgrade(socket, 503, 'Service Unavailable', { code: 'rate/limited', message: 'too many open sockets from this address: close some' });
    }
    const bearer = bearerOf(req.headers.authorization);
    let role: Role = { kind: 'watcher' };
    if (bearer === null) return refuseUpgrade(socket, 400, 'Bad Request');
    if (bearer !== '') {
      if (this.o.lockout.locked(address)) return refuseUpgrade(socket, 429, 'Too Many Requests', { code: 'auth/locked', message: 'too many wrong credentials: wait' });
      const check = this.o.credentials.check(bearer);
      if (!check.ok) {
        this.o.lockout.fail(address);
        return refuseUpgrade(socket, 401, 'Unauthorized');
      }
      this.o.lockout.succeed(address);
      role = check.role;
    }
    const sender = senderOf(role, bearer, address);
    this.wss.handleUpgrade(req, socket, head, (ws) => this.connected(ws, role, sender, address, resumePoint(req.url)));
  }

  /** True for a client that is no browser (no Origin), the dashboard's own page, or a configured origin. */
  private originAllowed(req: IncomingMessage): boolean {
    const origin = req.headers.origin?.toLowerCase();
    if (origin === undefined) return true;
    const host = req.headers.host?.toLowerCase();
    if (host !== undefined && (origin === `http://${host}` || origin === `https://${host}`)) return true;
    return (this.o.allowedOrigins ?? []).includes(origin);
  }

  private connected(ws: WebSocket, role: Role, sender: string, address: string, resume: { game: number | null | 'current'; since: number } | null): void {
    const client: Client = {
      ws, role, sender, address, bucket: new TokenBucket(this.o.limit), replies: new TokenBucket(REPLY_BYTES),
      dropped: 0, droppingSince: 0, refusedAt: 0, resumeAgainAt: 0, alive: true,
    };
    this.clients.add(client);
    this.perAddress.set(address, (this.perAddress.get(address) ?? 0) + 1);
    ws.on('pong', () => { client.alive = true; });
    ws.on('message', (data, isBinary) => {
      this.received(client, data, isBinary).catch((err: unknown) => this.o.logger?.error({ err }, 'handling a socket message failed'));
    });
    ws.on('close', () => this.drop(client));
    ws.on('error', (err) => {
      // Oversized frames and protocol errors end up here; ws closes the socket itself.
      this.o.logger?.debug({ err: err.message, address }, 'socket error');
      this.drop(client);
    });
    this.send(client, { type: 'hello', protocol: PROTOCOL_VERSION, ...roleInfo(role) });
    this.sendAll(client, this.resumeOrSnapshot(client, resume));
  }

  /** Refuses a resume past the client's resend budget: a resend asked again and again would be an amplifier. Said once a window. */
  private refuseResume(client: Client, now: number): void {
    if (now - client.refusedAt <= DROP_WINDOW_MS) return;
    client.refusedAt = now;
    this.send(client, { type: 'error', error: { code: 'rate/limited', message: 'too much asked to be sent again: wait a few seconds, then resume' } });
  }

  /** Forgets a client (closed, failed, stalled or silent). */
  private drop(client: Client): void {
    if (!this.clients.delete(client)) return;
    const n = (this.perAddress.get(client.address) ?? 1) - 1;
    if (n <= 0) this.perAddress.delete(client.address);
    else this.perAddress.set(client.address, n);
  }

  /** A seat was unpaired: its open sockets become watchers at once and see only the public view. */
  private revoke(seat: number): void {
    for (const c of this.clients) {
      if (c.role.kind !== 'seat' || c.role.seat !== seat) continue;
      c.role = { kind: 'watcher' };
      c.sender = senderOf(c.role, '', c.address);
      this.send(c, { type: 'error', error: { code: 'auth/revoked', message: `this device was unpaired from seat ${seat + 1}: it shows the public table now` } });
      this.send(c, { type: 'auth', ...roleInfo(c.role) });
      this.snapshot(c);
    }
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
      case 'resume': {
        const now = Date.now();
        if (now < client.resumeAgainAt) return this.refuseResume(client, now);
        // The missed updates if the budget allows them, else a snapshot (smaller), else nothing.
        const reply = this.resumeOrSnapshot(client, m);
        if (client.replies.take(byteLength(reply))) return this.sendAll(client, reply);
        const snapshot = [this.snapshotText(client)];
        if (reply.length > 1 && client.replies.take(byteLength(snapshot))) return this.sendAll(client, snapshot);
        client.resumeAgainAt = now + client.replies.waitFor(byteLength(snapshot));
        return this.refuseResume(client, now);
      }

      case 'auth':
        this.authenticate(client, m.credential);
        return;
      case 'command': {
        const { answer } = await dispatchCommand(this.o.referee, client.role, client.sender, m.command, this.o.logger);
        this.send(client, { type: 'result', id: m.id, result: answer });
        return;
      }
    }
  }

  private authenticate(client: Client, credential: string): void {
    if (this.o.lockout.locked(client.address)) {
      this.send(client, { type: 'error', error: { code: 'auth/locked', message: 'too many wrong credentials: wait a few minutes (a device that signed in before is not affected)' } });
      return;
    }
    const check = this.o.credentials.check(credential);
    if (!check.ok) {
      this.o.lockout.fail(client.address);
      this.send(client, { type: 'error', error: { code: 'auth/invalid', message: 'that is neither the referee PIN nor a paired seat' } });
      return;
    }
    this.o.lockout.succeed(client.address);
    client.role = check.role;
    client.sender = senderOf(check.role, credential, client.address);
    this.send(client, { type: 'auth', ...roleInfo(check.role) });
    // A seat now sees its private view; everyone gets a fresh snapshot to start from.
    this.snapshot(client);
  }

  /** What a client resuming from `since` is sent: the few updates it missed, or else a snapshot. */
  private resumeOrSnapshot(client: Client, at: { game: number | null | 'current'; since: number } | null): Buffer[] {
    const missed = at === null ? null : this.missedSince(at.game, at.since);
    if (missed === null) return [this.snapshotText(client)];
    const view = this.o.referee.publicView();
    const out = missed.updates.map((u) => encode(this.updateMessage(u, u.view)));
    out.push(encode({ type: 'resumed', game: view.game, since: missed.since, seq: view.seq, replayed: missed.updates.length }));
    // Past updates carry public views: a paired seat gets its private view back on top.
    if (client.role.kind === 'seat') out.push(this.snapshotText(client));
    return out;
  }

  /**
   * The updates missed since `since`, or null when a snapshot serves better (another game, unknown,
   * or more than MAX_REPLAY). A first load (since 0, no game) gets the game's last MAX_REPLAY updates,
   * for the dashboard's list of announcements.
   */
  private missedSince(game: number | null | 'current', since: number): { since: number; updates: RefereeUpdate[] } | null {
    const view = this.o.referee.publicView();
    if ((game !== 'current' && game !== view.game) || view.game === null || since > view.seq) return null;
    const from = game === 'current' && since === 0 ? Math.max(0, view.seq - MAX_REPLAY) : since;
    if (view.seq - from > MAX_REPLAY) return null;
    const updates = this.o.referee.updatesSince(from);
    return updates === null || updates.length > MAX_REPLAY ? null : { since: from, updates };
  }

  private snapshot(client: Client): void {
    this.sendText(client, this.snapshotText(client));
  }

  private snapshotText(client: Client): Buffer {
    const own = this.viewFor(client.role);
    if (own !== null) return encode({ type: 'snapshot', game: own.game, seq: own.seq, view: own });
    if (this.publicSnapshot === null) {
      const view = this.o.referee.publicView();
      this.publicSnapshot = encode({ type: 'snapshot', game: view.game, seq: view.seq, view });
    }
    return this.publicSnapshot;
  }

  private sendAll(client: Client, texts: Buffer[]): void {
    for (const text of texts) this.sendText(client, text);
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
    const common = encode(this.updateMessage(u, u.view));
    const perSeat = new Map<number, Buffer>();
    for (const c of this.clients) {
      if (c.role.kind !== 'seat') {
        this.sendText(c, common);
        continue;
      }
      let text = perSeat.get(c.role.seat);
      if (text === undefined) {
        text = encode(this.updateMessage(u, this.viewFor(c.role) ?? u.view));
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
      this.drop(client);
      return;
    }
    // A Buffer goes out as a text frame too: the dashboards read JSON text.
    client.ws.send(text, { binary: false });
  }

  private beat(): void {
    for (const c of this.clients) {
      if (!c.alive) {
        c.ws.terminate();
        this.drop(c);
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

function byteLength(texts: Buffer[]): number {
  return texts.reduce((n, b) => n + b.length, 0);
}

function encode(message: ServerMessage): Buffer {
  return Buffer.from(JSON.stringify(message));
}

function refuseUpgrade(socket: Duplex, status: number, text: string, error?: { code: string; message: string }): void {
  const body = error === undefined ? '' : JSON.stringify({ ok: false, error });
  socket.end(`HTTP/1.1 ${status} ${text}\r\nConnection: close\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`);
}
