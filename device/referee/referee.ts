// The table session: every input's commands go through one queue and are applied strictly one
// at a time in arrival order; each accepted command is journaled, committed, and only then
// acknowledged and announced (RULES.md §8, §9 and §10). Commands that are already waiting
// when a commit starts share it (group commit): still one at a time, still committed before
// any of them is answered, but one sync to disk for the lot. Cards arrive already read (the
// table-inputs layer reads them), so nothing inside a batch waits on I/O but the journal.
import pino from 'pino';
import { applyCommand, validateCommand, type Command, type NewGameCommand } from '../rules/index.ts';
import { Announcer, type Flag } from './announcer.ts';
import { BatchQueue } from './batch-queue.ts';
import { canonical } from './canonical.ts';
import { Deliveries, sameCommand } from './deliveries.ts';
import { impossibleCards, type ScanSource } from './exclusions.ts';
import { isLanguage } from './i18n/index.ts';
import { Journal, JournalError } from './journal.ts';
import { checkPlayerNames } from './names.ts';
import { publicEvents } from './public-events.ts';
import { exportGame, listGames, transcriptOf } from './read-model.ts';
import { GameSession } from './session.ts';
import type { RefereeStorage } from './storage.ts';
import type {
  GameSummary, Language, PrivateView, PublicView, RefereeApi, RefereeError, RefereeEvent, RefereeUpdate, SubmitResult,
} from './types.ts';
import { UpdateHistory } from './update-history.ts';
import { privateView, publicView, type ViewContext } from './views.ts';

/** How the referee is built: its storage (or the data folder of the SQLite journal), a logger, the table's language. */
export interface RefereeOptions {
  /** The data folder of the SQLite journal (red7.db); ignored when `storage` is given. */
  dataDir?: string;
  /** The storage to keep commands in (an in-memory journal in unit tests); null: nothing kept yet (read-only, no journal). */
  storage?: RefereeStorage | null;
  logger?: pino.Logger;
  language?: Language;
  /** Opens the journal read-only (the CLI's state, games, replay and export): nothing is created or written. */
  readonly?: boolean;
}

/** The most commands one commit carries. */
const MAX_BATCH = 256;

/** A rescan flag in the queue: a symbol key, so no JSON command can pose as one. */
const RESCAN = Symbol('rescan');
interface RescanFlag { [RESCAN]: { seat: number; alternatives: Array<{ card: string; p: number }>; reason: string; code: 'scan/rescan' | 'scan/unavailable' } }
const isRescan = (x: unknown): x is RescanFlag => typeof x === 'object' && x !== null && RESCAN in x;

const refused = (code: RefereeError['code'], message: string): SubmitResult => ({ ok: false, error: { code, message } });
const describe = (e: unknown) => (e instanceof Error ? e.message : String(e));

export class Referee implements RefereeApi {
  private readonly logger: pino.Logger;
  private readonly language: Language;
  private storage: RefereeStorage | null = null;
  private running = false;
  private session: GameSession | null = null;
  private readonly queue = new BatchQueue<unknown, SubmitResult>(async (batch) => this.runBatch(batch), MAX_BATCH);
  private readonly history: UpdateHistory;
  private readonly deliveries = new Deliveries();
  private readonly announcer = new Announcer();

  constructor(private readonly options: RefereeOptions) {
    this.logger = options.logger ?? pino({ enabled: false });
    this.language = options.language ?? 'en';
    this.history = new UpdateHistory(this.logger);
  }

  /** Opens (or creates) the journal and rebuilds the current game from it. */
  async start(): Promise<void> {
    if (this.running) return;
    if (!isLanguage(this.language)) throw new Error(`unknown announcement language "${String(this.language)}"`);
    const storage = this.options.storage !== undefined ? this.options.storage : this.openJournal();
    this.storage = storage;
    try {
      this.rebuild();
    } catch (e) {
      this.storage = null;
      storage?.close();
      throw new JournalError(`the journal ${storage?.file ?? this.options.dataDir ?? 'in memory'} cannot be replayed (${describe(e)}); it was left untouched`);
    }
    this.running = true;
    this.logger.info({ file: storage?.file ?? null, game: this.session?.game ?? null, seq: this.session?.seq ?? 0 }, 'referee started');
  }

  /** Lets queued commands finish, then closes the journal. */
  async stop(): Promise<void> {
    if (!this.running) return;
    await this.queue.idle();
    this.running = false;
    this.storage?.close();
    this.storage = null;
  }

  /** Applies one command (untrusted JSON) after every earlier one, from whatever source. */
  submit(command: unknown): Promise<SubmitResult> {
    return this.queue.push(command);
  }

  /** Tells the table a seat's card could not be read surely, in line with the commands. */
  flagRescan(seat: number, alternatives: Array<{ card: string; p: number }>, reason: string, code: 'scan/rescan' | 'scan/unavailable'): Promise<SubmitResult> {
    const flag: RescanFlag = { [RESCAN]: { seat, alternatives, reason, code } };
    return this.queue.push(flag);
  }

  /** The cards that cannot be on the scan tray for a seat now (RULES.md §9), from the full state. */
  excludedCards(seat: number | null, from: ScanSource): string[] {
    return impossibleCards(this.session?.state ?? null, seat, from);
  }

  /** True when the command would stand now but for its card, and its id has not been answered in this game. */
  cardWanted(command: Command): boolean {
    const session = this.session;
    if (session === null || !this.running) return false;
    if (this.deliveries.earlier(session.game, command, this.storage, (seq, events) => ({ ok: true, seq, events, view: this.publicView() })) !== null) return false;
    const { card: _card, ...cardless } = command as Command & { card?: string };
    const plan = session.plan(cardless as Command, session.seq + 1);
    return !plan.ok && plan.rejection.code === 'card/missing';
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
    return this.history.subscribe(listener);
  }

  /** Updates after `seq` of the current game, or null when they are no longer kept. */
  updatesSince(seq: number): RefereeUpdate[] | null {
    return this.history.since(seq, this.session?.seq ?? 0);
  }

  /** Every kept game, oldest first. */
  listGames(): GameSummary[] {
    return listGames(this.storage);
  }

  /** A game's commands and events, as JSON. */
  exportGame(id: number): ReturnType<RefereeApi['exportGame']> {
    return exportGame(this.storage, id);
  }

  /** A game as a readable transcript, in its table's language unless another (known) one is asked for. */
  transcript(id: number, language?: Language): string | null {
    return transcriptOf(this.storage, id, language);
  }

  private openJournal(): RefereeStorage | null {
    if (this.options.dataDir === undefined) throw new Error('the referee needs a data folder or a storage');
    return Journal.open(this.options.dataDir, { readonly: this.options.readonly });
  }

  private context(): ViewContext {
    return {
      game: this.session?.game ?? null,
      seq: this.session?.seq ?? 0,
      language: this.tableLanguage(),
      announcement: this.announcer.announcement,
      warning: this.announcer.warning,
    };
  }

  private tableLanguage(): Language {
    const asked = this.session?.newGame.language;
    return isLanguage(asked) ? asked : this.language;
  }

  /** Rebuilds the current game from the journal, through the same steps as live play. */
  private rebuild(): void {
    const id = this.storage?.currentGame() ?? null;
    const rebuilt = id === null ? null : GameSession.rebuild(id, this.storage!.entries(id), (seq, rejection) => {
      this.logger.warn({ game: id, seq, rejection }, 'a journaled command is refused on rebuild; skipped');
    });
    this.session = rebuilt?.session ?? null;
    this.announcer.rebuilt(rebuilt?.events ?? null, rebuilt?.session.state ?? null, this.tableLanguage());
  }

  /** Applies a batch of commands one at a time, commits them together, then lets the table hear of them. */
  private runBatch(batch: unknown[]): SubmitResult[] {
    const writable = this.running && this.storage !== null && !this.options.readonly;
    const restore = this.checkpoint();
    const results: SubmitResult[] = [];
    try {
      if (writable) this.storage!.begin();
      for (const input of batch) results.push(this.handleSafely(input));
      if (writable) this.storage!.commit();
    } catch (e) {
      // The commit failed (disk full, I/O error): nothing of the batch stands, and nobody hears of it.
      this.logger.error({ err: e }, 'journal commit failed; the batch is undone');
      this.storage?.rollback();
      restore();
      const failed = refused('journal/failed', `the journal could not be written, so the command was not applied: ${describe(e)}`);
      return batch.map(() => failed);
    }
    this.history.release(this.session?.game ?? null);
    return results;
  }

  /** Where the referee stands, and the function that puts it back there. */
  private checkpoint(): () => void {
    const session = this.session;
    const back = [session?.checkpoint(), this.announcer.checkpoint(), this.history.checkpoint(), this.deliveries.checkpoint()];
    return () => {
      this.session = session;
      for (const b of back) b?.();
    };
  }

  /** A bug in one command is logged and answered; it does not take the batch down. */
  private handleSafely(input: unknown): SubmitResult {
    try {
      return this.handle(input);
    } catch (e) {
      this.logger.error({ err: e, command: input }, 'referee: a command failed');
      return refused('journal/failed', `the command could not be applied: ${describe(e)}`);
    }
  }

  private handle(input: unknown): SubmitResult {
    if (!this.running || this.storage === null) return refused('referee/not-started', 'the referee is not running');
    if (isRescan(input)) return this.rescan(input[RESCAN]);
    const valid = validateCommand(input);
    if (!valid.ok) return { ok: false, error: valid.rejection };
    const command = canonical(valid.command);
    // An id names one command of one sender in one game: a retry is answered as the first time.
    const earlier = this.deliveries.earlier(this.session?.game ?? null, command, this.storage, (seq, events) => ({ ok: true, seq, events, view: this.publicView() }));
    if (earlier !== null) {
      if (sameCommand(earlier.command, command)) return earlier.result;
      return refused('command/id-conflict', `the id "${command.id}" was already used for another command (${earlier.command.type}) in this game: send a new id`);
    }
    const result = this.process(command);
    this.deliveries.remember(this.session?.game ?? null, command, result);
    return result;
  }

  private process(command: Command): SubmitResult {
    if (this.options.readonly) return refused('journal/failed', 'the journal is open read-only');
    if (command.type === 'newGame') return this.startGame(command);
    const session = this.session;
    if (session === null) return refused('game/none', 'no game has been started: start a new game first');
    const seq = session.seq + 1;
    const plan = session.plan(command, seq);
    // The referee reads no cards: a play that lacks nothing but its card was not read by the table.
    if (!plan.ok && plan.rejection.code === 'card/missing') return refused('scan/unavailable', 'the card was not read: scan it on the table or enter it');
    if (!plan.ok) {
      this.flag(this.announcer.illegal(command, plan.rejection, session.state, this.tableLanguage()));
      return { ok: false, error: plan.rejection };
    }
    try {
      this.storage!.append(session.game, seq, command, plan.events, plan.state.phase, new Date().toISOString());
    } catch (e) {
      this.logger.error({ err: e, seq }, 'journal write failed');
      return refused('journal/failed', `the journal could not be written, so the command was not applied: ${describe(e)}`);
    }
    plan.apply();
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
      id = this.storage!.startGame({ players: r.state.players.map((p) => p.name), language, phase: r.state.phase, command: stored, events: r.events, at: new Date().toISOString() });
    } catch (e) {
      return refused('journal/failed', `the journal could not be written, so no game was started: ${describe(e)}`);
    }
    this.session = new GameSession(id, stored, r.state);
    this.history.clear();
    return this.accepted(1, r.events);
  }

  /** Flags a card the table could not read surely: the seat's LED, the buzzer and the dashboard's top guesses. */
  private rescan(flag: RescanFlag[typeof RESCAN]): SubmitResult {
    const session = this.session;
    if (session === null) return refused('game/none', 'no game has been started: start a new game first');
    this.flag(this.announcer.rescan(flag.seat, flag.alternatives, session.state, this.tableLanguage()));
    return flag.code === 'scan/rescan'
      ? refused('scan/rescan', `the card could not be read confidently (${flag.reason}): scan it again or enter it`)
      : refused('scan/unavailable', `the card could not be read (${flag.reason}): enter it instead`);
  }

  /** Holds a flag for the table until the batch is committed (state unchanged, so it keeps the current seq). */
  private flag(flag: Flag | null): void {
    if (flag === null || this.session === null) return;
    this.history.hold({ seq: this.session.seq, events: flag.events, announcements: flag.lines, view: this.publicView() }, false);
  }

  private accepted(seq: number, events: RefereeEvent[]): SubmitResult {
    const state = this.session!.state;
    const lines = this.announcer.accepted(events, state, this.tableLanguage());
    const view = this.publicView();
    this.history.hold({ seq, events: publicEvents(events, state), announcements: lines, view }, true);
    return { ok: true, seq, events, view };
  }
}
