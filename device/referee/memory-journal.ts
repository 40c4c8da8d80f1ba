// A journal in memory, behind the same port as the SQLite one: for unit tests, which then need
// no data folder. A batch is undone by putting back a copy taken at begin().
import type { Command, Phase } from '../rules/index.ts';
import type { JournalEntry, JournalGame, NewGameRecord, RefereeStorage } from './storage.ts';
import type { RefereeEvent } from './types.ts';

interface KeptGame { summary: JournalGame; entries: JournalEntry[] }

export class MemoryJournal implements RefereeStorage {
  readonly file = null;
  private kept: KeptGame[] = [];
  private saved: KeptGame[] | null = null;

  begin(): void {
    this.saved = structuredClone(this.kept);
  }

  commit(): void {
    this.saved = null;
  }

  rollback(): void {
    if (this.saved !== null) this.kept = this.saved;
    this.saved = null;
  }

  close(): void {}

  startGame(input: NewGameRecord): number {
    const id = this.kept.length + 1;
    const summary: JournalGame = { id, startedAt: input.at, players: [...input.players], phase: input.phase, commands: 1, language: input.language };
    this.kept.push({ summary, entries: [{ seq: 1, command: structuredClone(input.command), events: structuredClone(input.events) }] });
    return id;
  }

  append(game: number, seq: number, command: Command, events: RefereeEvent[], phase: Phase | null, _at: string): void {
    const kept = this.kept[game - 1];
    if (kept === undefined) throw new Error(`no game ${game} in the journal`);
    if (kept.entries.some((e) => e.seq === seq)) throw new Error(`game ${game} already has a command ${seq}`);
    kept.entries.push({ seq, command: structuredClone(command), events: structuredClone(events) });
    kept.summary = { ...kept.summary, phase, commands: kept.entries.length };
  }

  currentGame(): number | null {
    return this.kept.length === 0 ? null : this.kept.length;
  }

  entries(game: number): JournalEntry[] {
    return structuredClone(this.kept[game - 1]?.entries ?? []);
  }

  delivery(game: number, source: string, id: string): JournalEntry | null {
    const found = this.kept[game - 1]?.entries.find((e) => (e.command.source ?? '') === source && e.command.id === id);
    return found === undefined ? null : structuredClone(found);
  }

  games(): JournalGame[] {
    return this.kept.map((k) => ({ ...k.summary }));
  }

  game(id: number): JournalGame | null {
    const kept = this.kept[id - 1];
    return kept === undefined ? null : { ...kept.summary };
  }
}
