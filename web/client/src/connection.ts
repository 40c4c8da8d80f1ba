// The socket to the server: reconnects with backoff, resumes from the last sequence number it
// saw (the server replays what was missed, or sends a fresh snapshot), signs in with the stored
// credential, and matches command answers to their requests.
import type { CommandAnswer, ServerMessage } from '../../protocol.ts';

export interface ConnectionEvents {
  message(m: ServerMessage): void;
  status(s: 'connecting' | 'open' | 'closed'): void;
}

/** One long-lived connection to `/ws`. */
export class Connection {
  private ws: WebSocket | null = null;
  private delay = 500;
  private pending = new Map<string, (a: CommandAnswer) => void>();
  private nextId = 1;
  private last: { game: number | null; seq: number } | null = null;
  private stopped = false;

  constructor(private readonly events: ConnectionEvents, private readonly credential: () => string | null) {}

  /** Connects (again). */
  open(): void {
    this.stopped = false;
    // First connection: since=0 without a game asks for the current game's kept updates, so a
    // reloaded dashboard shows the announcements so far (they are not spoken: live starts after).
    const q = this.last === null ? '?since=0' : `?since=${this.last.seq}${this.last.game === null ? '' : `&game=${this.last.game}`}`;
    const url = `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}/ws${q}`;
    this.events.status('connecting');
    const ws = new WebSocket(url);
    this.ws = ws;
    ws.onopen = () => {
      this.delay = 500;
      this.events.status('open');
      const c = this.credential();
      if (c !== null) ws.send(JSON.stringify({ type: 'auth', credential: c }));
    };
    ws.onmessage = (e) => {
      let m: ServerMessage;
      try {
        m = JSON.parse(String(e.data)) as ServerMessage;
      } catch {
        return;
      }
      if (m.type === 'snapshot' || m.type === 'update') this.last = { game: m.game, seq: m.seq };
      if (m.type === 'result') {
        this.pending.get(m.id)?.(m.result);
        this.pending.delete(m.id);
      }
      this.events.message(m);
    };
    ws.onclose = () => {
      if (this.ws !== ws) return;
      this.ws = null;
      this.events.status('closed');
      for (const [, resolve] of this.pending) resolve({ ok: false, error: { code: 'server/error', message: 'the connection dropped: try again' } });
      this.pending.clear();
      if (!this.stopped) setTimeout(() => this.open(), this.delay);
      this.delay = Math.min(this.delay * 2, 5000);
    };
  }

  /** Reconnects now, e.g. after signing in. */
  reconnect(): void {
    const ws = this.ws;
    this.ws = null;
    ws?.close();
    this.open();
  }

  /** Sends a command; resolves with the server's answer. */
  command(command: unknown): Promise<CommandAnswer> {
    const ws = this.ws;
    if (ws === null || ws.readyState !== WebSocket.OPEN) {
      return Promise.resolve({ ok: false, error: { code: 'server/error', message: 'not connected to the companion: wait a moment' } });
    }
    const id = `c${this.nextId++}`;
    return new Promise((resolve) => {
      this.pending.set(id, resolve);
      ws.send(JSON.stringify({ type: 'command', id, command }));
      setTimeout(() => {
        if (this.pending.delete(id)) resolve({ ok: false, error: { code: 'server/error', message: 'no answer from the companion' } });
      }, 10_000);
    });
  }
}
