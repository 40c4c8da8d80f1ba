// Teaching a deck card by card, from the dashboard: the referee is asked for each of the 49
// cards in turn, a photo is taken (the tray camera, a PALETTE press, or an upload) and kept in
// <dataDir>/teaching until the deck is finished. A card the base model reads surely as another
// card is flagged for a retake. The session survives a restart, so teaching can be left and
// resumed; finishing teaches the deck exactly as `red7 enrol` does, and makes it active.
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import { ALL_CARDS, formatCard } from '../../device/rules/cards.ts';
import type { DeckBook } from './book.ts';
import { enrolDeck, learnPhoto, type EnrolSummary } from './enrol.ts';
import { checkDeckName, DeckError, writeAtomic } from './store.ts';
import type { TeachAttempt, TeachState } from '../../shared/decks.ts';
export type { TeachAttempt, TeachState };

// Asked for in the order a person sorts a deck: by colour as the rules list them, then by value.
const CARDS = [...'ROYGBIV'].flatMap((c) => [1, 2, 3, 4, 5, 6, 7].map((v) => `${c}${v}`));
if (CARDS.some((c) => !ALL_CARDS.map(formatCard).includes(c))) throw new Error('the teaching order names a card the rules do not know');
const CardText = z.string().refine((s) => CARDS.includes(s));

const CaptureSchema = z.object({ read: z.string().nullable(), confidence: z.number(), flagged: z.boolean() });
const SessionSchema = z.object({ name: z.string(), current: CardText, captures: z.record(CardText, CaptureSchema) });
type Session = z.infer<typeof SessionSchema>;

/** The teaching session of one companion. */
export class DeckTeacher {
  private readonly dir: string;
  private session: Session | null;
  private last: { attempt: TeachAttempt; bytes: Uint8Array } | null = null;
  private queue: Promise<unknown> = Promise.resolve();
  private attempts = 0;

  constructor(
    private readonly book: DeckBook,
    dataDir: string,
    private readonly camera?: () => Promise<Uint8Array>,
  ) {
    this.dir = join(dataDir, 'teaching');
    this.session = this.load();
  }

  private load(): Session | null {
    try {
      return SessionSchema.parse(JSON.parse(readFileSync(join(this.dir, 'session.json'), 'utf8')));
    } catch {
      return null;
    }
  }

  private save(): void {
    mkdirSync(this.dir, { recursive: true });
    writeAtomic(join(this.dir, 'session.json'), `${JSON.stringify(this.session)}\n`);
  }

  /** One change at a time: a PALETTE press and a tap never interleave. */
  private serial<T>(act: () => Promise<T> | T): Promise<T> {
    const next = this.queue.then(act, act);
    this.queue = next.catch(() => undefined);
    return next;
  }

  /** Whether a session is open (a PALETTE press then captures instead of playing). */
  get teaching(): boolean {
    return this.session !== null;
  }

  state(): TeachState {
    const s = this.session;
    if (s === null) return { session: null };
    const flagged = Object.entries(s.captures).filter(([, c]) => c.flagged).map(([card]) => card);
    return { session: { ...s, taught: Object.keys(s.captures).length - flagged.length, flagged, last: this.last?.attempt ?? null } };
  }

  /** Opens a session, or resumes the one left open (renamed when a name is given). */
  start(name?: unknown): Promise<TeachState> {
    return this.serial(() => {
      const checked = name === undefined ? undefined : checkDeckName(name);
      this.session = this.session === null
        ? { name: checked ?? `Our deck ${new Date().toISOString().slice(0, 10)}`, current: CARDS[0]!, captures: {} }
        : { ...this.session, name: checked ?? this.session.name };
      this.save();
      return this.state();
    });
  }

  private open(): Session {
    if (this.session === null) throw new DeckError('no deck is being taught: start teaching first');
    return this.session;
  }

  /** Asks for a card next (skip, retake, any order). */
  ask(card: string): Promise<TeachState> {
    return this.serial(() => {
      const s = this.open();
      if (!CARDS.includes(card)) throw new DeckError(`"${card}" is not a card (B6, R1, …)`);
      s.current = card;
      this.save();
      return this.state();
    });
  }

  /** Takes a frame from the tray camera for the card asked for. */
  captureFromCamera(): Promise<TeachAttempt> {
    return this.serial(async () => {
      this.open();
      if (this.camera === undefined) throw new DeckError('this companion has no tray camera: upload a photo of the card instead');
      let bytes: Uint8Array;
      try {
        bytes = await this.camera();
      } catch (err) {
        throw new DeckError(`the camera gave no frame: ${(err as Error).message}`);
      }
      return this.learn(bytes);
    });
  }

  /** Teaches an uploaded photo as the card asked for. */
  upload(bytes: Uint8Array): Promise<TeachAttempt> {
    return this.serial(() => {
      this.open();
      return this.learn(bytes);
    });
  }

  private async learn(bytes: Uint8Array): Promise<TeachAttempt> {
    const s = this.open();
    const card = s.current;
    const lesson = await learnPhoto(this.book.classifier, { card, bytes, source: `the photo of ${card}` });
    const base = lesson.ok ? lesson.base : lesson.base ?? null;
    const attempt: TeachAttempt = {
      id: ++this.attempts, card, read: base?.card ?? null, confidence: base?.confidence ?? 0,
      flagged: lesson.ok && lesson.flagged !== undefined, problem: lesson.ok ? null : lesson.problem,
      quad: lesson.quad, frame: lesson.frame,
    };
    this.last = { attempt, bytes };
    if (!lesson.ok) return attempt;
    mkdirSync(this.dir, { recursive: true });
    writeAtomic(join(this.dir, `${card}.img`), bytes);
    s.captures[card] = { read: attempt.read, confidence: attempt.confidence, flagged: attempt.flagged };
    // A flagged card stays asked for, to be retaken; a good one moves on to the next card not yet taught.
    if (!attempt.flagged) s.current = nextCard(s, card);
    this.save();
    return attempt;
  }

  /** The last photo taken, for the dashboard to show with its outline. */
  lastPhoto(): Uint8Array | null {
    return this.last?.bytes ?? null;
  }

  /** Teaches the deck from the photos taken (flagged ones are kept but not used) and makes it active. */
  finish(): Promise<EnrolSummary> {
    return this.serial(async () => {
      const s = this.open();
      const cards = Object.keys(s.captures);
      if (cards.every((c) => s.captures[c]!.flagged)) throw new DeckError('no card has been taught yet: capture at least one');
      const photos = cards.map((card) => ({ card, bytes: readFileSync(join(this.dir, `${card}.img`)), source: `the photo of ${card}` }));
      const summary = await enrolDeck(this.book.classifier, this.book.store, { name: s.name, camera: { source: 'dashboard' }, photos });
      await this.book.load();
      this.drop();
      return summary;
    });
  }

  /** Throws the session and its photos away. */
  discard(): Promise<TeachState> {
    return this.serial(() => {
      this.drop();
      return this.state();
    });
  }

  private drop(): void {
    this.session = null;
    this.last = null;
    if (existsSync(this.dir)) rmSync(this.dir, { recursive: true, force: true });
  }
}

/** The next card after `card` (wrapping round) that has not been taught. */
function nextCard(s: Session, card: string): string {
  const at = CARDS.indexOf(card);
  for (let k = 1; k <= CARDS.length; k++) {
    const c = CARDS[(at + k) % CARDS.length]!;
    if (s.captures[c] === undefined) return c;
  }
  return card;
}
