// The virtual seat panel: the same four keys per seat and the shared UNDO as the real panel,
// meaning the same commands: what a key means comes from the table-inputs layer's one rule
// (seatKeyMeaning). The "tray" is the card picked on screen; with none picked, PALETTE and CANVAS
// send a card-less tap and the companion reads the card on its tray. A key of a seat whose turn
// it is not is sent all the same: the referee judges it and flags the play.
import { seatKeyMeaning, type PublicView, type SeatKey } from '../../protocol.ts';

export const VIRTUAL_KEYS = ['palette', 'canvas', 'draw', 'done'] as const satisfies readonly SeatKey[];
export type VirtualKey = SeatKey | 'undo';

/** The command a key press sends, or why it sends none. */
export type KeyOutcome = { command: Record<string, unknown> } | { problem: string };

/** A command as the socket carries it. */
const wire = (command: object): Record<string, unknown> => ({ ...command });

/** What a virtual key means now, given the view and the card on the tray. */
export function virtualKeyCommand(view: PublicView, seat: number, key: VirtualKey, press: 'short' | 'long', tray: string | null): KeyOutcome {
  if (key === 'undo') return { command: { type: 'undo' } };
  if (!Number.isInteger(seat) || seat < 0 || seat > 3) return { problem: `there is no seat ${seat + 1}` };
  const meaning = seatKeyMeaning(view, seat as 0 | 1 | 2 | 3, key, press, {});
  switch (meaning.kind) {
    case 'command':
      return { command: wire(meaning.command) };
    case 'ignored':
      return { problem: meaning.message };
    case 'card': {
      if (tray !== null) {
        const done = meaning.complete(tray);
        return done.kind === 'command' ? { command: wire(done.command) } : { problem: 'message' in done ? done.message : 'that card cannot be used here' };
      }
      // A card-less PALETTE or CANVAS is the dashboard's tap: the companion reads the tray and
      // decides, by the same rule, whether it is a deal, a play or the 7's card to the canvas.
      if (key === 'palette' || key === 'canvas') return { command: view.phase === 'setup' ? { type: 'deal', seat } : { type: 'play', seat, to: key } };
      return { problem: meaning.from === 'own-palette' ? 'pick the palette card the 7 puts on the deck' : 'pick the card the 1 takes from another palette' };
    }
  }
}
