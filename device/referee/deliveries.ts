// Duplicate suppression: an id names one command of one sender in one game, so a retry is
// answered as the first delivery was, and another command under a used id is refused.
import type { Command } from '../rules/index.ts';
import { canonical } from './canonical.ts';
import type { RefereeStorage } from './storage.ts';
import type { RefereeEvent, SubmitResult } from './types.ts';

/** Deliveries remembered in memory (accepted ones are also found in the journal). */
const KEPT_DELIVERIES = 1024;
/** Refusals a retry may get past (a disk that recovers, a card scanned again): never remembered as the answer. */
const TRANSIENT = new Set<string>(['journal/failed', 'referee/not-started', 'scan/rescan', 'scan/unavailable']);
/** Fields filled in when a command comes without them: the card read on the table, the table's language. */
const FILLED: Partial<Record<Command['type'], string>> = { play: 'card', newGame: 'language' };

/** A command as first delivered, and what it was answered. */
export interface Delivery {
  command: Command;
  result: SubmitResult;
}

/** True when a retry asks for what the first delivery asked (the envelope aside). */
export function sameCommand(first: Command, retry: Command): boolean {
  const strip = (c: Command, drop?: string) => {
    const { source: _s, id: _i, ...rest } = c as Command & Record<string, unknown>;
    if (drop !== undefined) delete (rest as Record<string, unknown>)[drop];
    return JSON.stringify(canonical(rest as Command));
  };
  if (strip(first) === strip(retry)) return true;
  const filled = FILLED[retry.type];
  return filled !== undefined && (retry as unknown as Record<string, unknown>)[filled] === undefined && strip(first, filled) === strip(retry);
}

export class Deliveries {
  private readonly kept = new Map<string, Delivery>();

  /** The first delivery of this command's (source, id) in the game, in memory or in the journal; null when none. */
  earlier(game: number | null, command: Command, storage: RefereeStorage | null, answer: (seq: number, events: RefereeEvent[]) => SubmitResult): Delivery | null {
    if (command.id === undefined) return null;
    const remembered = this.kept.get(key(game, command));
    if (remembered !== undefined) return remembered;
    if (game === null || storage === null) return null;
    const found = storage.delivery(game, command.source ?? '', command.id);
    return found === null ? null : { command: found.command, result: answer(found.seq, found.events) };
  }

  /** Remembers an answer, keyed by the game after the command (a newGame's retry is looked up in the game it started). */
  remember(game: number | null, command: Command, result: SubmitResult): void {
    if (command.id === undefined || (!result.ok && TRANSIENT.has(result.error.code))) return;
    this.kept.set(key(game, command), { command, result });
    if (this.kept.size > KEPT_DELIVERIES) this.kept.delete(this.kept.keys().next().value!);
  }

  /** Where the memory stands, and the function that forgets what came after. */
  checkpoint(): () => void {
    const known = new Set(this.kept.keys());
    return () => {
      for (const k of [...this.kept.keys()]) if (!known.has(k)) this.kept.delete(k);
    };
  }
}

function key(game: number | null, command: Command): string {
  return `${game ?? 0}\u0000${command.source ?? ''}\u0000${command.id}`;
}
