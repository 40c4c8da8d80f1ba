// The virtual seat panel: the same four keys per seat and the shared UNDO as the real panel,
// meaning the same commands (device/hardware/panel/key-commands.ts). The "tray" is the card
// picked on screen; with none picked, PALETTE and CANVAS leave the card to the camera. During the
// deal, PALETTE deals the seat's starting card.
import type { PublicView } from '../../../device/referee/types.ts';

export const VIRTUAL_KEYS = ['palette', 'canvas', 'draw', 'done'] as const;
export type VirtualKey = (typeof VIRTUAL_KEYS)[number] | 'undo';

/** The command a key press sends, or why it sends none. */
export type KeyOutcome = { command: Record<string, unknown> } | { problem: string };

/** What a virtual key means now, given the view and the card on the tray. */
export function virtualKeyCommand(view: PublicView, seat: number, key: VirtualKey, press: 'short' | 'long', tray: string | null): KeyOutcome {
  if (key === 'undo') return { command: { type: 'undo' } };
  const withCard = tray === null ? {} : { card: tray };
  // During the deal a seat's PALETTE key deals that seat's starting card: the picked one, or the camera's.
  if (view.phase === 'setup') {
    return key === 'palette' ? { command: { type: 'deal', seat, ...withCard } }
      : { problem: 'The starting cards are being dealt: pick (or lay on the tray) each seat\'s card and press that seat\'s PALETTE.' };
  }
  const pending = view.active === seat ? view.pending : null;
  switch (key) {
    case 'done':
      return { command: press === 'long' ? { type: 'pass', seat } : { type: 'endTurn', seat } };
    case 'palette':
      return { command: { type: 'play', seat, to: 'palette', ...withCard } };
    case 'canvas':
      // While the 7's action is owed, the card laid for the canvas is the palette card it sends there.
      if (pending !== null && 'action' in pending && pending.action === 7) {
        return tray === null ? { problem: 'pick the palette card the 7 sends to the canvas' } : { command: { type: 'discard', seat, card: tray, to: 'canvas' } };
      }
      return { command: { type: 'play', seat, to: 'canvas', ...withCard } };
    case 'draw': {
      // DRAW/DECK means what the pending action needs: a draw, a card to the deck (7) or taken (1).
      if (pending === null || 'draw' in pending || pending.action === 3) return { command: { type: 'draw', seat } };
      if (pending.action === 7) {
        return tray === null ? { problem: 'pick the palette card the 7 puts on the deck' } : { command: { type: 'discard', seat, card: tray, to: 'deck' } };
      }
      if (pending.action === 1) {
        if (tray === null) return { problem: 'pick the card the 1 takes from another palette' };
        const from = view.players.findIndex((p, i) => i !== seat && p.palette.includes(tray));
        return from < 0 ? { problem: `${tray} is in no other player's palette` } : { command: { type: 'take', seat, from, card: tray } };
      }
      return { problem: "the 5's action plays a hand card to the palette: press PALETTE" };
    }
  }
}
