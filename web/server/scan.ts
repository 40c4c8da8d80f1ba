// Photo scans (POST /api/scan): an uploaded photo is classified, with the cards that cannot
// be there ruled out first (RULES.md §9), and played as the seat's PALETTE or CANVAS press.
// An unsure read is never guessed: the answer carries the top guesses for a tap to confirm.
// The last photos are kept so the referee can see the crop when correcting a misread.
import type { Logger } from 'pino';
import type { PublicView, RefereeApi } from '../../device/referee/types.ts';
import type { IdentifyAnswer, Role, ScanAnswer, ScanRecord } from '../protocol.ts';
import { dispatchCommand } from './dispatch.ts';
import { impossibleCards, visibleCards } from '../../device/referee/exclusions.ts';

/** The card classifier, injected (the vision engineer's shape); an identify is a player's private check. */
export type Classify = (image: Buffer, exclude: string[], purpose?: 'scan' | 'identify') => Promise<{
  card: string | null;
  confidence: number;
  alternatives: Array<{ card: string; p: number }>;
  reason?: string;
}>;

const KEEP = 30;

/** The image type of a buffer by its magic bytes, or null when it is none we read. */
export function sniffImage(b: Buffer): 'image/jpeg' | 'image/png' | 'image/webp' | null {
  if (b.length >= 3 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) return 'image/jpeg';
  if (b.length >= 8 && b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'image/png';
  if (b.length >= 12 && b.toString('latin1', 0, 4) === 'RIFF' && b.toString('latin1', 8, 12) === 'WEBP') return 'image/webp';
  return null;
}


/** Keeps recent scans and turns photos into plays. */
export class ScanDesk {
  private readonly records: ScanRecord[] = [];
  private readonly images = new Map<number, { data: Buffer; type: string }>();
  private nextId = 1;

  constructor(
    private readonly referee: RefereeApi,
    private readonly classify: Classify | undefined,
    private readonly logger?: Logger,
  ) {}

  /** Recent scans, newest first. */
  list(): ScanRecord[] {
    return [...this.records].reverse();
  }

  /** The photo of a kept scan. */
  image(id: number): { data: Buffer; type: string } | null {
    return this.images.get(id) ?? null;
  }

  /** Classifies a photo and plays it for the seat; the status is the HTTP status to answer. */
  async scan(role: Role, sender: string, seat: number, to: 'palette' | 'canvas', photo: Buffer): Promise<{ status: number; answer: ScanAnswer }> {
    if (this.classify === undefined) {
      return { status: 503, answer: { ok: false, error: { code: 'scan/no-classifier', message: 'no card classifier is installed on this companion: enter the card by hand' } } };
    }
    const type = sniffImage(photo);
    if (type === null) return { status: 415, answer: { ok: false, error: { code: 'scan/bad-image', message: 'the upload is not a JPEG, PNG or WebP photo' } } };
    const view = this.referee.publicView();
    // A card laid for the canvas while the 7's action is owed is the palette card it sends there (as the panel does).
    const seven = view.active === seat && view.pending !== null && 'action' in view.pending && view.pending.action === 7;
    let read: Awaited<ReturnType<Classify>>;
    try {
      read = await this.classify(photo, impossibleCards(view, seat, to === 'canvas' && seven ? 'own-palette' : 'hand'));
    } catch (err) {
      this.logger?.warn({ err: err instanceof Error ? err.message : String(err) }, 'classifier refused a photo');
      return { status: 422, answer: { ok: false, error: { code: 'scan/bad-image', message: `the photo could not be read: ${err instanceof Error ? err.message : String(err)}` } } };
    }
    const record = this.keep(photo, type, {
      seat, to, at: new Date().toISOString(), card: read.card, confidence: read.confidence,
      alternatives: read.alternatives.slice(0, 5), seq: null, ...(read.reason !== undefined ? { reason: read.reason } : {}),
    });
    if (read.card === null || !/^[ROYGBIV][1-7]$/.test(read.card)) {
      const why = read.reason ?? 'the card could not be read surely';
      return { status: 422, answer: { ok: false, error: { code: 'scan/rescan', message: `${why}: scan again or pick one of the guesses` }, scan: record } };
    }
    // During the deal a seat's PALETTE deals its starting card, as the panel's key does.
    const command = view.phase === 'setup' && to === 'palette' ? { type: 'deal', seat, card: read.card }
      : to === 'canvas' && seven ? { type: 'discard', seat, card: read.card, to: 'canvas' }
      : { type: 'play', seat, to, card: read.card };
    const { status, answer } = await dispatchCommand(this.referee, role, sender, command, this.logger);
    if (answer.ok) {
      record.seq = answer.seq;
      return { status, answer: { ok: true, seq: answer.seq, view: answer.view, scan: record } };
    }
    return { status, answer: { ok: false, error: answer.error, scan: record } };
  }

  /** Reads a photo without playing it: a player checks a hand card privately (RULES.md §10). */
  async identify(photo: Buffer): Promise<{ status: number; answer: IdentifyAnswer }> {
    if (this.classify === undefined) {
      return { status: 503, answer: { ok: false, error: { code: 'scan/no-classifier', message: 'no card classifier is installed on this companion' } } };
    }
    if (sniffImage(photo) === null) return { status: 415, answer: { ok: false, error: { code: 'scan/bad-image', message: 'the upload is not a JPEG, PNG or WebP photo' } } };
    try {
      const read = await this.classify(photo, visibleCards(this.referee.publicView()), 'identify');
      const alternatives = read.alternatives.slice(0, 5);
      if (read.card === null) {
        return { status: 422, answer: { ok: false, error: { code: 'scan/rescan', message: read.reason ?? 'the card could not be read surely' }, alternatives } };
      }
      return { status: 200, answer: { ok: true, card: read.card, confidence: read.confidence, alternatives } };
    } catch (err) {
      return { status: 422, answer: { ok: false, error: { code: 'scan/bad-image', message: `the photo could not be read: ${err instanceof Error ? err.message : String(err)}` } } };
    }
  }

  private keep(data: Buffer, type: string, r: Omit<ScanRecord, 'id'>): ScanRecord {
    const record: ScanRecord = { id: this.nextId++, ...r };
    this.records.push(record);
    this.images.set(record.id, { data, type });
    while (this.records.length > KEEP) {
      const old = this.records.shift()!;
      this.images.delete(old.id);
    }
    return record;
  }
}
