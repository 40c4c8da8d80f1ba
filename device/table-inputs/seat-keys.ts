// What a seat's key means (RULES.md §9, "The seat panel"), decided from the public view: the one
// rule the board's panel, the dashboard's virtual panel and the scan button share. Pure and free
// of run-time imports, so the dashboard runs the same code through web/protocol.ts.
import type { Command } from '../rules/commands.ts';
import type { ScanSource } from '../referee/exclusions.ts';
import type { PublicPlayer, PublicView } from '../referee/types.ts';

/** The part of the public view that decides what an input means. */
export type MeaningView = Pick<PublicView, 'phase' | 'active' | 'pending'> & { players: Array<Pick<PublicPlayer, 'palette'>> };

/** A seat's own keys (UNDO is shared by the table). */
export type SeatKey = 'palette' | 'canvas' | 'draw' | 'done';

/** Why an input made no command (typed, so LEDs, buzzer and dashboard render the same reason). */
export const PANEL_IGNORE_CODES = [
  'panel/bad-event', 'panel/bad-view', 'panel/no-turn', 'panel/nothing-to-draw', 'panel/not-in-a-palette',
  'panel/scan-failed', 'panel/dealing',
] as const;
export type PanelIgnoreCode = (typeof PANEL_IGNORE_CODES)[number];

/** The fields every command of one input carries: who sent it and its id. */
export type Envelope = { source?: string; id?: string };

type SeatNumber = 0 | 1 | 2 | 3;

/** What an input means before its card is read. */
export type Meaning =
  | { kind: 'command'; command: Command }
  /** The card on the tray is needed: read it (ruling out what `from` rules out), then `complete` it. */
  | { kind: 'card'; seat: number; from: ScanSource; complete: (card: string) => Meaning }
  /** Another seat's key: the caller blinks that seat's LED. */
  | { kind: 'notYourTurn'; seat: SeatNumber; active: number }
  | { kind: 'ignored'; seat: SeatNumber | null; code: PanelIgnoreCode; message: string };

/** A meaning for a seat's own key: whose turn it is was settled before (a key out of turn is the caller's to answer). */
export type SeatKeyMeaning = Exclude<Meaning, { kind: 'notYourTurn' }>;

export function ignored(seat: SeatNumber | null, code: PanelIgnoreCode, message: string): SeatKeyMeaning {
  return { kind: 'ignored', seat, code, message };
}

const sevenOwed = (view: Pick<MeaningView, 'active' | 'pending'>, seat: number) =>
  view.active === seat && view.pending !== null && 'action' in view.pending && view.pending.action === 7;

/**
 * A card laid on the tray for a seat's PALETTE or CANVAS: during the deal PALETTE deals the
 * seat's starting card; while the seat owes a 7's action, CANVAS sends one of its palette cards
 * to the canvas; otherwise a hand card is played.
 */
export function trayMeaning(view: Pick<MeaningView, 'phase' | 'active' | 'pending'>, seat: number, to: 'palette' | 'canvas', envelope: Envelope): SeatKeyMeaning {
  if (view.phase === 'setup' && to === 'palette') {
    return { kind: 'card', seat, from: 'hand', complete: (card) => ({ kind: 'command', command: { type: 'deal', seat, card, ...envelope } }) };
  }
  if (to === 'canvas' && sevenOwed(view, seat)) {
    return { kind: 'card', seat, from: 'own-palette', complete: (card) => ({ kind: 'command', command: { type: 'discard', seat, card, to: 'canvas', ...envelope } }) };
  }
  return { kind: 'card', seat, from: 'hand', complete: (card) => ({ kind: 'command', command: { type: 'play', seat, to, card, ...envelope } }) };
}

/**
 * What a seat's key means, for a well-formed press. A key of a seat whose turn it is not means
 * what it would mean on its turn with nothing owed; the caller decides whether that is sent to
 * the referee (which flags the play) or answered at the panel.
 */
export function seatKeyMeaning(view: MeaningView, seat: SeatNumber, key: SeatKey, press: 'short' | 'long', envelope: Envelope): SeatKeyMeaning {
  // During the deal a seat's PALETTE key records that seat's starting card, as it lies on the tray.
  if (view.phase === 'setup') {
    if (key !== 'palette') return ignored(seat, 'panel/dealing', 'the starting cards are being dealt: lay each seat\'s card on the tray and press that seat\'s PALETTE');
    return trayMeaning(view, seat, 'palette', envelope);
  }
  if (view.phase !== 'turn' || view.active === null) return ignored(seat, 'panel/no-turn', `no turn is being played (phase ${view.phase ?? 'no game'})`);
  switch (key) {
    case 'done':
      return { kind: 'command', command: press === 'long' ? { type: 'pass', seat, ...envelope } : { type: 'endTurn', seat, ...envelope } };
    case 'palette':
    case 'canvas':
      return trayMeaning(view, seat, key, envelope);
    case 'draw':
      return drawOrDeck(seat, view.active === seat ? view.pending : null, view.players, envelope);
  }
}

function drawOrDeck(seat: SeatNumber, pending: MeaningView['pending'], players: MeaningView['players'], envelope: Envelope): SeatKeyMeaning {
  // DRAW/DECK means what the pending action needs: a draw (3's action, canvas bonus), a palette
  // card face down on the deck (7), or a card taken from another palette to the deck (1).
  if (pending === null) return ignored(seat, 'panel/nothing-to-draw', 'no draw or card action is pending');
  if ('draw' in pending) return { kind: 'command', command: { type: 'draw', seat, ...envelope } };
  switch (pending.action) {
    case 3:
      return { kind: 'command', command: { type: 'draw', seat, ...envelope } };
    case 7:
      return { kind: 'card', seat, from: 'own-palette', complete: (card) => ({ kind: 'command', command: { type: 'discard', seat, card, to: 'deck', ...envelope } }) };
    case 1:
      return {
        kind: 'card', seat, from: 'other-palette', complete: (card) => {
          const from = players.findIndex((p, i) => i !== seat && p.palette.includes(card));
          if (from < 0) return ignored(seat, 'panel/not-in-a-palette', `${card} is in no other player's palette: take a card from one`);
          return { kind: 'command', command: { type: 'take', seat, from, card, ...envelope } };
        },
      };
    case 5:
      return ignored(seat, 'panel/nothing-to-draw', 'the 5\'s action plays a hand card to the palette: press PALETTE');
  }
}
