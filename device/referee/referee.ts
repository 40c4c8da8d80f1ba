// The table session: every input's commands go through one queue and are applied strictly one
// at a time in arrival order; each accepted command is journaled, committed, and only then
// acknowledged and announced (RULES.md §8, §9 and §10). Commands that are already waiting
// when a commit starts share it (group commit): still one at a time, still committed before
// any of them is answered, but one sync to disk for the lot.
import pino from 'pino';
import {
  applyCommand, validateCommand, type Command, type GameState, type NewGameCommand, type DealCommand, type PlayCommand, type Rejection,
} from '../rules/index.ts';
import { announce } from './announce.ts';
import { BatchQueue } from './batch-queue.ts';
import { canonical, seatOf } from './canonical.ts';
import { isLanguage } from './i18n/index.ts';
import { Journal, JournalError } from './journal.ts';
import { checkPlayerNames } from './names.ts';
import { publicEvents, unavailableCards } from './public-events.ts';
import { GameSession } from './session.ts';
import { renderTranscript } from './transcript.ts';
import type {
  CardScanner, GameSummary, Language, PrivateView, PublicView, RefereeApi, RefereeError, RefereeEvent, RefereeUpdate, SubmitResult,
} from './types.ts';
import { privateView, publicView, type ViewContext } from './views.ts';

/** How the referee is built; the web server and main.ts pass exactly this. */
export interface RefereeOptions {
  dataDir: string;
  scanner?: CardScanner;
  logger?: pino.Logger;
  language?: Language;
  /** Opens the journal read-only (the CLI's state, games, replay and export): nothing is created or written. */
  readonly?: boolean;
}

/** Updates kept for clients that reconnect (older ones get a snapshot instead). */
const KEPT_UPDATES = 256;
/** Deliveries remembered in memory for duplicate suppression (accepted ones are also found in the journal). */
const KEPT_DELIVERIES = 1024;
/** The most commands one commit carries. */
const MAX_BATCH = 256;
/** Commands a seat sends whose refusal the table hears about (the banner, LEDs and buzzer). */
const SEAT_PLAYS = new Set<Command['type']>(['play', 'endTurn', 'pass', 'draw', 'discard', 'take']);

/** Refusals a retry may get past (a disk that recovers, a card scanned again): never remembered as the answer. */
const TRANSIENT = new Set<string>(['journal/failed', 'referee/not-started', 'scan/rescan', 'scan/unavailable']);
/** Fields the referee fills in when a command comes without them: the scanned card, the table's language. */
const FILLED: Partial<Record<Command['type'], string>> = { play: 'card', newGame: 'language' };

/** True when a retry asks for what the first delivery asked (the envelope aside). */
function sameCommand(first: Command, retry: Command): boolean {
  const strip = (c: Command, drop?: string) => {
    const { source: _s, id: _i, ...rest } = c as Command & Record<string, unknown>;
    if (drop !== undefined) delete (rest as Record<string, unknown>)[drop];
    return JSON.stringify(canonical(rest as Command));
  };
  if (strip(first) === strip(retry)) return true;
  const filled = FILLED[retry.type];
  return filled !== undefined && (retry as unknown as Record<string, unknown>)[filled] === undefined && strip(first, filled) === strip(retry);
}

const refused = (code: RefereeError['code'], message: string): SubmitResult => ({ ok: false, error: { code, message } });
const describe = (e: unknown) => (e instanceof Error ? e.message : String(e));

export class Referee implements RefereeApi {
  private readonly logger: pino.Logger;
  private readonly language: Language;
  private journal: Journal | null = null;
  private running = false;
  private session: GameSession | null = null;
  private readonly queue = new BatchQueue<unknown, SubmitResult>((batch) => this.runBatch(batch), MAX_BATCH);
  private readonly listeners = new Set<(update: RefereeUpdate) => void>();
  private updates: RefereeUpdate[] = [];
  /** Updates of the batch being applied: heard only once it is committed. */
  private held: Array<{ update: RefereeUpdate; keep: boolean }> = [];
  /** Answers by (game, source, id): the command as sent, and what it was answered. */
  private readonly deliveries = new Map<string, { command: Command; result: SubmitResult }>();
  private announcement: string | null = null;
  private warning: PublicView['warning'] = null;

  constructor(private readonly options: RefereeOptions) {
    this.logger = options.logger ?? pino({ enabled: false });
    this.language = options.language ?? 'en';
  }

  /** Opens (or creates) the journal and rebuilds the current game from it. */
  async start(): Promise<void> {
    if (this.running) return;
    if (!isLanguage(this.language)) throw new Error(`unknown announcement language "${String(this.language)}"`);
    const journal = Journal.open(this.options.dataDir, { readonly: this.options.readonly });
    this.journal = journal;
    try {
      this.rebuild();
    } catch (e) {
      this.journal = null;
      journal?.close();
      throw new JournalError(`the journal ${journal?.file ?? this.options.dataDir} cannot be replayed (${describe(e)}); it was left untouched`);
    }
    this.running = true;
    this.logger.info({ file: this.journal?.file ?? null, game: this.session?.game ?? null, seq: this.session?.seq ?? 0 }, 'referee started');
  }

  /** Lets queued commands finish, then closes the journal. */
  async stop(): Promise<void> {
    if (!this.running) return;
    await this.queue.idle();
    this.running = false;
    this.journal?.close();
    this.journal = null;
  }

  /** Applies one command (untrusted JSON) after every earlier one, from whatever source. */
  submit(command: unknown): Promise<SubmitResult> {
    return this.queue.push(command);
  }

  /** The public view of the table now. */
  publicView(): PublicView {
    return publicView(this.session?.state ?? null, this.context());
  }

  /** One seat's private view, or null when there is no such seat. */
  privateView(seat: number): PrivateView | null {
    return privateView(this.session?.state ?? null, this.context(), seat);
  }

  /** Hears every update in order; returns the function that stops listening. */
  subscribe(listener: (update: RefereeUpdate) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Updates after `seq` of the current game, or null when they are no longer kept. */
  updatesSince(seq: number): RefereeUpdate[] | null {
    const current = this.session?.seq ?? 0;
    if (!Number.isInteger(seq) || seq > current) return null;
    const later = this.updates.filter((u) => u.seq > seq);
    if (seq < current && (later.length === 0 || later[0]!.seq !== seq + 1)) return null;
    return later;
  }

  /** Every kept game, oldest first. */
  listGames(): GameSummary[] {
    return (this.journal?.games() ?? []).map(({ language: _language, ...summary }) => summary);
  }

  /** A game's commands and events, as JSON. */
  exportGame(id: number): ReturnType<RefereeApi['exportGame']> {
    const game = Number.isInteger(id) ? this.journal?.game(id) : null;
    if (game === null || game === undefined) return null;
    const { language: _language, ...summary } = game;
    return { game: summary, commands: this.journal!.entries(id) };
  }

  /** A game as a readable transcript, in its table's language unless another (known) one is asked for. */
  transcript(id: number, language?: Language): string | null {
    const game = Number.isInteger(id) ? this.journal?.game(id) : null;
    if (game === null || game === undefined) return null;
    return renderTranscript(game, this.journal!.entries(id), isLanguage(language) ? language : game.language);
  }

  private context(): ViewContext {
    return {
      game: this.session?.game ?? null,
      seq: this.session?.seq ?? 0,
      language: this.tableLanguage(),
      announcement: this.announcement,
      warning: this.warning,
    };
  }

  private tableLanguage(): Language {
    const asked = this.session?.newGame.language;
    return isLanguage(asked) ? asked : this.language;
  }

  /** Rebuilds the current game from the journal, through the same steps as live play. */
  private rebuild(): void {
    const id = this.journal?.currentGame() ?? null;
    const rebuilt = id === null ? null : GameSession.rebuild(id, this.journal!.entries(id), (seq, rejection) => {
      this.logger.warn({ game: id, seq, rejection }, 'a journaled command is refused on rebuild; skipped');
    });
    this.session = rebuilt?.session ?? null;
    this.announcement = rebuilt === null ? null : this.render(rebuilt.events, rebuilt.session.state).join(' ') || null;
  }

  /** Applies a batch of commands one at a time, commits them together, then lets the table hear of them. */
  private async runBatch(batch: unknown[]): Promise<SubmitResult[]> {
    const writable = this.running && this.journal !== null && !this.options.readonly;
    const restore = this.checkpoint();
    const results: SubmitResult[] = [];
    try {
      if (writable) this.journal!.begin();
      for (const input of batch) results.push(await this.handleSafely(input));
      if (writable) this.journal!.commit();
    } catch (e) {
      // The commit failed (disk full, I/O error): nothing of the batch stands, and nobody hears of it.
      this.logger.error({ err: e }, 'journal commit failed; the batch is undone');
      this.journal?.rollback();
      restore();
      const failed = refused('journal/failed', `the journal could not be written, so the command was not applied: ${describe(e)}`);
      return batch.map(() => failed);
    }
    const held = this.held;
    this.held = [];
    for (const { update, keep } of held) this.broadcast(update, keep);
    return results;
  }

  /** Where the referee stands, and the function that puts it back there. */
  private checkpoint(): () => void {
    const session = this.session;
    const back = session?.checkpoint();
    const { announcement, warning, updates } = this;
    const known = new Set(this.deliveries.keys());
    return () => {
      this.session = session;
      back?.();
      this.announcement = announcement;
      this.warning = warning;
      this.updates = updates;
      this.held = [];
      for (const key of [...this.deliveries.keys()]) if (!known.has(key)) this.deliveries.delete(key);
    };
  }

  /** A bug in one command is logged and answered; it does not take the batch down. */
  private async handleSafely(input: unknown): Promise<SubmitResult> {
    try {
      return await this.handle(input);
    } catch (e) {
      this.logger.error({ err: e, command: input }, 'referee: a command failed');
      return refused('journal/failed', `the command could not be applied: ${describe(e)}`);
    }
  }

  private async handle(input: unknown): Promise<SubmitResult> {
    if (!this.running || this.journal === null) return refused('referee/not-started', 'the referee is not running');
    const valid = validateCommand(input);
    if (!valid.ok) return { ok: false, error: valid.rejection };
    const command = canonical(valid.command);
    // An id names one command of one sender in one game: a retry is answered as the first time.
    if (command.id !== undefined) {
      const earlier = this.deliveries.get(this.deliveryKey(command)) ?? this.journaledDelivery(command);
      if (earlier !== null) {
        if (sameCommand(earlier.command, command)) return earlier.result;
        return refused('command/id-conflict', `the id "${command.id}" was already used for another command (${earlier.command.type}) in this game: send a new id`);
      }
    }
    const result = await this.process(command);
    // Keyed by the game after the command: a newGame's retry is looked up in the game it started.
    if (command.id !== undefined && (result.ok || !TRANSIENT.has(result.error.code))) this.remember(this.deliveryKey(command), { command, result });
    return result;
  }

  private deliveryKey(command: Command): string {
    return `${this.session?.game ?? 0}\u0000${command.source ?? ''}\u0000${command.id}`;
  }

  private journaledDelivery(command: Command): { command: Command; result: SubmitResult } | null {
    const game = this.session?.game;
    if (game === undefined) return null;
    const found = this.journal!.delivery(game, command.source ?? '', command.id!);
    if (found === null) return null;
    return { command: found.command, result: { ok: true, seq: found.seq, events: found.events, view: this.publicView() } };
  }

  private remember(key: string, delivery: { command: Command; result: SubmitResult }): void {
    this.deliveries.set(key, delivery);
    if (this.deliveries.size > KEPT_DELIVERIES) this.deliveries.delete(this.deliveries.keys().next().value!);
  }

  private async process(command: Command): Promise<SubmitResult> {
    if (this.options.readonly) return refused('journal/failed', 'the journal is open read-only');
    if (command.type === 'newGame') return this.startGame(command);
    const session = this.session;
    if (session === null) return refused('game/none', 'no game has been started: start a new game first');
    if ((command.type === 'play' || command.type === 'deal') && command.card === undefined) {
      const scanned = await this.scan(session, command);
      if (!scanned.ok) return scanned.result;
      command = scanned.command;
    }
    const seq = session.seq + 1;
    const plan = session.plan(command, seq);
    if (!plan.ok) return this.refusePlay(command, plan.rejection);
    try {
      this.journal!.append(session.game, seq, command, plan.events, plan.state.phase, new Date().toISOString());
    } catch (e) {
      this.logger.error({ err: e, seq }, 'journal write failed');
      return refused('journal/failed', `the journal could not be written, so the command was not applied: ${describe(e)}`);
    }
    plan.apply();
    this.warning = null;
    return this.accepted(seq, plan.events);
  }

  private startGame(command: NewGameCommand): SubmitResult {
    const language = command.language ?? this.language;
    if (!isLanguage(language)) return refused('language/unknown', `announcements exist in en, de, pt, ru and ko, not "${language}"`);
    const names = checkPlayerNames(command.players);
    if (names !== null) return refused('newGame/players', names);
    const r = applyCommand(null, command);
    if (!r.ok) return { ok: false, error: r.rejection };
    const stored = { ...command, language } as NewGameCommand;
    let id: number;
    try {
      id = this.journal!.startGame({ players: r.state.players.map((p) => p.name), language, phase: r.state.phase, command: stored, events: r.events, at: new Date().toISOString() });
    } catch (e) {
      return refused('journal/failed', `the journal could not be written, so no game was started: ${describe(e)}`);
    }
    this.session = new GameSession(id, stored, r.state);
    this.updates = [];
    this.warning = null;
    return this.accepted(1, r.events);
  }

  /** Reads the card of a play or a deal sent without one, through the injected scanner. */
  private async scan<C extends PlayCommand | DealCommand>(session: GameSession, command: C): Promise<{ ok: true; command: C } | { ok: false; result: SubmitResult }> {
    // The rules check the turn first; only a play that lacks nothing but its card is worth a scan.
    const pre = session.plan(command, session.seq + 1);
    if (pre.ok || pre.rejection.code !== 'card/missing') {
      return { ok: false, result: pre.ok ? refused('card/missing', 'no card') : this.refusePlay(command, pre.rejection) };
    }
    const scanner = this.options.scanner;
    if (scanner === undefined) return { ok: false, result: refused('scan/unavailable', 'no camera is connected: enter the card instead') };
    let read: Awaited<ReturnType<CardScanner>>;
    try {
      read = await scanner(command.seat, unavailableCards(session.state, command.seat));
    } catch (e) {
      this.logger.warn({ err: e }, 'scanner failed');
      return { ok: false, result: refused('scan/unavailable', `the camera could not scan: ${describe(e)}`) };
    }
    if ('rescan' in read) {
      const event: RefereeEvent = { type: 'rescanNeeded', seat: command.seat, alternatives: read.alternatives };
      const lines = this.render([event], session.state);
      this.warning = { code: 'scan/rescan', message: lines.join(' '), seat: command.seat };
      this.hold({ seq: session.seq, events: [event], announcements: lines, view: this.publicView() }, false);
      return { ok: false, result: refused('scan/rescan', `the card could not be read confidently (${read.reason}): scan it again or enter it`) };
    }
    return { ok: true, command: { ...command, card: read.card } };
  }

  /** Answers a refused command; a refused seat play is also flagged to the table, state unchanged. */
  private refusePlay(command: Command, rejection: Rejection): SubmitResult {
    if (SEAT_PLAYS.has(command.type) && rejection.code !== 'command/malformed' && this.session !== null) {
      const seat = seatOf(command);
      const flag = { type: 'illegalPlay' as const, seat, code: rejection.code, command: command.type };
      const lines = this.render([{ ...flag, message: '' }], this.session.state);
      const event: RefereeEvent = { ...flag, message: lines.join(' ') };
      this.warning = { code: rejection.code, message: event.message, seat };
      this.hold({ seq: this.session.seq, events: [event], announcements: lines, view: this.publicView() }, false);
    }
    return { ok: false, error: rejection };
  }

  private accepted(seq: number, events: RefereeEvent[]): SubmitResult {
    const state = this.session!.state;
    const lines = this.render(events, state);
    this.announcement = lines.join(' ') || null;
    const view = this.publicView();
    this.hold({ seq, events: publicEvents(events, state), announcements: lines, view }, true);
    return { ok: true, seq, events, view };
  }

  private render(events: readonly RefereeEvent[], state: GameState): string[] {
    return announce(events, state, this.tableLanguage());
  }

  /** Keeps an update until its batch is committed (a refusal changes nothing, but keeps its place in line). */
  private hold(update: RefereeUpdate, keep: boolean): void {
    this.held.push({ update, keep });
  }

  private broadcast(update: RefereeUpdate, keep: boolean): void {
    // Updates are kept for the current game only (a batch may end one game and start the next).
    if (keep && update.view.game === (this.session?.game ?? null)) {
      this.updates.push(update);
      if (this.updates.length > KEPT_UPDATES) this.updates.splice(0, this.updates.length - KEPT_UPDATES);
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
