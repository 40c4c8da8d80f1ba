// An in-memory RefereeApi for the web server's unit tests: it drives the REAL rules engine
// (applyCommand) but keeps no journal and writes English one-liners instead of the referee's
// announcements. The end-to-end and browser tests use the real Referee.
import {
  applyCommand, currentRule, formatCard, livePalettes, satisfyingSet, type Card, type Command, type GameState,
} from '../../../device/rules/index.ts';
import { impossibleCards, type ScanSource } from '../../../device/referee/exclusions.ts';
import type {
  GameSummary, PrivateView, PublicView, RefereeApi, RefereeEvent, RefereeUpdate, SubmitResult,
} from '../../../device/referee/types.ts';

interface Entry { seq: number; command: Command; events: RefereeEvent[] }

/** A referee without a journal, over the real rules. */
export class FakeReferee implements RefereeApi {
  private state: GameState | null = null;
  private log: Entry[] = [];
  private updates: RefereeUpdate[] = [];
  private listeners = new Set<(u: RefereeUpdate) => void>();
  private game: number | null = null;
  private warning: PublicView['warning'] = null;
  private announcement: string | null = null;
  private startedAt = new Date(0).toISOString();
  /** Commands submitted, in order (what the server passed on). */
  readonly received: unknown[] = [];

  async start(): Promise<void> {}
  async stop(): Promise<void> {}

  async submit(input: unknown): Promise<SubmitResult> {
    this.received.push(input);
    const cmd = input as Command;
    if (cmd.type === 'undo') {
      if (this.log.length === 0) return { ok: false, error: { code: 'undo/nothing', message: 'nothing to undo' } };
      const kept = this.log.slice(0, -1);
      const undone = this.log[this.log.length - 1]!.seq;
      this.rebuild(kept);
      return this.accept({ type: 'undo' }, [{ type: 'undone', seq: undone }], false);
    }
    if (cmd.type === 'correct') return { ok: false, error: { code: 'correct/unknown-seq', message: 'the fake does not correct' } };
    const r = applyCommand(this.state, cmd);
    if (!r.ok) {
      if (cmd.type === 'play' || cmd.type === 'discard') {
        this.warning = { code: r.rejection.code, message: r.rejection.message, seat: cmd.seat };
        this.emit({ seq: this.seq(), events: [{ type: 'illegalPlay', seat: cmd.seat, code: r.rejection.code, message: r.rejection.message }], announcements: [r.rejection.message], view: this.publicView() });
      }
      return { ok: false, error: r.rejection };
    }
    if (cmd.type === 'newGame') {
      this.game = (this.game ?? 0) + 1;
      this.log = [];
      this.updates = [];
    }
    this.state = r.state;
    return this.accept(cmd, r.events, true);
  }

  private accept(cmd: Command, events: RefereeEvent[], record: boolean): SubmitResult {
    const seq = this.seq() + 1;
    if (record) this.log.push({ seq, command: cmd, events });
    this.warning = null;
    this.announcement = `${cmd.type} accepted`;
    const view = this.publicView(seq);
    this.emit({ seq, events, announcements: [this.announcement], view });
    return { ok: true, seq, events, view };
  }

  private rebuild(entries: Entry[]): void {
    let s: GameState | null = null;
    for (const e of entries) {
      const r = applyCommand(s, e.command);
      if (r.ok) s = r.state;
    }
    this.state = s;
    this.log = entries;
  }

  private lastSeq = 0;
  private seq(): number {
    return this.lastSeq;
  }

  private emit(u: RefereeUpdate): void {
    this.lastSeq = Math.max(this.lastSeq, u.seq);
    this.updates.push(u);
    for (const l of this.listeners) l(u);
  }

  publicView(seq = this.lastSeq): PublicView {
    const s = this.state;
    const rule = s === null ? 'red' : currentRule(s);
    const lead = s === null ? null : s.leader;
    const leadSet = s !== null && lead !== null ? satisfyingSet(livePalettes(s)[lead]!, rule) : [];
    return {
      game: this.game, seq, phase: s?.phase ?? null, round: s?.round ?? 0, rule,
      canvas: s?.canvas.map(formatCard) ?? [], active: s?.active ?? null, leader: lead,
      leaderReason: leadSet.length > 0 ? { count: leadSet.length, best: formatCard(Math.max(...leadSet) as Card) } : null,
      deck: s?.deck ?? 0, pending: s?.turn?.pending[0] ?? null, winner: s?.winner ?? null,
      advanced: s?.advanced ?? false, actions: s?.actions ?? false, language: 'en',
      target: null,
      players: (s?.players ?? []).map((p) => ({
        name: p.name, palette: p.palette.map(formatCard), hand: p.hand, out: p.out, score: p.score,
        scored: p.scored.map(formatCard), counting: p.out ? [] : satisfyingSet(p.palette, rule).map(formatCard),
      })),
      rounds: (s?.rounds ?? []).map((r) => ({ round: r.round, winner: r.winner, rule: r.rule, scored: r.scored.map(formatCard), points: r.points })),
      announcement: this.announcement, warning: this.warning,
    };
  }

  privateView(seat: number): PrivateView | null {
    const p = this.state?.players[seat];
    if (p === undefined) return null;
    return { ...this.publicView(), seat, knownHand: p.known.map(formatCard) };
  }

  subscribe(listener: (u: RefereeUpdate) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** How many listeners are attached (the hub must let go on stop). */
  get listenerCount(): number {
    return this.listeners.size;
  }

  updatesSince(seq: number): RefereeUpdate[] | null {
    const first = this.updates[0];
    if (first !== undefined && seq < first.seq - 1) return null;
    return this.updates.filter((u) => u.seq > seq);
  }

  listGames(): GameSummary[] {
    if (this.game === null) return [];
    return [{ id: this.game, startedAt: this.startedAt, players: this.state?.players.map((p) => p.name) ?? [], phase: this.state?.phase ?? null, commands: this.log.length }];
  }

  exportGame(id: number) {
    const game = this.listGames().find((g) => g.id === id);
    return game === undefined ? null : { game, commands: this.log.map((e) => ({ ...e })) };
  }

  excludedCards(seat: number | null, from: ScanSource): string[] {
    return impossibleCards(this.state, seat, from);
  }

  /** The fake never reads cards: a card-less play is submitted as it is. */
  cardWanted(): boolean {
    return false;
  }

  async flagRescan(seat: number, alternatives: Array<{ card: string; p: number }>, reason: string, code: 'scan/rescan' | 'scan/unavailable'): Promise<SubmitResult> {
    this.warning = { code: 'scan/rescan', message: reason, seat };
    this.emit({ seq: this.seq(), events: [{ type: 'rescanNeeded', seat, alternatives }], announcements: [reason], view: this.publicView() });
    return { ok: false, error: { code, message: reason } };
  }

  transcript(id: number): string | null {
    return this.exportGame(id) === null ? null : this.log.map((e) => `${e.seq}. ${e.command.type}`).join('\n');
  }
}
