import { describe, expect, it } from 'vitest';
import { currentRule, formatCard, mandatoryPending } from '../../../device/rules/index.ts';
import { crafted, ok, step, types } from './helpers.ts';

const withActions = (palettes: string[][], patch: Parameters<typeof crafted>[1] = {}) =>
  crafted(palettes, { active: 0, actions: true, ...patch });

describe('the 7: a palette card to the canvas or face down onto the deck', () => {
  const after7 = () => ok(withActions([['O1'], ['Y2'], ['G3']]), { type: 'play', seat: 0, to: 'palette', card: 'R7' });

  it('is owed as soon as the 7 reaches the palette', () => {
    const { state, events } = step(withActions([['O1'], ['Y2'], ['G3']]), { type: 'play', seat: 0, to: 'palette', card: 'R7' });
    expect(state.turn!.pending).toEqual([{ action: 7 }]);
    expect(events).toContainEqual({ type: 'actionPending', seat: 0, pending: { action: 7 } });
  });

  it('puts the card face down on the deck', () => {
    const before = after7();
    const { state, events } = step(before, { type: 'discard', seat: 0, card: 'O1', to: 'deck' });
    expect(state.players[0]!.palette.map(formatCard)).toEqual(['R7']);
    expect(state.deck).toBe(before.deck + 1);
    expect(events).toEqual([{ type: 'cardDiscarded', seat: 0, card: 'O1', to: 'deck' }]);
  });

  it('plays the card to the canvas when its player then wins, with no canvas bonus, and allows a canvas play after', () => {
    const s = ok(after7(), { type: 'discard', seat: 0, card: 'O1', to: 'canvas' });
    expect(currentRule(s)).toBe('orange');
    expect(s.turn!.pending).toEqual([]);
    const next = ok(s, { type: 'play', seat: 0, to: 'canvas', card: 'Y6' });
    expect(currentRule(next)).toBe('yellow');
  });

  it('refuses the canvas when its player would not win', () => {
    const s = ok(withActions([['O1', 'V2', 'V3'], ['Y3', 'B2', 'B1'], ['G5']]), { type: 'play', seat: 0, to: 'palette', card: 'I7' });
    expect(() => step(s, { type: 'discard', seat: 0, card: 'V2', to: 'canvas' })).toThrow(/canvas\/not-winning/);
  });
});

describe('the 5: one more palette card', () => {
  it('allows a second palette card, whose own action applies too', () => {
    let s = ok(withActions([['O1'], ['Y2'], ['G3']]), { type: 'play', seat: 0, to: 'palette', card: 'R5' });
    expect(s.turn!.pending).toEqual([{ action: 5 }]);
    const second = step(s, { type: 'play', seat: 0, to: 'palette', card: 'B3' });
    expect(second.state.turn!.pending).toEqual([{ action: 3 }]);
    expect(types(second.events)).toEqual(['cardPlayed', 'actionPending']);
    s = ok(second.state, { type: 'draw', seat: 0 });
    expect(s.players[0]!.hand).toBe(6);
  });

  it('is skipped when the hand is empty', () => {
    const { state, events } = step(withActions([['O1'], ['Y2'], ['G3']], { hands: [1, 7, 7] }), { type: 'play', seat: 0, to: 'palette', card: 'R5' });
    expect(state.turn!.pending).toEqual([]);
    expect(events).toContainEqual({ type: 'actionSkipped', seat: 0, action: 5, why: 'empty-hand' });
  });
});

describe('the 3: draw a card', () => {
  it('must be carried out before the turn ends, and the drawn card may go to the canvas', () => {
    let s = ok(withActions([['O1'], ['Y2'], ['G3']]), { type: 'play', seat: 0, to: 'palette', card: 'V3' });
    expect(() => step(s, { type: 'endTurn', seat: 0 })).toThrow(/action\/pending/);
    const drawn = step(s, { type: 'draw', seat: 0 });
    expect(drawn.events).toEqual([{ type: 'cardDrawn', seat: 0, reason: 'action' }]);
    s = ok(drawn.state, { type: 'play', seat: 0, to: 'canvas', card: 'B6' });
    expect(ok(s, { type: 'endTurn', seat: 0 }).players[0]!.out).toBe(false);
  });

  it('does nothing when the deck is empty', () => {
    const { events } = step(withActions([['O1'], ['Y2'], ['G3']], { deck: 0 }), { type: 'play', seat: 0, to: 'palette', card: 'V3' });
    expect(events).toContainEqual({ type: 'actionSkipped', seat: 0, action: 3, why: 'empty-deck' });
  });
});

describe('the 1: a card from a palette at least as large, face down onto the deck', () => {
  const owed = () => ok(withActions([['R6'], ['Y2', 'B6'], ['G3']]), { type: 'play', seat: 0, to: 'palette', card: 'O1' });

  it('takes the card and keeps its player in', () => {
    const before = owed();
    const { state, events } = step(before, { type: 'take', seat: 0, from: 1, card: 'B6' });
    expect(state.players[1]!.palette.map(formatCard)).toEqual(['Y2']);
    expect(state.deck).toBe(before.deck + 1);
    expect(events).toEqual([{ type: 'cardTaken', seat: 0, from: 1, card: 'B6' }]);
    expect(ok(state, { type: 'endTurn', seat: 0 }).players[0]!.out).toBe(false);
  });

  it('is owed while its player is winning', () => {
    expect(() => step(owed(), { type: 'endTurn', seat: 0 })).toThrow(/action\/pending/);
  });

  // The sheets: "When you play a 1, 3, 5, or 7 into your Palette, you must perform that card's action,
  // if conditions allow"; the 1's restriction ("if you are not going to stay in the game afterward")
  // frees only a player whom no take would keep in.
  it('must be carried out if conditions allow, also by a player who is behind when a take would keep them in', () => {
    // The audit's game: deal G2 / V3; Ann G6 to the canvas; Ben I4 to the palette; Ann R1 to the palette.
    let s = crafted([['G2'], ['V3']], { actions: true, canvas: ['G6'], active: 1 });
    s = ok(s, { type: 'play', seat: 1, to: 'palette', card: 'I4' });
    s = ok(s, { type: 'endTurn', seat: 1 });
    const { state, events } = step(s, { type: 'play', seat: 0, to: 'palette', card: 'R1' });
    expect(state.leader).toBe(1);
    expect(events).toContainEqual({ type: 'actionPending', seat: 0, pending: { action: 1 } });
    expect(mandatoryPending(state, 0)).toBe(1);
    expect(() => step(state, { type: 'endTurn', seat: 0 })).toThrow(/action\/pending/);
    const taken = ok(state, { type: 'take', seat: 0, from: 1, card: 'I4' });
    expect(taken.leader).toBe(0);
    expect(ok(taken, { type: 'endTurn', seat: 0 }).players[0]!.out).toBe(false);
  });

  it('is not owed by a player who is behind and whom no take would keep in ("not going to stay in the game afterward")', () => {
    const s = ok(withActions([['V1'], ['Y2', 'B6'], ['G3']]), { type: 'play', seat: 0, to: 'palette', card: 'O1' });
    expect(ok(s, { type: 'endTurn', seat: 0 }).players[0]!.out).toBe(true);
  });

  it('is skipped when no palette is large enough', () => {
    const { events } = step(withActions([['R6'], ['Y2'], ['G3']]), { type: 'play', seat: 0, to: 'palette', card: 'O1' });
    expect(events).toContainEqual({ type: 'actionSkipped', seat: 0, action: 1, why: 'no-target' });
  });

  it('knows the face-down card: whoever draws it next holds it, nobody else can play it', () => {
    let s = ok(owed(), { type: 'take', seat: 0, from: 1, card: 'B6' });
    s = ok(s, { type: 'endTurn', seat: 0 });
    expect(() => step(s, { type: 'play', seat: 1, to: 'palette', card: 'B6' })).toThrow(/card\/visible/);
    s = ok(s, { type: 'play', seat: 1, to: 'palette', card: 'V3' });
    s = ok(s, { type: 'draw', seat: 1 });
    expect(s.players[1]!.known.map(formatCard)).toEqual(['B6']);
    expect(s.deckTop).toEqual([]);
  });
});
