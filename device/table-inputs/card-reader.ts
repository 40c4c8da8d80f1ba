// The one card reader every input uses: a frame (one capture of the tray, or an uploaded
// photo), classified with the cards that cannot be there ruled out, becomes a card or a typed
// refusal. A read below the classifier's threshold is never guessed (RULES.md §9).
import { tryParseCard } from '../rules/cards.ts';

/** What the classifier answers (vision's classify). */
export interface Classification {
  card: string | null;
  confidence: number;
  alternatives: Array<{ card: string; p: number }>;
  reason?: string;
}

/** Where a frame came from; a private one (a player's own hand card) is not kept for the scan strip. */
export type FrameOrigin = 'tray' | 'upload' | 'private';

export type Classify = (image: Buffer, options: { exclude?: string[]; source?: FrameOrigin }) => Promise<Classification>;

/** A camera: one JPEG frame per capture. */
export interface FrameSource {
  capture(): Promise<Buffer>;
}

/** Why no card came of a read. */
export const CARD_REFUSALS = [
  'low-confidence', 'no-card', 'several-cards', // the classifier looked and was not sure
  'unreadable', // the frame is no image the classifier can read
  'no-camera', 'no-classifier', 'camera-failed', // nothing could look
] as const;
export type CardRefusal = (typeof CARD_REFUSALS)[number];

export type CardRead =
  | { ok: true; card: string; confidence: number; alternatives: Array<{ card: string; p: number }> }
  | { ok: false; refusal: CardRefusal; message: string; confidence: number; alternatives: Array<{ card: string; p: number }> };

/** True when a refusal asks the player to lay the card again (as opposed to: nothing can read cards here). */
export function isUnsure(read: CardRead): boolean {
  return !read.ok && (read.refusal === 'low-confidence' || read.refusal === 'no-card' || read.refusal === 'several-cards' || read.refusal === 'camera-failed');
}

/** The port: read the tray (one capture) or a photo, with the given cards ruled out. */
export interface CardReader {
  readTray(exclude: string[]): Promise<CardRead>;
  readPhoto(photo: Buffer, exclude: string[], source?: FrameOrigin): Promise<CardRead>;
  /** Whether photos can be read at all (a classifier is loaded). */
  canReadPhotos(): Promise<boolean>;
}

/** The camera and the classifier the reader uses; either may be missing (or still loading). */
export interface VisionParts {
  camera?: FrameSource;
  classify?: Classify;
}

const why = (err: unknown) => (err instanceof Error ? err.message : String(err));
const refuse = (refusal: CardRefusal, message: string, alternatives: Array<{ card: string; p: number }> = [], confidence = 0): CardRead =>
  ({ ok: false, refusal, message, confidence, alternatives });

/** A card reader over whatever camera and classifier the companion found. */
export function createCardReader(parts: () => Promise<VisionParts> | VisionParts): CardReader {
  const classifyFrame = async (classify: Classify, frame: Buffer, exclude: string[], source: FrameOrigin): Promise<CardRead> => {
    let r: Classification;
    try {
      r = await classify(frame, { exclude, source });
    } catch (err) {
      return refuse('unreadable', `the photo could not be read: ${why(err)}`);
    }
    const alternatives = r.alternatives.slice(0, 5);
    if (r.card !== null && tryParseCard(r.card).ok) return { ok: true, card: r.card, confidence: r.confidence, alternatives };
    const reason = r.reason ?? 'low-confidence';
    const refusal: CardRefusal = reason === 'no-card' || reason === 'several-cards' ? reason : reason === 'not-an-image' ? 'unreadable' : 'low-confidence';
    return refuse(refusal, reason, alternatives, r.confidence);
  };
  return {
    async readTray(exclude) {
      const { camera, classify } = await parts();
      if (camera === undefined) return refuse('no-camera', 'no camera: enter the card on the dashboard');
      if (classify === undefined) return refuse('no-classifier', 'no classifier: enter the card on the dashboard');
      let frame: Buffer;
      try {
        frame = await camera.capture();
      } catch (err) {
        return refuse('camera-failed', `the camera gave no frame: ${why(err)}`);
      }
      return classifyFrame(classify, frame, exclude, 'tray');
    },
    async readPhoto(photo, exclude, source = 'upload') {
      const { classify } = await parts();
      if (classify === undefined) return refuse('no-classifier', 'no card classifier is installed on this companion: enter the card by hand');
      return classifyFrame(classify, photo, exclude, source);
    },
    async canReadPhotos() {
      return (await parts()).classify !== undefined;
    },
  };
}
