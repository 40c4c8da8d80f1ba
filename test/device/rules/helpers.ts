// Builders for rules tests: start games, apply commands that must pass or must be refused.
import { expect } from 'vitest';
import {
  applyCommand, newTurn, parseCard, type GameEvent, type GameState, type RejectionCode,
} from '../../../device/rules/index.ts';

export const NAMES = ['Ann', 'Ben', 'Cy', 'Dee'];

/** Applies a command that must be accepted; returns the new state and its events. */
export function step(state: GameState | null, cmd: unknown): { state: GameState; events: GameEvent[] } {
  const r = applyCommand(state, cmd);
  if (!r.ok) throw new Error(`refused ${JSON.stringify(cmd)}: ${r.rejection.code} ${r.rejection.message}`);
  return { state: r.state, events: r.events };
}

/** Applies a command that must be accepted; returns the new state. */
export function ok(state: GameState | null, cmd: unknown): GameState {
  return step(state, cmd).state;
}

/** Every code the refusal checks have seen, so a suite can prove it covered them all. */
export const seenCodes = new Set<RejectionCode>();

/** Applies a command that must be refused with the code, leaving the state exactly as it was. */
export function refused(state: GameState | null, cmd: unknown, code: RejectionCode): string {
  const before = JSON.stringify(state);
  const r = applyCommand(state, cmd);
  expect(r.ok, `expected ${JSON.stringify(cmd)} to be refused with ${code}`).toBe(false);
  if (r.ok) return '';
  expect(r.rejection.code).toBe(code);
  expect(r.rejection.message.length).toBeGreaterThan(5);
  expect(JSON.stringify(state)).toBe(before);
  seenCodes.add(code);
  return r.rejection.message;
}

/** Starts a game and deals each seat's starting palette card. */
export function started(deals: string[], options: { advanced?: boolean; actions?: boolean } = {}): GameState {
  let s = ok(null, { type: 'newGame', players: NAMES.slice(0, deals.length), ...options });
  deals.forEach((card, seat) => (s = ok(s, { type: 'deal', seat, card })));
  return s;
}

/** A started game reshaped for a test: palettes, hand counts, the active seat, the deck, scores. */
export function crafted(
  palettes: string[][],
  patch: { active?: number; hands?: number[]; deck?: number; scores?: number[]; scored?: string[][]; canvas?: string[] } & {
    advanced?: boolean; actions?: boolean;
  } = {},
): GameState {
  const s = structuredClone(started(palettes.map((p) => p[0]!), { advanced: patch.advanced, actions: patch.actions }));
  s.players.forEach((p, i) => {
    p.palette = palettes[i]!.map(parseCard);
    if (patch.hands) p.hand = patch.hands[i]!;
    if (patch.scores) p.score = patch.scores[i]!;
    if (patch.scored) p.scored = patch.scored[i]!.map(parseCard);
  });
  if (patch.canvas) s.canvas = patch.canvas.map(parseCard);
  if (patch.deck !== undefined) s.deck = patch.deck;
  if (patch.active !== undefined) {
    s.active = patch.active;
    s.turn = newTurn(patch.active);
  }
  return s;
}

/** The event types, in order. */
export const types = (events: GameEvent[]) => events.map((e) => e.type);
