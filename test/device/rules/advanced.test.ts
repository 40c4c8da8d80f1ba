import { describe, expect, it } from 'vitest';
import { formatCard } from '../../../device/rules/index.ts';
import { crafted, ok, started, step, types } from './helpers.ts';

/** Ann wins the round under Red by the others passing. */
function annWins(s: ReturnType<typeof crafted>) {
  s = ok(s, { type: 'play', seat: 0, to: 'palette', card: 'R4' });
  s = ok(s, { type: 'endTurn', seat: 0 });
  s = ok(s, { type: 'pass', seat: 1 });
  return step(s, { type: 'pass', seat: 2 });
}

describe('advanced scoring', () => {
  it('moves the winner’s satisfying set to the score pile and scores its face values', () => {
    const { state, events } = annWins(started(['O1', 'Y2', 'G3'], { advanced: true }));
    expect(events).toContainEqual({ type: 'pointsScored', seat: 0, cards: ['R4'], points: 4, total: 4 });
    expect(state.players[0]!.palette.map(formatCard)).toEqual(['O1']);
    expect(state.players[0]!.scored.map(formatCard)).toEqual(['R4']);
    expect(state.phase).toBe('roundOver');
    expect(state.rounds[0]).toMatchObject({ winner: 0, rule: 'red', points: 4 });
  });

  it('deals the next round without the scored cards', () => {
    const { state } = annWins(started(['O1', 'Y2', 'G3'], { advanced: true }));
    const next = step(state, { type: 'nextRound' });
    expect(next.state.round).toBe(2);
    expect(next.state.phase).toBe('setup');
    expect(next.state.deck).toBe(49 - 1 - 24);
    expect(next.state.players.every((p) => p.palette.length === 0 && p.hand === 7 && !p.out)).toBe(true);
    expect(next.events).toEqual([{ type: 'roundStarted', round: 2, deck: 24 }]);
    // A scored card can never be dealt again.
    expect(() => ok(next.state, { type: 'deal', seat: 1, card: 'R4' })).toThrow(/card\/visible/);
  });

  it.each([[2, 40], [3, 35], [4, 30]])('ends a %i-player game when a player reaches %i points', (players, target) => {
    const palettes = [['O1'], ['Y2'], ['G3'], ['B1']].slice(0, players);
    const scores = [target - 4, 0, 0, 0].slice(0, players);
    let s = crafted(palettes, { active: 0, advanced: true, scores });
    s = ok(s, { type: 'play', seat: 0, to: 'palette', card: 'R4' });
    s = ok(s, { type: 'endTurn', seat: 0 });
    let last = step(s, { type: 'pass', seat: 1 });
    for (let seat = 2; seat < players; seat++) last = step(last.state, { type: 'pass', seat });
    expect(last.state.phase).toBe('gameOver');
    expect(last.state.winner).toBe(0);
    expect(last.events.at(-1)).toEqual({ type: 'gameOver', winner: 0, scores: [target, ...scores.slice(1)], reason: 'target' });
  });

  it('stops one point short of the target', () => {
    const s = crafted([['O1'], ['Y2'], ['G3']], { active: 0, advanced: true, scores: [30, 0, 0] });
    expect(annWins(s).state.phase).toBe('roundOver');
  });

  it('ends the game when the cards left cannot deal a new round, highest score winning', () => {
    // 4 players need 32 cards; 18 are scored already, and once Ann scores her Red 4 only 49 - 19 = 30 remain.
    const scored = [['V1', 'V2', 'V3', 'V4', 'V5'], ['I1', 'I2', 'I3', 'I4', 'I5', 'I6'], ['B1', 'B2', 'B3', 'B4', 'B5', 'B6', 'B7'], []];
    const s = crafted([['O1'], ['Y2'], ['G3'], ['G1']], { active: 0, advanced: true, scored, scores: [15, 21, 28, 0] });
    let r = step(s, { type: 'play', seat: 0, to: 'palette', card: 'R4' });
    r = step(r.state, { type: 'endTurn', seat: 0 });
    r = step(r.state, { type: 'pass', seat: 1 });
    r = step(r.state, { type: 'pass', seat: 2 });
    r = step(r.state, { type: 'pass', seat: 3 });
    expect(r.state.phase).toBe('gameOver');
    expect(r.state.winner).toBe(2);
    expect(r.events.at(-1)).toMatchObject({ type: 'gameOver', winner: 2, reason: 'deck' });
  });
});

describe('the advanced canvas bonus', () => {
  it('offers a draw when the canvas card is higher than the palette’s size', () => {
    // Under Violet only Ann (Orange 3) has a card below 4, so she wins with the Violet 3.
    const s = crafted([['O3'], ['Y4'], ['G5']], { active: 0, advanced: true });
    const play = step(s, { type: 'play', seat: 0, to: 'canvas', card: 'V3' });
    expect(play.state.turn!.pending).toEqual([{ draw: 'bonus' }]);
    expect(types(play.events)).toContain('actionPending');
    const drawn = step(play.state, { type: 'draw', seat: 0 });
    expect(drawn.state.players[0]!.hand).toBe(7);
    expect(drawn.state.deck).toBe(play.state.deck - 1);
    expect(drawn.events).toEqual([{ type: 'cardDrawn', seat: 0, reason: 'bonus' }]);
    expect(ok(drawn.state, { type: 'endTurn', seat: 0 }).active).toBe(1);
  });

  it('offers no draw when the card is not higher than the palette’s size', () => {
    const s = crafted([['O1', 'G1', 'B1'], ['Y2'], ['G3']], { active: 0, advanced: true });
    expect(ok(s, { type: 'play', seat: 0, to: 'canvas', card: 'V3' }).turn!.pending).toEqual([]);
  });

  it('lets the player decline the draw by ending the turn', () => {
    const s = ok(crafted([['O3'], ['Y4'], ['G5']], { active: 0, advanced: true }), { type: 'play', seat: 0, to: 'canvas', card: 'V3' });
    expect(ok(s, { type: 'endTurn', seat: 0 }).active).toBe(1);
  });

  // The sheets: "if the number of that card is greater than the total number of cards in your Palette";
  // they play the palette card first, so the palette counted is the one the whole turn leaves.
  describe('judged against the palette as the whole turn leaves it', () => {
    // The audit's game: advanced, deal R3 / O5, Ann to play B2 to the canvas and Y4 to the palette.
    const dealt = () => crafted([['R3'], ['O5']], { advanced: true, active: 0 });

    it('is refused in the sheets’ order, Yellow 4 then Blue 2 ("2 > 2" is false)', () => {
      let s = ok(dealt(), { type: 'play', seat: 0, to: 'palette', card: 'Y4' });
      s = ok(s, { type: 'play', seat: 0, to: 'canvas', card: 'B2' });
      expect(s.turn!.pending).toEqual([]);
      expect(() => step(s, { type: 'draw', seat: 0 })).toThrow(/draw\/not-allowed/);
    });

    it('is withdrawn when the palette card follows the canvas card, so the order cannot earn it', () => {
      const canvas = step(dealt(), { type: 'play', seat: 0, to: 'canvas', card: 'B2' });
      expect(canvas.state.turn!.pending).toEqual([{ draw: 'bonus' }]);
      const palette = step(canvas.state, { type: 'play', seat: 0, to: 'palette', card: 'Y4' });
      expect(palette.state.turn!.pending).toEqual([]);
      expect(palette.events).toContainEqual({ type: 'bonusWithdrawn', seat: 0, palette: 2 });
      expect(() => step(palette.state, { type: 'draw', seat: 0 })).toThrow(/draw\/not-allowed/);
    });

    it('is not drawn while the canvas card does not win yet, since a drawn bonus ends the plays', () => {
      const s = ok(dealt(), { type: 'play', seat: 0, to: 'canvas', card: 'B2' });
      expect(() => step(s, { type: 'draw', seat: 0 })).toThrow(/draw\/not-allowed/);
    });

    it('ends the turn’s plays once the bonus card is drawn', () => {
      let s = ok(crafted([['R3'], ['O1']], { advanced: true, active: 0 }), { type: 'play', seat: 0, to: 'canvas', card: 'B2' });
      s = ok(s, { type: 'draw', seat: 0 });
      expect(() => step(s, { type: 'play', seat: 0, to: 'palette', card: 'Y4' })).toThrow(/turn\/plays-over/);
      expect(ok(s, { type: 'endTurn', seat: 0 }).players[0]!.out).toBe(false);
    });
  });

  it('offers nothing in the basic game', () => {
    const s = crafted([['O1'], ['Y2'], ['G3']], { active: 0 });
    expect(ok(s, { type: 'play', seat: 0, to: 'canvas', card: 'V3' }).turn!.pending).toEqual([]);
  });
});
