// What a seat's key, the scan button, a photo upload or a card-less tap on the dashboard means
// (RULES.md §9, "The seat panel"), decided from the public view. A meaning that needs the card
// on the tray says where that card comes from; the table-inputs layer reads it once.
import { z } from 'zod';
import type { Command } from '../rules/commands.ts';
import { PHASES } from '../rules/state.ts';
import type { ScanSource } from '../referee/exclusions.ts';
import type { PublicPlayer, PublicView } from '../referee/types.ts';
import { PANEL_KEYS, PRESS_KINDS, type PanelKeyEvent } from '../hardware/panel/key-event.ts';
import type { Seat } from '../hardware/panel/protocol.ts';

/** The part of the public view (the one view type, RULES.md §9) that decides what an input means. */
export type MeaningView = Pick<PublicView, 'phase' | 'active' | 'pending'> & { players: Array<Pick<PublicPlayer, 'palette'>> };

/** The check of that part at run time: a view that does not fit is answered with a reason, never thrown on. */
export const PanelViewSchema = z.object({
  phase: z.enum(PHASES).nullable(), // null before the first game
  active: z.number().int().min(0).max(3).nullable(),
  // null, a card action the active seat still owes, or the optional canvas-bonus draw.
  pending: z.union([
    z.null(),
    z.object({ action: z.union([z.literal(1), z.literal(3), z.literal(5), z.literal(7)]) }),
    z.object({ draw: z.literal('bonus') }),
  ]).optional().transform((p) => p ?? null),
  players: z.array(z.object({ palette: z.array(z.string()) })).max(4), // empty before the first game
}) satisfies z.ZodType<MeaningView, unknown>;

const KeyEventSchema = z.object({
  seat: z.union([z.literal(0), z.literal(1), z.literal(2), z.literal(3), z.null()]),
  key: z.enum(PANEL_KEYS),
  press: z.enum(PRESS_KINDS),
});

/** Why an input made no command (typed, so LEDs, buzzer and dashboard render the same reason). */
export const PANEL_IGNORE_CODES = [
  'panel/bad-event', 'panel/bad-view', 'panel/no-turn', 'panel/nothing-to-draw', 'panel/not-in-a-palette',
  'panel/scan-failed', 'panel/dealing',
] as const;
export type PanelIgnoreCode = (typeof PANEL_IGNORE_CODES)[number];

/** The fields every command of one input carries: who sent it and its id. */
export type Envelope = { source?: string; id?: string };

/** What an input means before its card is read. */
export type Meaning =
  | { kind: 'command'; command: Command }
  /** The card on the tray is needed: read it (ruling out what `from` rules out), then `complete` it. */
  | { kind: 'card'; seat: number; from: ScanSource; complete: (card: string) => Meaning }
  /** Another seat's key: the caller blinks that seat's LED. */
  | { kind: 'notYourTurn'; seat: Seat; active: number }
  | { kind: 'ignored'; seat: Seat | null; code: PanelIgnoreCode; message: string };

export function ignored(seat: Seat | null, code: PanelIgnoreCode, message: string): Meaning {
  return { kind: 'ignored', seat, code, message };
}

function describe(error: z.ZodError): string {
  return error.issues.map((i) => `${i.path.join('.') || '(root)'}: ${i.message}`).join('; ');
}

const sevenOwed = (view: Pick<MeaningView, 'active' | 'pending'>, seat: number) =>
  view.active === seat && view.pending !== null && 'action' in view.pending && view.pending.action === 7;

/**
 * A card laid on the tray for a seat's PALETTE or CANVAS: during the deal PALETTE deals the
 * seat's starting card; while the seat owes a 7's action, CANVAS sends one of its palette cards
 * to the canvas; otherwise a hand card is played.
 */
export function trayMeaning(view: Pick<MeaningView, 'phase' | 'active' | 'pending'>, seat: number, to: 'palette' | 'canvas', envelope: Envelope): Meaning {
  if (view.phase === 'setup' && to === 'palette') {
    return { kind: 'card', seat, from: 'hand', complete: (card) => ({ kind: 'command', command: { type: 'deal', seat, card, ...envelope } }) };
  }
  if (to === 'canvas' && sevenOwed(view, seat)) {
    return { kind: 'card', seat, from: 'own-palette', complete: (card) => ({ kind: 'command', command: { type: 'discard', seat, card, to: 'canvas', ...envelope } }) };
  }
  return { kind: 'card', seat, from: 'hand', complete: (card) => ({ kind: 'command', command: { type: 'play', seat, to, card, ...envelope } }) };
}

/** What a key press means, given the public view. */
export function keyMeaning(event: PanelKeyEvent, view: unknown, envelope: Required<Envelope>): Meaning {
  const e = KeyEventSchema.safeParse(event);
  if (!e.success) return ignored(null, 'panel/bad-event', `not a panel key event: ${describe(e.error)}`);
  const { seat, key, press } = e.data;
  // UNDO is the one shared key: it takes back the last accepted command whoever's turn it is.
  if (key === 'undo') return { kind: 'command', command: { type: 'undo', ...envelope } };
  if (seat === null) return ignored(null, 'panel/bad-event', `the ${key} key belongs to a seat, but the event has none`);

  const v = PanelViewSchema.safeParse(view);
  if (!v.success) return ignored(seat, 'panel/bad-view', `the table view is not usable: ${describe(v.error)}`);
  const { phase, active, pending, players } = v.data;
  // During the deal a seat's PALETTE key records that seat's starting card, as it lies on the tray.
  if (phase === 'setup') {
    if (key !== 'palette') return ignored(seat, 'panel/dealing', 'the starting cards are being dealt: lay each seat\'s card on the tray and press that seat\'s PALETTE');
    return trayMeaning(v.data, seat, 'palette', envelope);
  }
  if (phase !== 'turn' || active === null) return ignored(seat, 'panel/no-turn', `no turn is being played (phase ${phase ?? 'no game'})`);
  if (seat !== active) return { kind: 'notYourTurn', seat, active };

  switch (key) {
    case 'done':
      return { kind: 'command', command: press === 'long' ? { type: 'pass', seat, ...envelope } : { type: 'endTurn', seat, ...envelope } };
    case 'palette':
    case 'canvas':
      return trayMeaning(v.data, seat, key, envelope);
    case 'draw':
      return drawOrDeck(seat, pending, players, envelope);
  }
}

function drawOrDeck(seat: Seat, pending: MeaningView['pending'], players: MeaningView['players'], envelope: Envelope): Meaning {
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
