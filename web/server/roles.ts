// Which role may send which command (the role table). The referee may send anything;
// a paired seat only the moves of its own seat — never newGame, undo, correct or nextRound,
// which change the table for everyone; a watcher sends nothing.
import type { RefereeErrorLike, Role } from '../protocol.ts';
import type { Command } from '../../device/rules/index.ts';

/** A refusal with the HTTP status it answers. */
export interface Refusal {
  status: 401 | 403;
  error: RefereeErrorLike;
}

const SEAT_COMMANDS = new Set(['deal', 'play', 'endTurn', 'pass', 'draw', 'discard', 'take']);

/** Null when the role may send the command, else why not. */
export function authorize(role: Role, command: Command): Refusal | null {
  if (role.kind === 'referee') return null;
  if (role.kind === 'watcher') {
    return { status: 401, error: { code: 'auth/required', message: 'watchers cannot send commands: sign in with the referee PIN or pair this device to a seat' } };
  }
  if (!SEAT_COMMANDS.has(command.type)) {
    return { status: 403, error: { code: 'auth/forbidden', message: `only the referee may send ${command.type}` } };
  }
  if ('seat' in command && command.seat !== role.seat) {
    return { status: 403, error: { code: 'auth/forbidden', message: `this device is paired to seat ${role.seat + 1}, not seat ${command.seat + 1}` } };
  }
  return null;
}

/** May this role upload a photo for that seat? */
export function authorizeSeat(role: Role, seat: number): Refusal | null {
  if (role.kind === 'referee') return null;
  if (role.kind === 'watcher') return { status: 401, error: { code: 'auth/required', message: 'sign in with the referee PIN or pair this device to a seat' } };
  if (role.seat !== seat) return { status: 403, error: { code: 'auth/forbidden', message: `this device is paired to seat ${role.seat + 1}, not seat ${seat + 1}` } };
  return null;
}

/** Refuses anyone but the referee. */
export function refereeOnly(role: Role, what: string): Refusal | null {
  if (role.kind === 'referee') return null;
  if (role.kind === 'watcher') return { status: 401, error: { code: 'auth/required', message: `${what} needs the referee PIN` } };
  return { status: 403, error: { code: 'auth/forbidden', message: `${what} is for the referee only` } };
}
