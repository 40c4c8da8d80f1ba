// What the table hears, and when: updates of a batch are held until it is committed, then
// broadcast in order; the current game's accepted updates are kept for clients that reconnect.
import type { Logger } from 'pino';
import type { RefereeUpdate } from './types.ts';

/** Updates kept for clients that reconnect (older ones get a snapshot instead). */
const KEPT_UPDATES = 256;

export class UpdateHistory {
  private readonly listeners = new Set<(update: RefereeUpdate) => void>();
  private kept: RefereeUpdate[] = [];
  /** Updates of the batch being applied: heard only once it is committed. */
  private held: Array<{ update: RefereeUpdate; keep: boolean }> = [];

  constructor(private readonly logger: Logger) {}

  /** Hears every update in order; returns the function that stops listening. */
  subscribe(listener: (update: RefereeUpdate) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Keeps an update until its batch is committed (a refusal changes nothing, but keeps its place in line). */
  hold(update: RefereeUpdate, keep: boolean): void {
    this.held.push({ update, keep });
  }

  /** The batch is committed: everyone hears its updates; those of `game` worth keeping are kept. */
  release(game: number | null): void {
    const held = this.held;
    this.held = [];
    for (const { update, keep } of held) {
      // Updates are kept for the current game only (a batch may end one game and start the next).
      if (keep && update.view.game === game) {
        this.kept.push(update);
        if (this.kept.length > KEPT_UPDATES) this.kept.splice(0, this.kept.length - KEPT_UPDATES);
      }
      for (const listener of this.listeners) {
        try {
          listener(update);
        } catch (e) {
          this.logger.error({ err: e }, 'a referee subscriber threw; it keeps listening');
        }
      }
    }
  }

  /** A new game: the updates of the last one are no longer resumable. */
  clear(): void {
    this.kept = [];
  }

  /** Updates after `seq` of a game now at `current`, or null when they are no longer kept. */
  since(seq: number, current: number): RefereeUpdate[] | null {
    if (!Number.isInteger(seq) || seq > current) return null;
    const later = this.kept.filter((u) => u.seq > seq);
    if (seq < current && (later.length === 0 || later[0]!.seq !== seq + 1)) return null;
    return later;
  }

  /** Where the history stands, and the function that puts it back there (held updates dropped). */
  checkpoint(): () => void {
    const kept = this.kept;
    return () => {
      this.kept = kept;
      this.held = [];
    };
  }
}
