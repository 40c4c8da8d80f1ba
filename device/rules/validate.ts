// The shape check every command passes before the rules look at it: untrusted JSON in,
// a typed command or a 'command/malformed' rejection out. Hand-written rather than a schema
// library because the simulator pushes hundreds of thousands of commands a second through it.
import { COMMAND_TYPES, DISCARD_TARGETS, PLAY_TARGETS, type Command } from './commands.ts';
import { reject, type Rejection } from './rejections.ts';

export type Validation = { ok: true; command: Command } | { ok: false; rejection: Rejection };

const isObject = (x: unknown): x is Record<string, unknown> => typeof x === 'object' && x !== null && !Array.isArray(x);
const isSeat = (x: unknown): x is number => typeof x === 'number' && Number.isInteger(x) && x >= 0 && x < 16;
const optionalString = (x: unknown, max: number) => x === undefined || (typeof x === 'string' && x.length <= max);

/** What the fields of each command type must be; a message per broken field. */
const FIELD_CHECKS: Record<string, Array<[string, (x: unknown) => boolean, string]>> = {
  newGame: [
    ['players', (x) => Array.isArray(x), 'players must be a list of names'],
    ['advanced', (x) => x === undefined || typeof x === 'boolean', 'advanced must be true or false'],
    ['actions', (x) => x === undefined || typeof x === 'boolean', 'actions must be true or false'],
    ['language', (x) => x === undefined || (typeof x === 'string' && x.length <= 8), 'language must be a language code like "en"'],
  ],
  deal: [['seat', isSeat, 'seat must be a seat index (0 is the first seat)'], ['card', (x) => x === undefined || typeof x === 'string', 'card must be a card like "R7"']],
  play: [
    ['seat', isSeat, 'seat must be a seat index (0 is the first seat)'],
    ['to', (x) => (PLAY_TARGETS as readonly unknown[]).includes(x), 'to must be "palette" or "canvas"'],
    ['card', (x) => x === undefined || typeof x === 'string', 'card must be a card like "R7"'],
  ],
  endTurn: [['seat', isSeat, 'seat must be a seat index (0 is the first seat)']],
  pass: [['seat', isSeat, 'seat must be a seat index (0 is the first seat)']],
  draw: [['seat', isSeat, 'seat must be a seat index (0 is the first seat)']],
  discard: [
    ['seat', isSeat, 'seat must be a seat index (0 is the first seat)'],
    ['card', (x) => typeof x === 'string', 'card must be a card like "R7"'],
    ['to', (x) => (DISCARD_TARGETS as readonly unknown[]).includes(x), 'to must be "canvas" or "deck"'],
  ],
  take: [
    ['seat', isSeat, 'seat must be a seat index (0 is the first seat)'],
    ['from', isSeat, 'from must be a seat index (0 is the first seat)'],
    ['card', (x) => typeof x === 'string', 'card must be a card like "R7"'],
  ],
  undo: [],
  correct: [
    ['seq', (x) => typeof x === 'number' && Number.isInteger(x) && x >= 1, 'seq must be the number of an earlier command'],
    ['card', (x) => typeof x === 'string', 'card must be a card like "R7"'],
  ],
  nextRound: [],
};

/** Checks that untrusted input is a command of RULES.md §9 (shape only, not the rules). */
export function validateCommand(input: unknown): Validation {
  if (!isObject(input)) return reject('command/malformed', 'a command is a JSON object with a "type"');
  const type = input.type;
  if (typeof type !== 'string' || !(COMMAND_TYPES as readonly string[]).includes(type)) {
    return reject('command/malformed', `unknown command type ${JSON.stringify(type)}; expected one of ${COMMAND_TYPES.join(', ')}`);
  }
  for (const [field, ok, message] of FIELD_CHECKS[type]!) {
    if (!ok(input[field])) return reject('command/malformed', `${type}: ${message}`);
  }
  if (!optionalString(input.source, 64) || !optionalString(input.id, 128)) {
    return reject('command/malformed', 'source and id must be short strings');
  }
  return { ok: true, command: input as unknown as Command };
}
