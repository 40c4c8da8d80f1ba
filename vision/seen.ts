// What the camera saw: the last frames the companion read (tray captures and uploaded photos),
// each with the located card's outline, the card read or why it was refused, and the top
// guesses. The referee's scan strip shows them; a player's private identify is never kept.
import type { Classification, Examination } from './classifier.ts';
import type { SeenFrame, SeenFrameSource as FrameSource } from '../shared/decks.ts';
export type { SeenFrame, FrameSource };

const KEEP = 12;

/** The top three guesses of a classification, the read card first. */
export function topGuesses(c: Classification): Array<{ card: string; p: number }> {
  const all = c.card === null ? c.alternatives : [{ card: c.card, p: c.confidence }, ...c.alternatives];
  return all.slice(0, 3);
}

/** The last frames read, newest first, with their bytes. */
export class SeenFrames {
  private readonly frames: Array<{ seen: SeenFrame; bytes: Uint8Array }> = [];
  private nextId = 1;

  /** Keeps a frame and what the read made of it; returns the record. */
  note(bytes: Uint8Array, examined: Examination, source: FrameSource, deck: string | null): SeenFrame {
    const c = examined.classification;
    const seen: SeenFrame = {
      id: this.nextId++, at: new Date().toISOString(), source, card: c.card, confidence: c.confidence, guesses: topGuesses(c),
      reason: c.card === null ? c.reason ?? 'low-confidence' : null, detail: c.detail ?? null, quad: examined.quad, frame: examined.frame, deck,
    };
    this.frames.unshift({ seen, bytes });
    this.frames.length = Math.min(this.frames.length, KEEP);
    return seen;
  }

  /** The kept frames, newest first; with `after`, only those newer than that id. */
  list(after = 0): SeenFrame[] {
    return this.frames.filter((f) => f.seen.id > after).map((f) => f.seen);
  }

  /** The bytes of a kept frame, or null once it has dropped off the strip. */
  bytes(id: number): Uint8Array | null {
    return this.frames.find((f) => f.seen.id === id)?.bytes ?? null;
  }
}
