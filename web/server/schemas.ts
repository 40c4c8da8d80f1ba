// Every body and socket message is checked here before anything acts on it. A command inside a
// message is checked by the one command schema (device/rules/validate.ts), which the rules and
// the referee use too; whether it is *legal* is the rules' business (HTTP 422), not this file's.
import { z } from 'zod';
import { MAX_PLAYERS } from '../../device/rules/index.ts';
import { MAX_MESSAGE_BYTES } from '../protocol.ts';

/** A seat index, bounded as commands bound it. */
const seat = z.number().int().min(0).max(MAX_PLAYERS - 1);

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
  seat: z.coerce.number().int().min(0).max(MAX_PLAYERS - 1),
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
