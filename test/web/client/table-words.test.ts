import { describe, expect, it } from 'vitest';
import type { PublicView } from '../../../device/referee/types.ts';
import { countWords, leaderWords, notWinningHint, outcomeWords, runningScores, turnMarks, turnName } from '../../../web/client/src/table-words.ts';

function view(patch: Partial<PublicView> = {}): PublicView {
  const player = (name: string, palette: string[], score = 0) => ({ name, palette, hand: 5, out: false, score, scored: [], counting: [] });
  return {
    game: 1, seq: 9, phase: 'turn', round: 1, rule: 'violet', canvas: ['V5'], active: 1, leader: 0, leaderReason: { count: 3, best: 'R3' }, deck: 20,
    pending: null, winner: null, advanced: true, actions: false, language: 'en', target: 35,
    players: [player('Ann', ['R3', 'O2', 'B1']), player('Ben', ['G5']), player('Cy', ['Y4'])],
    rounds: [], announcement: null, warning: null, ...patch,
  };
}

describe('the banner’s words', () => {
  it('names the leader and why, rule by rule', () => {
    expect(leaderWords(view())).toBe('Ann — three cards below 4, best Red 3');
    expect(leaderWords(view({ rule: 'red', leaderReason: { count: 1, best: 'R7' } }))).toBe('Ann — highest card, Red 7');
    expect(leaderWords(view({ rule: 'blue', leaderReason: { count: 1, best: 'B4' } }))).toBe('Ann — one colour, best Blue 4');
    expect(leaderWords(view({ rule: 'indigo', leaderReason: { count: 4, best: 'G6' } }))).toBe('Ann — four cards in a row, best Green 6');
    expect(leaderWords(view({ leader: null, leaderReason: null }))).toBe('Nobody leads yet');
  });

  it('spells small counts and keeps digits for large ones', () => {
    expect(countWords(3)).toBe('three');
    expect(countWords(14)).toBe('14');
  });

  it('hints before DONE only while the player whose turn it is does not lead', () => {
    expect(turnName(view())).toBe('Ben');
    expect(notWinningHint(view(), true)).toBe('Ben is not winning under Violet: DONE puts Ben out');
    expect(notWinningHint(view(), false)).toBeNull();
    expect(notWinningHint(view({ leader: 1 }), true)).toBeNull();
    expect(notWinningHint(view({ phase: 'roundOver' }), true)).toBeNull();
    expect(notWinningHint(view({ active: null }), true)).toBeNull();
  });

  it('marks a turn as played once its player’s palette or the canvas changes', () => {
    const start = turnMarks(view());
    const players = view().players.map((p, i) => (i === 1 ? { ...p, palette: [...p.palette, 'G1'] } : p));
    expect(turnMarks(view({ players })).turn).toBe(start.turn);
    expect(turnMarks(view({ players })).played).not.toBe(start.played);
    expect(turnMarks(view({ canvas: ['V5', 'B2'] })).played).not.toBe(start.played);
    expect(turnMarks(view({ active: 2 })).turn).not.toBe(start.turn);
  });

  it('says who won the round, and what they scored in an advanced game, and who won the game', () => {
    const rounds = [{ round: 1, winner: 2, rule: 'red' as const, scored: ['G5'], points: 5 }];
    const players = view().players.map((p, i) => ({ ...p, score: i === 2 ? 5 : 0 }));
    expect(leaderWords(view({ phase: 'roundOver', rounds, players }))).toBe('Cy wins round 1 — scores 5 with Green 5');
    expect(outcomeWords(view({ phase: 'roundOver', rounds, players }))).toBe('Round 1 is over: Ann 0, Ben 0, Cy 5 (first to 35)');
    expect(leaderWords(view({ phase: 'roundOver', rounds, advanced: false }))).toBe('Cy wins round 1');
    expect(outcomeWords(view({ phase: 'roundOver', rounds, advanced: false }))).toBe('Round 1 is over');
    expect(leaderWords(view({ phase: 'gameOver', rounds, players, winner: 2 }))).toBe('Cy wins the game with 5 points');
    expect(outcomeWords(view({ phase: 'gameOver', rounds, players, winner: 2 }))).toBe('Game over after 1 round: Ann 0, Ben 0, Cy 5');
    expect(outcomeWords(view())).toBeNull();
  });

  it('adds up each player’s running score round by round, from zero', () => {
    const rounds = [
      { round: 1, winner: 0, rule: 'red' as const, scored: ['R7'], points: 7 },
      { round: 2, winner: 1, rule: 'red' as const, scored: ['O6'], points: 6 },
      { round: 3, winner: 0, rule: 'red' as const, scored: ['Y5'], points: 5 },
    ];
    expect(runningScores(view({ rounds }))).toEqual([[0, 7, 7, 12], [0, 0, 6, 6], [0, 0, 0, 0]]);
  });
});
