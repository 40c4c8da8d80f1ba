// A validated command reduced to its own fields, so the journal keeps exactly what the rules
// read (and the envelope), never stray fields an input happened to send along.
import type { Command } from '../rules/index.ts';

const FIELDS: Record<Command['type'], readonly string[]> = {
  newGame: ['players', 'advanced', 'actions', 'language'],
  deal: ['seat', 'card'],
  play: ['seat', 'to', 'card'],
  endTurn: ['seat'],
  pass: ['seat'],
  draw: ['seat'],
  discard: ['seat', 'card', 'to'],
  take: ['seat', 'from', 'card'],
  undo: [],
  correct: ['seq', 'card'],
  nextRound: [],
};

/** The command with only its type, its fields and its envelope (source, id). */
export function canonical(command: Command): Command {
  const src = command as unknown as Record<string, unknown>;
  const out: Record<string, unknown> = { type: command.type };
  for (const f of [...FIELDS[command.type], 'source', 'id']) if (src[f] !== undefined) out[f] = src[f];
  return out as unknown as Command;
}

/** The seat a command acts for, or null for table-wide commands. */
export function seatOf(command: Command): number | null {
  return 'seat' in command ? command.seat : null;
}
