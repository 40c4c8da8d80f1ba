// Seat keys become referee commands (RULES.md §9, "The seat panel"). The decision needs the
// public view (whose turn, which card action is pending, who holds which palette card) and, for
// PALETTE/CANVAS and some DRAW/DECK presses, a camera scan of the card on the tray.
import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import type { ScanSource } from '../../referee/exclusions.ts';
import type { Command } from '../../rules/commands.ts';
import { tryParseCard } from '../../rules/cards.ts';
import { PHASES } from '../../rules/state.ts';
import type { Seat } from './protocol.ts';
import { PANEL_KEYS, PRESS_KINDS, type PanelKeyEvent } from './key-event.ts';

/** The part of the public view (RULES.md §9) that decides what a key means; extra fields are fine. */
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
});
export type PanelView = z.infer<typeof PanelViewSchema>;

const KeyEventSchema = z.object({
  seat: z.union([z.literal(0), z.literal(1), z.literal(2), z.literal(3), z.null()]),
  key: z.enum(PANEL_KEYS),
  press: z.enum(PRESS_KINDS),
});

/** What a scan of the tray found: a card in `R7` notation, or a reason to lay it again. */
export type ScanResult = { card: string } | { rescan: string };

/** Where the card on the tray comes from, so the scanner can rule out every card that cannot be it. */
export type { ScanSource };

/** Takes a camera frame of the tray for a seat and classifies the card on it. */
export interface CardScanner {
  scan(seat: number, from?: ScanSource): Promise<ScanResult>;
}

/** Why a key made no command (typed, so LEDs, buzzer and dashboard render the same reason). */
export const PANEL_IGNORE_CODES = [
  'panel/bad-event', 'panel/bad-view', 'panel/no-turn', 'panel/nothing-to-draw', 'panel/not-in-a-palette',
  'panel/scan-failed', 'panel/dealing',
] as const;
export type PanelIgnoreCode = (typeof PANEL_IGNORE_CODES)[number];

/** The answer to one key press. */
export type PanelOutcome =
  | { kind: 'command'; command: Command }
  /** Another seat's key: the caller blinks that seat's LED. */
  | { kind: 'notYourTurn'; seat: Seat; active: number }
  /** The card could not be read surely: the player lays it again (never guessed, RULES.md §9). */
  | { kind: 'rescan'; seat: Seat; reason: string }
  | { kind: 'ignored'; seat: Seat | null; code: PanelIgnoreCode; message: string };

function ignored(seat: Seat | null, code: PanelIgnoreCode, message: string): PanelOutcome {
  return { kind: 'ignored', seat, code, message };
}

function describe(error: z.ZodError): string {
  return error.issues.map((i) => `${i.path.join('.') || '(root)'}: ${i.message}`).join('; ');
}

/** The referee command (or typed outcome) for a key press, given the public view and a scanner. */
export async function keyToCommand(
  event: PanelKeyEvent,
  view: unknown,
  scanner: CardScanner,
  newId: () => string = randomUUID,
): Promise<PanelOutcome> {
  const e = KeyEventSchema.safeParse(event);
  if (!e.success) return ignored(null, 'panel/bad-event', `not a panel key event: ${describe(e.error)}`);
  const { seat, key, press } = e.data;
  const envelope = { source: 'panel', id: `panel-${newId()}` };
  // UNDO is the one shared key: it takes back the last accepted command whoever's turn it is.
  if (key === 'undo') return { kind: 'command', command: { type: 'undo', ...envelope } };
  if (seat === null) return ignored(null, 'panel/bad-event', `the ${key} key belongs to a seat, but the event has none`);

  const v = PanelViewSchema.safeParse(view);
  if (!v.success) return ignored(seat, 'panel/bad-view', `the table view is not usable: ${describe(v.error)}`);
  const { phase, active, pending, players } = v.data;
  // During the deal a seat's PALETTE key records that seat's starting card, as it lies on the tray.
  if (phase === 'setup') {
    if (key !== 'palette') return ignored(seat, 'panel/dealing', 'the starting cards are being dealt: lay each seat\'s card on the tray and press that seat\'s PALETTE');
    const r = await scanCard(scanner, seat, 'hand');
    if (!r.ok) return r.outcome;
    return { kind: 'command', command: { type: 'deal', seat, card: r.card, ...envelope } };
  }
  if (phase !== 'turn' || active === null) return ignored(seat, 'panel/no-turn', `no turn is being played (phase ${phase ?? 'no game'})`);
  if (seat !== active) return { kind: 'notYourTurn', seat, active };

  switch (key) {
    case 'done':
      return {
        kind: 'command',
        command: press === 'long' ? { type: 'pass', seat, ...envelope } : { type: 'endTurn', seat, ...envelope },
      };
    case 'palette': {
      const r = await scanCard(scanner, seat, 'hand');
      if (!r.ok) return r.outcome;
      return { kind: 'command', command: { type: 'play', seat, to: 'palette', card: r.card, ...envelope } };
    }
    case 'canvas': {
      // While the 7's action is pending, a card laid for the canvas is the palette card it sends there.
      const seven = pending !== null && 'action' in pending && pending.action === 7;
      const r = await scanCard(scanner, seat, seven ? 'own-palette' : 'hand');
      if (!r.ok) return r.outcome;
      const command: Command = seven
        ? { type: 'discard', seat, card: r.card, to: 'canvas', ...envelope }
        : { type: 'play', seat, to: 'canvas', card: r.card, ...envelope };
      return { kind: 'command', command };
    }
    case 'draw':
      return drawOrDeck(seat, pending, players, scanner, envelope);
  }
}

/** A scanned card, or the outcome that stands instead (rescan, failed scan). */
type Scanned = { ok: true; card: string } | { ok: false; outcome: PanelOutcome };

async function scanCard(scanner: CardScanner, seat: Seat, from: ScanSource): Promise<Scanned> {
  let result: unknown;
  try {
    result = await scanner.scan(seat, from);
  } catch (err) {
    return { ok: false, outcome: ignored(seat, 'panel/scan-failed', `the scan failed: ${err instanceof Error ? err.message : String(err)}`) };
  }
  if (typeof result === 'object' && result !== null && 'rescan' in result) {
    // `{rescan: "why"}`; the referee's scanner writes `{rescan: true, reason}`, so read that too.
    const why = typeof result.rescan === 'string' ? result.rescan
      : 'reason' in result && typeof result.reason === 'string' ? result.reason : 'the card could not be read';
    return { ok: false, outcome: { kind: 'rescan', seat, reason: why } };
  }
  const card = typeof result === 'object' && result !== null && 'card' in result ? result.card : undefined;
  const parsed = tryParseCard(card);
  if (!parsed.ok) return { ok: false, outcome: ignored(seat, 'panel/scan-failed', `the scanner answered no card: ${parsed.error}`) };
  return { ok: true, card: card as string };
}

async function drawOrDeck(
  seat: Seat,
  pending: PanelView['pending'],
  players: PanelView['players'],
  scanner: CardScanner,
  envelope: { source: string; id: string },
): Promise<PanelOutcome> {
  // DRAW/DECK means what the pending action needs: a draw (3's action, canvas bonus), a palette
  // card face down on the deck (7), or a card taken from another palette to the deck (1).
  if (pending === null) return ignored(seat, 'panel/nothing-to-draw', 'no draw or card action is pending');
  if ('draw' in pending) return { kind: 'command', command: { type: 'draw', seat, ...envelope } };
  switch (pending.action) {
    case 3:
      return { kind: 'command', command: { type: 'draw', seat, ...envelope } };
    case 7: {
      const r = await scanCard(scanner, seat, 'own-palette');
      if (!r.ok) return r.outcome;
      return { kind: 'command', command: { type: 'discard', seat, card: r.card, to: 'deck', ...envelope } };
    }
    case 1: {
      const r = await scanCard(scanner, seat, 'other-palette');
      if (!r.ok) return r.outcome;
      const from = players.findIndex((p, i) => i !== seat && p.palette.includes(r.card));
      if (from < 0) {
        return ignored(seat, 'panel/not-in-a-palette', `${r.card} is in no other player's palette: take a card from one`);
      }
      return { kind: 'command', command: { type: 'take', seat, from, card: r.card, ...envelope } };
    }
    case 5:
      return ignored(seat, 'panel/nothing-to-draw', 'the 5\'s action plays a hand card to the palette: press PALETTE');
  }
}
