// The one command schema (RULES.md §9) every input passes before the rules look at it — the
// rules themselves, the referee, the web server's HTTP API and socket: untrusted JSON in, a
// typed command or a 'command/malformed' rejection out. Fields are checked one by one and
// unknown fields are refused, so a typo ("crad") is a clear refusal instead of a play that
// waits for the camera. Whether a card exists or a command is legal is the rules' business.
// Hand-written rather than a schema library: the simulator pushes hundreds of thousands of
// commands a second through it.
import { COMMAND_TYPES, DISCARD_TARGETS, PLAY_TARGETS, type Command } from './commands.ts';
import { reject, type Rejection } from './rejections.ts';

export type Validation = { ok: true; command: Command } | { ok: false; rejection: Rejection };

/** Red7 is played by 2 to 4 players; the seat panel has as many seats. */
export const MIN_PLAYERS = 2;
export const MAX_PLAYERS = 4;
/** The longest list of names a newGame may carry: a list of 5 to 8 is refused by the rules, with their reason. */
const MAX_LISTED = 8;
/** The longest player name, source and id a command may carry. */
export const MAX_NAME = 64;
export const MAX_SOURCE = 64;
export const MAX_ID = 128;

const isObject = (x: unknown): x is Record<string, unknown> => typeof x === 'object' && x !== null && !Array.isArray(x);
/** A seat index: 0 up to the largest table's last seat (a seat beyond this game's players is the rules' seat/invalid). */
export const isSeat = (x: unknown): x is number => typeof x === 'number' && Number.isInteger(x) && x >= 0 && x < MAX_PLAYERS;
const optionalString = (x: unknown, min: number, max: number) => x === undefined || (typeof x === 'string' && x.length >= min && x.length <= max);
const isCardText = (x: unknown) => typeof x === 'string' && x.length <= 8;

type Check = [string, (x: unknown) => boolean, string];
const SEAT: Check = ['seat', isSeat, `seat must be a seat index from 0 to ${MAX_PLAYERS - 1} (0 is the first seat)`];
const CARD: Check = ['card', isCardText, 'card must be a card like "R7"'];
const OPTIONAL_CARD: Check = ['card', (x) => x === undefined || isCardText(x), 'card must be a card like "R7"'];

/** What the fields of each command type must be; a message per broken field. */
const FIELD_CHECKS: Record<string, Check[]> = {
  newGame: [
    ['players', (x) => Array.isArray(x) && x.length <= MAX_LISTED && x.every((n) => typeof n === 'string' && n.length <= MAX_NAME), `players must be a list of names (at most ${MAX_NAME} characters each)`],
    ['advanced', (x) => x === undefined || typeof x === 'boolean', 'advanced must be true or false'],
    ['actions', (x) => x === undefined || typeof x === 'boolean', 'actions must be true or false'],
    ['language', (x) => x === undefined || (typeof x === 'string' && x.length <= 8), 'language must be a language code like "en"'],
  ],
  deal: [SEAT, OPTIONAL_CARD],
  play: [SEAT, ['to', (x) => (PLAY_TARGETS as readonly unknown[]).includes(x), 'to must be "palette" or "canvas"'], OPTIONAL_CARD],
  endTurn: [SEAT],
  pass: [SEAT],
  draw: [SEAT],
  discard: [SEAT, CARD, ['to', (x) => (DISCARD_TARGETS as readonly unknown[]).includes(x), 'to must be "canvas" or "deck"']],
  take: [SEAT, ['from', isSeat, `from must be a seat index from 0 to ${MAX_PLAYERS - 1} (0 is the first seat)`], CARD],
  undo: [],
  correct: [['seq', (x) => typeof x === 'number' && Number.isInteger(x) && x >= 1, 'seq must be the number of an earlier command'], CARD],
  nextRound: [],
};

/** The fields each command type may carry: its own, the type and the envelope. */
const ALLOWED: Record<string, ReadonlySet<string>> = Object.fromEntries(
  Object.entries(FIELD_CHECKS).map(([type, checks]) => [type, new Set(['type', 'source', 'id', ...checks.map(([field]) => field)])]),
);

/** Checks that untrusted input is a command of RULES.md §9 (its shape, not the rules). */
export function validateCommand(input: unknown): Validation {
  if (!isObject(input)) return reject('command/malformed', 'a command is a JSON object with a "type"');
  const type = input.type;
  if (typeof type !== 'string' || !(COMMAND_TYPES as readonly string[]).includes(type)) {
    return reject('command/malformed', `unknown command type ${JSON.stringify(type)}; expected one of ${COMMAND_TYPES.join(', ')}`);
  }
  for (const [field, ok, message] of FIELD_CHECKS[type]!) {
    if (!ok(input[field])) return reject('command/malformed', `${type}: ${message}`);
  }
  const allowed = ALLOWED[type]!;
  for (const field in input) {
    if (!allowed.has(field)) return reject('command/malformed', `${type}: unknown field "${field.slice(0, 32)}" (a ${type} has ${[...allowed].join(', ')})`);
  }
  if (!optionalString(input.source, 0, MAX_SOURCE) || !optionalString(input.id, 1, MAX_ID)) {
    return reject('command/malformed', `source and id must be short strings (source up to ${MAX_SOURCE} characters, id 1 to ${MAX_ID})`);
  }
  return { ok: true, command: input as unknown as Command };
}
