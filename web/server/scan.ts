// Photo scans (POST /api/scan): an uploaded photo is handed to the table-inputs layer, which
// reads it as the seat's PALETTE or CANVAS press reads the tray (RULES.md §9); the command it
// makes goes through the web's one command path. An unsure read is never guessed: the answer
// carries the top guesses for a tap to confirm. The last photos are kept so the referee can
// see the crop when correcting a misread.
import type { Logger } from 'pino';
import type { RefereeApi } from '../../device/referee/types.ts';
import type { IdentifyAnswer, Role, ScanAnswer, ScanRecord } from '../protocol.ts';
import { dispatchCommand } from './dispatch.ts';
import { sniffImage } from '../../shared/image-type.ts';

/** A read of a photo: a card, or why none (the classifier was unsure, or could not read it at all). */
export type PhotoRead =
  | { ok: true; card: string; confidence: number; alternatives: Array<{ card: string; p: number }> }
  | { ok: false; refusal: string; message: string; confidence: number; alternatives: Array<{ card: string; p: number }> };

/** What the companion's table-inputs layer does with photos; the server only carries them. */
export interface PhotoReader {
  /** Whether a classifier is there to read photos. */
  canReadPhotos(): Promise<boolean>;
  /** Reads a photo as the seat's PALETTE or CANVAS press reads the tray: the read, and the command it makes. */
  readPhotoPlay(photo: Buffer, seat: number, to: 'palette' | 'canvas'): Promise<{ read: PhotoRead; command: object | null }>;
  /** Reads a photo privately (a player's own hand card), nothing played. */
  identifyPhoto(photo: Buffer): Promise<PhotoRead>;
}

const KEEP = 30;


/** Keeps recent scans and turns photos into plays. */
export class ScanDesk {
  private readonly records: ScanRecord[] = [];
  private readonly images = new Map<number, { data: Buffer; type: string }>();
  private nextId = 1;

  constructor(
    private readonly referee: RefereeApi,
    private readonly photos: PhotoReader | undefined,
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

  /** Reads a photo and plays it for the seat; the status is the HTTP status to answer. */
  async scan(role: Role, sender: string, seat: number, to: 'palette' | 'canvas', photo: Buffer): Promise<{ status: number; answer: ScanAnswer }> {
    if (this.photos === undefined || !(await this.photos.canReadPhotos())) {
      return { status: 503, answer: { ok: false, error: { code: 'scan/no-classifier', message: 'no card classifier is installed on this companion: enter the card by hand' } } };
    }
    const type = sniffImage(photo);
    if (type === null) return { status: 415, answer: { ok: false, error: { code: 'scan/bad-image', message: 'the upload is not a JPEG, PNG or WebP photo' } } };
    const { read, command } = await this.photos.readPhotoPlay(photo, seat, to);
    if (!read.ok && read.refusal === 'unreadable') {
      this.logger?.warn({ err: read.message }, 'classifier refused a photo');
      return { status: 422, answer: { ok: false, error: { code: 'scan/bad-image', message: read.message } } };
    }
    const record = this.keep(photo, type, {
      seat, to, at: new Date().toISOString(), card: read.ok ? read.card : null, confidence: read.confidence,
      alternatives: read.alternatives.slice(0, 5), seq: null, ...(read.ok ? {} : { reason: read.message }),
    });
    if (!read.ok || command === null) {
      const why = read.ok ? `${read.card} makes no play for this seat now` : read.message;
      return { status: 422, answer: { ok: false, error: { code: 'scan/rescan', message: `${why}: scan again or pick one of the guesses` }, scan: record } };
    }
    const { status, answer } = await dispatchCommand(this.referee, role, sender, command, this.logger);
    if (answer.ok) {
      record.seq = answer.seq;
      return { status, answer: { ok: true, seq: answer.seq, view: answer.view, scan: record } };
    }
    return { status, answer: { ok: false, error: answer.error, scan: record } };
  }

  /** Reads a photo without playing it: a player checks a hand card privately (RULES.md §10). */
  async identify(photo: Buffer): Promise<{ status: number; answer: IdentifyAnswer }> {
    if (this.photos === undefined || !(await this.photos.canReadPhotos())) {
      return { status: 503, answer: { ok: false, error: { code: 'scan/no-classifier', message: 'no card classifier is installed on this companion' } } };
    }
    if (sniffImage(photo) === null) return { status: 415, answer: { ok: false, error: { code: 'scan/bad-image', message: 'the upload is not a JPEG, PNG or WebP photo' } } };
    const read = await this.photos.identifyPhoto(photo);
    const alternatives = read.alternatives.slice(0, 5);
    if (read.ok) return { status: 200, answer: { ok: true, card: read.card, confidence: read.confidence, alternatives } };
    if (read.refusal === 'unreadable') return { status: 422, answer: { ok: false, error: { code: 'scan/bad-image', message: read.message } } };
    return { status: 422, answer: { ok: false, error: { code: 'scan/rescan', message: read.message }, alternatives } };
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
