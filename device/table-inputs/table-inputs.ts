// The one place that decides what a table input means: a panel key press, the Pi's scan button,
// a photo uploaded from the dashboard and a card-less play tapped on it. A meaning that needs
// the card on the tray reads it once through the card reader, with the cards the full game
// state rules out; the referee then receives a command whose card is known. An unsure read is
// never guessed and never read again behind the player's back: the table is asked for a rescan
// (the seat's LED, the buzzer, the dashboard's top guesses) and the next press reads afresh.
import { randomUUID } from 'node:crypto';
import type { Logger } from 'pino';
import { validateCommand, type Command } from '../rules/index.ts';
import type { PanelKeyEvent } from '../hardware/panel/key-event.ts';
import type { Seat } from '../hardware/panel/protocol.ts';
import { resolveMeaning, type CardScanner, type PanelOutcome } from './key-commands.ts';
import type { RefereeApi, SubmitResult } from '../referee/types.ts';
import type { CardRead, CardReader } from './card-reader.ts';
import { keyMeaning, trayMeaning, type Envelope, type Meaning } from './meaning.ts';

/** What became of one input. */
export type InputOutcome =
  | { kind: 'submitted'; command: Command; result: SubmitResult }
  /** The card could not be read surely: the table was asked to lay it again. */
  | { kind: 'rescan'; seat: Seat; reason: string; alternatives: Array<{ card: string; p: number }>; result: SubmitResult }
  | Exclude<PanelOutcome, { kind: 'command' | 'rescan' }>;

/** A photo read as a seat's PALETTE or CANVAS press: the read, and the command it makes (null when none). */
export interface PhotoPlay {
  read: CardRead;
  command: Command | null;
}

export interface TableInputsOptions {
  referee: RefereeApi;
  reader: CardReader;
  logger?: Logger;
  newId?: () => string;
}

/** The table's inputs over the referee; for the web it stands in for the referee itself. */
export class TableInputs implements RefereeApi {
  private readonly referee: RefereeApi;
  private readonly reader: CardReader;
  private readonly newId: () => string;
  /** Settles once the last input was handed to the referee: inputs keep their order, and a read never overtakes. */
  private handedOn: Promise<unknown> = Promise.resolve();

  constructor(private readonly options: TableInputsOptions) {
    this.referee = options.referee;
    this.reader = options.reader;
    this.newId = options.newId ?? randomUUID;
  }

  /** A seat panel's key (the board's or the dashboard's virtual one), after every earlier input. */
  press(event: PanelKeyEvent): Promise<InputOutcome> {
    return this.inOrder(() => this.prepare(keyMeaning(event, this.referee.publicView(), { source: 'panel', id: `panel-${this.newId()}` })));
  }

  /** The Pi's scan button: the card on the tray goes to the active player's palette (nothing without a turn). */
  scanButton(): Promise<InputOutcome | null> {
    return this.inOrder(async () => {
      const view = this.referee.publicView();
      if (view.active === null) return async () => null;
      return this.prepare(trayMeaning(view, view.active, 'palette', { source: 'scan-button', id: this.newId() }));
    });
  }

  /** A command from the web: a play or deal sent without its card is read from the tray first. */
  submit(input: unknown): Promise<SubmitResult> {
    return this.inOrder(async () => {
      const valid = validateCommand(input);
      const command = valid.ok ? valid.command : null;
      if (command === null || (command.type !== 'play' && command.type !== 'deal') || command.card !== undefined) return () => this.referee.submit(input);
      const envelope: Envelope = { ...(command.source === undefined ? {} : { source: command.source }), ...(command.id === undefined ? {} : { id: command.id }) };
      const meaning = trayMeaning(this.referee.publicView(), command.seat, command.type === 'deal' ? 'palette' : command.to, envelope);
      // Only a play that lacks nothing but its card is worth a capture (a retry already answered is answered again).
      if (meaning.kind !== 'card' || !this.wanted(meaning)) return () => this.referee.submit(command);
      const send = await this.prepare(meaning);
      return async () => {
        const outcome = await send();
        if (outcome.kind === 'submitted' || outcome.kind === 'rescan') return outcome.result;
        return { ok: false, error: { code: 'card/missing', message: 'message' in outcome ? outcome.message : 'the card could not be read' } };
      };
    });
  }

  /** An uploaded photo as the seat's PALETTE or CANVAS press: the read (same rule as the tray) and the command it makes. */
  async readPhotoPlay(photo: Buffer, seat: number, to: 'palette' | 'canvas'): Promise<PhotoPlay> {
    const meaning = trayMeaning(this.referee.publicView(), seat, to, {});
    const read = await this.reader.readPhoto(photo, meaning.kind === 'card' ? this.referee.excludedCards(seat, meaning.from) : []);
    if (!read.ok || meaning.kind !== 'card') return { read, command: null };
    const next = meaning.complete(read.card);
    return { read, command: next.kind === 'command' ? next.command : null };
  }

  /** Reads a photo without playing it: a player checks a hand card privately (RULES.md §10). */
  identifyPhoto(photo: Buffer): Promise<CardRead> {
    return this.reader.readPhoto(photo, this.referee.excludedCards(null, 'hand'), 'private');
  }

  /** Whether uploaded photos can be read here. */
  canReadPhotos(): Promise<boolean> {
    return this.reader.canReadPhotos();
  }

  /**
   * Runs `prepare` (which may read the tray) after every earlier input has been handed to the
   * referee, then hands this one on at once: the referee's queue keeps the order, and its group
   * commit still batches whatever arrives together.
   */
  private inOrder<T>(prepare: () => Promise<() => Promise<T>>): Promise<T> {
    const prepared = this.handedOn.then(prepare);
    const result = prepared.then((handOn) => handOn());
    this.handedOn = prepared.catch(() => undefined);
    return result;
  }

  /** Whether the referee would take the meaning's command once its card is known. */
  private wanted(meaning: Extract<Meaning, { kind: 'card' }>): boolean {
    const probe = meaning.complete('R1');
    return probe.kind === 'command' && this.referee.cardWanted(probe.command);
  }

  /** Reads the tray once if the meaning needs a card; answers the step that hands the result to the referee. */
  private async prepare(meaning: Meaning): Promise<() => Promise<InputOutcome>> {
    let refusal: Extract<CardRead, { ok: false }> | null = null;
    const scanner: CardScanner = {
      scan: async (seat, from = 'hand') => {
        const read = await this.reader.readTray(this.referee.excludedCards(seat, from));
        if (read.ok) return { card: read.card };
        refusal = read;
        return { rescan: read.message, alternatives: read.alternatives };
      },
    };
    const outcome = await resolveMeaning(meaning, scanner);
    switch (outcome.kind) {
      case 'command':
        return async () => ({ kind: 'submitted', command: outcome.command, result: await this.referee.submit(outcome.command) });
      case 'rescan': {
        this.options.logger?.info({ seat: outcome.seat }, `rescan needed: ${outcome.reason}`);
        const read = refusal as Extract<CardRead, { ok: false }> | null;
        const code = read !== null && (read.refusal === 'no-camera' || read.refusal === 'no-classifier') ? 'scan/unavailable' : 'scan/rescan';
        return async () => ({ ...outcome, result: await this.referee.flagRescan(outcome.seat, outcome.alternatives, outcome.reason, code) });
      }
      default:
        return async () => outcome;
    }
  }

  start(): Promise<void> { return this.referee.start(); }
  stop(): Promise<void> { return this.referee.stop(); }
  publicView(): ReturnType<RefereeApi['publicView']> { return this.referee.publicView(); }
  privateView(seat: number): ReturnType<RefereeApi['privateView']> { return this.referee.privateView(seat); }
  subscribe(listener: Parameters<RefereeApi['subscribe']>[0]): () => void { return this.referee.subscribe(listener); }
  updatesSince(seq: number): ReturnType<RefereeApi['updatesSince']> { return this.referee.updatesSince(seq); }
  listGames(): ReturnType<RefereeApi['listGames']> { return this.referee.listGames(); }
  exportGame(id: number): ReturnType<RefereeApi['exportGame']> { return this.referee.exportGame(id); }
  transcript(id: number, language?: Parameters<RefereeApi['transcript']>[1]): string | null { return this.referee.transcript(id, language); }
  excludedCards(seat: number | null, from: Parameters<RefereeApi['excludedCards']>[1]): string[] { return this.referee.excludedCards(seat, from); }
  cardWanted(command: Command): boolean { return this.referee.cardWanted(command); }
  flagRescan(...args: Parameters<RefereeApi['flagRescan']>): Promise<SubmitResult> { return this.referee.flagRescan(...args); }
}
