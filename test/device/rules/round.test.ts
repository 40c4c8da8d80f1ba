import { describe, expect, it } from 'vitest';
import { currentRule, formatCard } from '../../../device/rules/index.ts';
import { crafted, ok, started, step, types } from './helpers.ts';

describe('setting up a round', () => {
  it('deals 7 hand cards to each player and counts the deck', () => {
    const s = ok(null, { type: 'newGame', players: ['Ann', 'Ben', 'Cy'] });
    expect(s.phase).toBe('setup');
    expect(s.players.map((p) => p.hand)).toEqual([7, 7, 7]);
    expect(s.deck).toBe(49 - 3 * 8);
    expect(s.leader).toBe(null);
  });

  it('makes the highest palette card the leader and starts with the player to their left', () => {
    const s = started(['O1', 'Y2', 'G3']);
    expect(s.phase).toBe('turn');
    expect(currentRule(s)).toBe('red');
    expect(s.leader).toBe(2);
    expect(s.active).toBe(0);
  });

  it('starts with the next seat clockwise, wrapping past the last seat', () => {
    expect(started(['R7', 'Y2', 'G3']).active).toBe(1);
    expect(started(['O1', 'R7', 'G3', 'B4']).active).toBe(2);
  });

  it('announces the deal, the first turn and the leader', () => {
    let s = ok(null, { type: 'newGame', players: ['Ann', 'Ben'] });
    s = ok(s, { type: 'deal', seat: 0, card: 'R1' });
    const { events } = step(s, { type: 'deal', seat: 1, card: 'B5' });
    expect(types(events)).toEqual(['cardDealt', 'turnStarted', 'leaderChanged']);
  });
});

describe('a basic round', () => {
  it('keeps a player who is winning at the end of the turn and passes the turn on', () => {
    let s = started(['O1', 'Y2', 'G3']);
    s = ok(s, { type: 'play', seat: 0, to: 'palette', card: 'R4' });
    expect(s.players[0]!.hand).toBe(6);
    const { state, events } = step(s, { type: 'endTurn', seat: 0 });
    expect(state.players[0]!.out).toBe(false);
    expect(state.active).toBe(1);
    expect(types(events)).toEqual(['turnStarted']);
  });

  it('eliminates a player who ends the turn not winning', () => {
    let s = started(['O1', 'Y2', 'G3']);
    s = ok(s, { type: 'play', seat: 0, to: 'palette', card: 'V2' });
    const { state, events } = step(s, { type: 'endTurn', seat: 0 });
    expect(state.players[0]!.out).toBe(true);
    expect(events).toContainEqual({ type: 'playerOut', seat: 0, reason: 'not-winning' });
    expect(state.active).toBe(1);
  });

  it('eliminates a player who passes', () => {
    const { state, events } = step(started(['O1', 'Y2', 'G3']), { type: 'pass', seat: 0 });
    expect(state.players[0]!.out).toBe(true);
    expect(events[0]).toEqual({ type: 'playerOut', seat: 0, reason: 'passed' });
  });

  it('eliminates a player who starts a turn with an empty hand and skips to the next', () => {
    let s = crafted([['R4'], ['Y2'], ['G3']], { active: 0, hands: [7, 0, 7] });
    const { state, events } = step(s, { type: 'play', seat: 0, to: 'palette', card: 'R5' });
    s = state;
    expect(events.at(-1)?.type).not.toBe('playerOut');
    const end = step(s, { type: 'endTurn', seat: 0 });
    expect(end.events).toContainEqual({ type: 'playerOut', seat: 1, reason: 'empty-hand' });
    expect(end.state.active).toBe(2);
  });

  it('ends the round when one player is left, and a basic game with it', () => {
    let s = started(['O1', 'Y2', 'G3']);
    s = ok(s, { type: 'play', seat: 0, to: 'palette', card: 'R4' });
    s = ok(s, { type: 'endTurn', seat: 0 });
    s = ok(s, { type: 'pass', seat: 1 });
    const { state, events } = step(s, { type: 'pass', seat: 2 });
    expect(types(events)).toEqual(['playerOut', 'roundWon', 'gameOver']);
    expect(state.phase).toBe('gameOver');
    expect(state.winner).toBe(0);
    expect(state.active).toBe(null);
    expect(state.rounds).toEqual([{ round: 1, winner: 0, rule: 'red', scored: [], points: 0 }]);
  });

  it('lets a canvas card change the rule when its player wins under the new rule', () => {
    let s = started(['O1', 'Y2', 'G3']);
    s = ok(s, { type: 'play', seat: 0, to: 'palette', card: 'R4' });
    s = ok(s, { type: 'endTurn', seat: 0 });
    s = ok(s, { type: 'play', seat: 1, to: 'palette', card: 'B2' });
    const { state, events } = step(s, { type: 'play', seat: 1, to: 'canvas', card: 'O6' });
    expect(currentRule(state)).toBe('orange');
    expect(state.leader).toBe(1);
    expect(events).toContainEqual({ type: 'ruleChanged', rule: 'orange', seat: 1 });
    expect(events).toContainEqual({ type: 'leaderChanged', leader: 1, previous: 0 });
    expect(state.canvas.map(formatCard)).toEqual(['O6']);
  });
});

describe('the canvas-before-palette order (the Russian sheet’s worked example)', () => {
  // Red is the rule; an opponent has the Red 6; we hold Yellow 4, Green 2, Blue 6. We play the
  // Orange 5 to the canvas first, then the Blue 4 to our palette, and lead under Orange with two 4s.
  const position = () => crafted([['R6'], ['Y4', 'G2', 'B6']], { active: 1 });

  it('accepts the canvas card first, warns about the order, and judges the turn as a whole', () => {
    let s = ok(position(), { type: 'play', seat: 1, to: 'canvas', card: 'O5' });
    expect(s.leader).toBe(0);
    const palette = step(s, { type: 'play', seat: 1, to: 'palette', card: 'B4' });
    expect(types(palette.events)).toContain('orderWarning');
    expect(palette.state.leader).toBe(1);
    s = ok(palette.state, { type: 'endTurn', seat: 1 });
    expect(s.players[1]!.out).toBe(false);
  });

  // The sheets (action 3): "You must be winning the game after this action" — a canvas card played
  // first is judged with the turn; the table hears at once that it does not win yet.
  it('answers a canvas card played first that does not win yet with an immediate "not winning yet" note, not a refusal', () => {
    const { state, events } = step(position(), { type: 'play', seat: 1, to: 'canvas', card: 'O5' });
    expect(events).toContainEqual({ type: 'notWinningYet', seat: 1, rule: 'orange' });
    expect(state.canvas.map(formatCard)).toEqual(['O5']);
  });

  it('says nothing of the kind when the canvas card wins at once', () => {
    const { events } = step(crafted([['R6'], ['Y4', 'G4']], { active: 1 }), { type: 'play', seat: 1, to: 'canvas', card: 'O5' });
    expect(types(events)).not.toContain('notWinningYet');
  });

  it('refuses to end a turn whose canvas card did not make its player the winner', () => {
    let s = ok(position(), { type: 'play', seat: 1, to: 'canvas', card: 'O5' });
    s = ok(s, { type: 'play', seat: 1, to: 'palette', card: 'V3' });
    const r = step.bind(null);
    expect(() => r(s, { type: 'endTurn', seat: 1 })).toThrow(/canvas\/not-winning/);
  });

  it('refuses a losing canvas card at once when no palette card can follow', () => {
    const s = crafted([['R6'], ['Y4', 'G2', 'B6']], { active: 1, hands: [7, 1] });
    expect(() => step(s, { type: 'play', seat: 1, to: 'canvas', card: 'O5' })).toThrow(/canvas\/not-winning/);
  });
});
