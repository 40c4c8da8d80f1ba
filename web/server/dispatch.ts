// The one path every command from the web takes — HTTP, the socket, the dashboard's virtual
// seat panel and its manual entry alike: schema, role, then the referee's single queue.
import type { Logger } from 'pino';
import type { RefereeApi } from '../../device/referee/types.ts';
import type { CommandAnswer, Role } from '../protocol.ts';
import { authorize } from './roles.ts';
import { CommandSchema, describeIssues } from './schemas.ts';

/** An answer and the HTTP status it goes with. */
export interface Dispatched {
  status: number;
  answer: CommandAnswer;
}

/** Checks, authorizes and submits one command; never throws. */
export async function dispatchCommand(referee: RefereeApi, role: Role, sender: string, input: unknown, logger?: Logger): Promise<Dispatched> {
  const parsed = CommandSchema.safeParse(input);
  if (!parsed.success) {
    return { status: 400, answer: { ok: false, error: { code: 'command/malformed', message: describeIssues(parsed.error) } } };
  }
  const refused = authorize(role, parsed.data);
  if (refused !== null) return { status: refused.status, answer: { ok: false, error: refused.error } };
  // The source is the server's to set: a command id is scoped to its sender (and game), so a
  // retry is answered once and another client's id is another command; no web client may pose as the panel.
  const command = { ...parsed.data, source: sender };
  try {
    const result = await referee.submit(command);
    if (result.ok) return { status: 200, answer: { ok: true, seq: result.seq, view: result.view } };
    return { status: statusOf(result.error.code), answer: { ok: false, error: result.error } };
  } catch (err) {
    logger?.error({ err, command }, 'the referee threw on a command');
    return { status: 500, answer: { ok: false, error: { code: 'server/error', message: 'the referee failed on this command (see the server log)' } } };
  }
}

/** The HTTP status of a referee refusal: the rules' and the referee's reasons are 422, its own faults are not. */
export function statusOf(code: string): number {
  if (code === 'command/malformed') return 400;
  if (code === 'command/id-conflict') return 409;
  if (code === 'referee/not-started') return 503;
  if (code === 'journal/failed') return 500;
  return 422;
}
