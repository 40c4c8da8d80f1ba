// The card scanner both the panel and the referee use: a camera frame of the scan tray,
// classified with the cards that cannot be there ruled out (SPEC section 8). A read below the
// classifier's threshold is never guessed: it comes back as a rescan with the top guesses.
import type { CardScanner as RefereeScanner } from '../referee/types.ts';
import type { CardScanner as PanelScanner } from '../hardware/panel/index.ts';

/** What the classifier answers (vision's classify). */
export interface Classification {
  card: string | null;
  confidence: number;
  alternatives: Array<{ card: string; p: number }>;
  reason?: string;
}

export type Classify = (image: Buffer, options: { exclude?: string[] }) => Promise<Classification>;

/** A camera: one JPEG frame per capture. */
export interface FrameSource {
  capture(): Promise<Buffer>;
}

/** Every card the table can see: palettes, canvas, score piles. */
export function visibleCards(view: { canvas: string[]; players: Array<{ palette: string[]; scored: string[] }> }): string[] {
  return [...view.canvas, ...view.players.flatMap((p) => [...p.palette, ...p.scored])];
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

/** The panel's scanner, over the referee's: the exclusions come from the current public view. */
export function panelScanner(scan: RefereeScanner, view: () => Parameters<typeof visibleCards>[0]): PanelScanner {
  return {
    async scan(seat) {
      const r = await scan(seat, visibleCards(view()));
      return 'card' in r ? { card: r.card } : { rescan: r.reason };
    },
  };
}
