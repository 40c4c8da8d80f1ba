// Every body and socket message is checked here before anything acts on it. The command
// schema mirrors RULES.md §9 field by field and refuses unknown fields, so a typo
// ("crad") is a clear 400 instead of a play that silently waits for the camera. Whether a
// command is *legal* is the rules' business (HTTP 422), not this file's.
import { z } from 'zod';
import { MAX_MESSAGE_BYTES } from '../protocol.ts';

const seat = z.number().int().min(0).max(3);
const card = z.string().regex(/^[ROYGBIV][1-7]$/, 'a card is a colour letter (R O Y G B I V) and a value 1–7, like "R7"');
const envelope = { source: z.string().max(64).optional(), id: z.string().min(1).max(128).optional() };

/** One command of RULES.md §9. */
export const CommandSchema = z.discriminatedUnion('type', [
  z.strictObject({
    type: z.literal('newGame'),
    players: z.array(z.string().max(64)).max(8),
    advanced: z.boolean().optional(),
    actions: z.boolean().optional(),
    language: z.string().max(8).optional(),
    ...envelope,
  }),
  z.strictObject({ type: z.literal('deal'), seat, card: card.optional(), ...envelope }),
  z.strictObject({ type: z.literal('play'), seat, to: z.enum(['palette', 'canvas']), card: card.optional(), ...envelope }),
  z.strictObject({ type: z.literal('endTurn'), seat, ...envelope }),
  z.strictObject({ type: z.literal('pass'), seat, ...envelope }),
  z.strictObject({ type: z.literal('draw'), seat, ...envelope }),
  z.strictObject({ type: z.literal('discard'), seat, card, to: z.enum(['canvas', 'deck']), ...envelope }),
  z.strictObject({ type: z.literal('take'), seat, from: seat, card, ...envelope }),
  z.strictObject({ type: z.literal('undo'), ...envelope }),
  z.strictObject({ type: z.literal('correct'), seq: z.number().int().min(1), card, ...envelope }),
  z.strictObject({ type: z.literal('nextRound'), ...envelope }),
]);
export type ValidCommand = z.infer<typeof CommandSchema>;

/** One message a client sends over the socket. */
export const ClientMessageSchema = z.discriminatedUnion('type', [
  z.strictObject({ type: z.literal('auth'), credential: z.string().min(1).max(256) }),
  z.strictObject({ type: z.literal('command'), id: z.string().min(1).max(128), command: z.unknown() }),
  z.strictObject({ type: z.literal('resume'), game: z.number().int().min(0).nullable(), since: z.number().int().min(0) }),
  z.strictObject({ type: z.literal('ping') }),
]);
export type ValidClientMessage = z.infer<typeof ClientMessageSchema>;

/** The body of a pairing-code request (referee) and of a pairing (phone). */
export const PairingRequestSchema = z.strictObject({ seat });
export const PairRequestSchema = z.strictObject({ code: z.string().min(4).max(16) });

/** The query of a photo upload: whose card, and where it goes. */
export const ScanQuerySchema = z.object({
  seat: z.coerce.number().int().min(0).max(3),
  to: z.enum(['palette', 'canvas']),
});

/** A game id in a path. */
export const GameIdSchema = z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER);

/** One line naming every broken field, for people. */
export function describeIssues(error: z.ZodError): string {
  return error.issues
    .slice(0, 5)
    .map((i) => `${i.path.length > 0 ? i.path.join('.') : '(message)'}: ${i.message}`)
    .join('; ');
}

/** Parses a socket message's text: size, JSON, shape. */
export function parseClientMessage(text: string): { ok: true; message: ValidClientMessage } | { ok: false; code: 'message/too-large' | 'message/malformed'; message: string } {
  if (Buffer.byteLength(text) > MAX_MESSAGE_BYTES) {
    return { ok: false, code: 'message/too-large', message: `messages are limited to ${MAX_MESSAGE_BYTES} bytes` };
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return { ok: false, code: 'message/malformed', message: 'a message is one JSON object' };
  }
  const r = ClientMessageSchema.safeParse(json);
  if (!r.success) return { ok: false, code: 'message/malformed', message: describeIssues(r.error) };
  return { ok: true, message: r.data };
}
