// What the dashboard, the web server and vision's deck code say to each other about decks, the
// teaching session and the scan strip: plain data on the wire, so each side can import it without
// importing the other.

/** Where a frame the scan strip shows came from. */
export type SeenFrameSource = 'tray' | 'upload';

/** One frame the camera saw (or a photo uploaded), as the scan strip shows it. */
export interface SeenFrame {
  id: number;
  at: string;
  source: SeenFrameSource;
  /** The card read, or null when the read was refused (see reason). */
  card: string | null;
  confidence: number;
  /** The top three guesses, best first (the read card among them). */
  guesses: Array<{ card: string; p: number }>;
  /** Why a read was refused: low-confidence, no-card, several-cards, not-an-image. */
  reason: string | null;
  detail: string | null;
  /** The located card's corners in frame pixels, and the frame's size. */
  quad: Array<[number, number]> | null;
  frame: { width: number; height: number } | null;
  /** The deck the read used, or null for the base model. */
  deck: string | null;
}

/** A deck taught to the companion, as listed. */
export interface DeckSummary {
  id: string;
  name: string;
  modelVersion: string;
  created: string;
  cards: number;
  photos: number;
  flagged: string[];
  active: boolean;
}

/** What teaching a whole set of photos made. */
export interface EnrolSummary {
  cards: number;
  photos: number;
  flagged: Array<{ card: string; read: string; confidence: number; source: string }>;
  profile: string;
  name: string;
}

/** What one photo taught: the base model's read, whether it is flagged, or why it taught nothing. */
export interface TeachAttempt {
  id: number;
  card: string;
  /** The base model's read (null when it was unsure or found no card). */
  read: string | null;
  confidence: number;
  flagged: boolean;
  /** Why the photo taught nothing (no card found, several cards), or null. */
  problem: string | null;
  quad: Array<[number, number]> | null;
  frame: { width: number; height: number } | null;
}

/** One card's capture in a teaching session. */
export interface TeachCapture {
  read: string | null;
  confidence: number;
  flagged: boolean;
}

/** The teaching session, as the dashboard shows it. */
export interface TeachState {
  session: null | {
    name: string;
    /** The card asked for now (a PALETTE press or Capture takes it). */
    current: string;
    captures: Record<string, TeachCapture>;
    /** Cards taught and not flagged, out of 49. */
    taught: number;
    flagged: string[];
    last: TeachAttempt | null;
  };
}
