// What a seat's key, the scan button, a photo upload or a card-less tap on the dashboard means
// (RULES.md §9, "The seat panel"): a key event and the view are checked here, then seat-keys.ts
// (shared with the dashboard's virtual panel) says what the key means. A meaning that needs the
// card on the tray says where that card comes from; the table-inputs layer reads it once.
import { z } from 'zod';
import { PHASES } from '../rules/state.ts';
import { PANEL_KEYS, PRESS_KINDS, type PanelKeyEvent } from '../hardware/panel/key-event.ts';
import { ignored, seatKeyMeaning, type Envelope, type Meaning, type MeaningView } from './seat-keys.ts';

export { PANEL_IGNORE_CODES, ignored, trayMeaning, type Envelope, type Meaning, type MeaningView, type PanelIgnoreCode } from './seat-keys.ts';

/** The check, at run time, of the part of the view a meaning reads: a view that does not fit is answered with a reason, never thrown on. */
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

function describe(error: z.ZodError): string {
  return error.issues.map((i) => `${i.path.join('.') || '(root)'}: ${i.message}`).join('; ');
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
  const { phase, active } = v.data;
  if (phase === 'turn' && active !== null && seat !== active) return { kind: 'notYourTurn', seat, active };
  return seatKeyMeaning(v.data, seat, key, press, envelope);
}
