// The card scanner both the panel and the referee use: a camera frame of the scan tray,
// classified with the cards that cannot be there ruled out (RULES.md §9). A read below the
// classifier's threshold is never guessed: it comes back as a rescan with the top guesses.
import type { CardScanner as RefereeScanner } from '../referee/types.ts';
import type { CardScanner as PanelScanner } from '../hardware/panel/index.ts';
import { impossibleCards, type TableView } from '../referee/exclusions.ts';

/** What the classifier answers (vision's classify). */
export interface Classification {
  card: string | null;
  confidence: number;
  alternatives: Array<{ card: string; p: number }>;
  reason?: string;
}

/** `source` says where the frame came from; a private one (a player's identify) is not kept for the scan strip. */
export type Classify = (image: Buffer, options: { exclude?: string[]; source?: 'tray' | 'upload' | 'private' }) => Promise<Classification>;

/** A camera: one JPEG frame per capture. */
export interface FrameSource {
  capture(): Promise<Buffer>;
}

/** The referee's scanner: capture, classify with exclusions, play or ask for a rescan. */
export function refereeScanner(camera: FrameSource, classify: Classify): RefereeScanner {
  return async (_seat, exclude) => {
    let frame: Buffer;
    try {
      frame = await camera.capture();
    } catch (err) {
      return { rescan: true, alternatives: [], reason: `the camera gave no frame: ${err instanceof Error ? err.message : String(err)}` };
    }
    const r = await classify(frame, { exclude });
    if (r.card !== null) return { card: r.card };
    return { rescan: true, alternatives: r.alternatives, reason: r.reason ?? 'low-confidence' };
  };
}

/** The panel's scanner, over the referee's: what to rule out comes from the current public view. */
export function panelScanner(scan: RefereeScanner, view: () => TableView): PanelScanner {
  return {
    async scan(seat, from) {
      const r = await scan(seat, impossibleCards(view(), seat, from));
      return 'card' in r ? { card: r.card } : { rescan: r.reason };
    },
  };
}
