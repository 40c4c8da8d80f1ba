import { describe, expect, it } from 'vitest';
import { authorize, authorizeSeat, refereeOnly } from '../../../web/server/roles.ts';
import { validateCommand, type Command } from '../../../device/rules/index.ts';

/** A command that passed the one command schema. */
const cmd = (c: unknown): Command => {
  const valid = validateCommand(c);
  if (!valid.ok) throw new Error(valid.rejection.message);
  return valid.command;
};

describe('authorize', () => {
  it('lets the referee send anything', () => {
    for (const c of [{ type: 'newGame', players: ['A', 'B'] }, { type: 'undo' }, { type: 'pass', seat: 3 }]) {
      expect(authorize({ kind: 'referee' }, cmd(c))).toBeNull();
    }
  });

  it('refuses every command from a watcher with 401', () => {
    expect(authorize({ kind: 'watcher' }, cmd({ type: 'pass', seat: 0 }))?.status).toBe(401);
  });

  it('lets a seat play, end, pass, draw, discard, take and deal for itself only', () => {
    const seat = { kind: 'seat', seat: 1 } as const;
    for (const c of [
      { type: 'play', seat: 1, to: 'palette', card: 'R1' }, { type: 'endTurn', seat: 1 }, { type: 'pass', seat: 1 },
      { type: 'draw', seat: 1 }, { type: 'discard', seat: 1, card: 'R1', to: 'deck' }, { type: 'take', seat: 1, from: 0, card: 'R1' },
      { type: 'deal', seat: 1, card: 'R1' },
    ]) {
      expect(authorize(seat, cmd(c))).toBeNull();
      expect(authorize(seat, cmd({ ...c, seat: 2 }))?.status).toBe(403);
    }
  });

  it('refuses newGame, undo, correct and nextRound from a seat with 403', () => {
    for (const c of [{ type: 'newGame', players: ['A', 'B'] }, { type: 'undo' }, { type: 'correct', seq: 1, card: 'R1' }, { type: 'nextRound' }]) {
      expect(authorize({ kind: 'seat', seat: 0 }, cmd(c))?.status).toBe(403);
    }
  });

  it('guards photo uploads by seat and the referee\'s own routes by role', () => {
    expect(authorizeSeat({ kind: 'seat', seat: 0 }, 0)).toBeNull();
    expect(authorizeSeat({ kind: 'seat', seat: 0 }, 1)?.status).toBe(403);
    expect(authorizeSeat({ kind: 'watcher' }, 1)?.status).toBe(401);
    expect(refereeOnly({ kind: 'seat', seat: 0 }, 'x')?.status).toBe(403);
    expect(refereeOnly({ kind: 'referee' }, 'x')).toBeNull();
  });
});
