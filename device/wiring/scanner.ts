// The card scanner both the panel and the referee use: a camera frame of the scan tray,
// classified with the cards that cannot be there ruled out (SPEC section 8). A read below the
// classifier's threshold is never guessed: it comes back as a rescan with the top guesses.
import type { CardScanner as RefereeScanner } from '../referee/types.ts';
import type { CardScanner as PanelScanner, ScanSource } from '../hardware/panel/index.ts';
import { ALL_CARDS, formatCard } from '../rules/index.ts';

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

/** The part of the public view the scanners read. */
export interface TableView {
  canvas: string[];
  players: Array<{ palette: string[]; scored: string[]; out?: boolean }>;
}

/** Every card the table can see: palettes, canvas, score piles. */
export function visibleCards(view: TableView): string[] {
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

/**
 * The cards that cannot be on the tray: a card from the hand is none of the visible ones; a
 * card for the 7's action is one of the player's own palette; a card for the 1's action is one
 * of another palette still in the round.
 */
export function impossibleCards(view: TableView, seat: number, from: ScanSource = 'hand'): string[] {
  if (from === 'hand') return visibleCards(view);
  const possible = new Set(from === 'own-palette'
    ? view.players[seat]?.palette ?? []
    : view.players.flatMap((p, i) => (i === seat || p.out ? [] : p.palette)));
  return ALL_CARDS.map(formatCard).filter((c) => !possible.has(c));
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
