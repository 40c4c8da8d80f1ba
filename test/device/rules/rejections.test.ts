import { describe, expect, it } from 'vitest';
import { REJECTION_CODES, type GameState, type RejectionCode } from '../../../device/rules/index.ts';
import { crafted, ok, refused, seenCodes, started } from './helpers.ts';

// Ann O1, Ben Y2, Cy G3: Cy leads under Red, so Ann (to Cy's left) starts.
const fresh = () => started(['O1', 'Y2', 'G3']);
const over = () => {
  let s = fresh();
  s = ok(s, { type: 'pass', seat: 0 });
  return ok(s, { type: 'pass', seat: 1 });
};

const cases: Array<[RejectionCode, string, () => GameState | null, unknown]> = [
  ['command/malformed', 'an unknown command type', fresh, { type: 'shuffle' }],
  ['command/malformed', 'a play with no seat', fresh, { type: 'play', to: 'palette', card: 'R4' }],
  ['command/malformed', 'a seat that is not a number', fresh, { type: 'endTurn', seat: '0' }],
  ['command/malformed', 'a play to nowhere', fresh, { type: 'play', seat: 0, to: 'table', card: 'R4' }],
  ['command/malformed', 'a command that is not an object', fresh, 'play R4'],
  ['command/malformed', 'undo, which only the referee can carry out', fresh, { type: 'undo' }],
  ['game/none', 'a play before any game', () => null, { type: 'play', seat: 0, to: 'palette', card: 'R4' }],
  ['game/over', 'a play after the game ended', over, { type: 'play', seat: 2, to: 'palette', card: 'R4' }],
  ['phase/not-setup', 'a deal in the middle of a round', fresh, { type: 'deal', seat: 0, card: 'R4' }],
  ['phase/not-turn', 'a play before every starting card is dealt', () => ok(null, { type: 'newGame', players: ['A', 'B'] }), { type: 'play', seat: 0, to: 'palette', card: 'R4' }],
  ['phase/not-round-over', 'nextRound while the round is on', fresh, { type: 'nextRound' }],
  ['newGame/players', 'a game for one', () => null, { type: 'newGame', players: ['Solo'] }],
  ['newGame/players', 'a game for five', () => null, { type: 'newGame', players: ['A', 'B', 'C', 'D', 'E'] }],
  ['newGame/players', 'two players of the same name', () => null, { type: 'newGame', players: ['Ann', 'ann'] }],
  ['newGame/players', 'a blank name', () => null, { type: 'newGame', players: ['Ann', ' '] }],
  ['seat/invalid', 'a seat that does not exist', fresh, { type: 'play', seat: 3, to: 'palette', card: 'R4' }],
  ['seat/out', 'a play by a player who is out', () => ok(fresh(), { type: 'pass', seat: 0 }), { type: 'play', seat: 0, to: 'palette', card: 'R4' }],
  ['turn/not-your-turn', 'a play out of turn', fresh, { type: 'play', seat: 1, to: 'palette', card: 'R4' }],
  ['turn/second-palette', 'a second palette card', () => ok(fresh(), { type: 'play', seat: 0, to: 'palette', card: 'R4' }), { type: 'play', seat: 0, to: 'palette', card: 'R5' }],
  ['turn/second-canvas', 'a second canvas card', () => ok(fresh(), { type: 'play', seat: 0, to: 'canvas', card: 'V1' }), { type: 'play', seat: 0, to: 'canvas', card: 'V3' }],
  ['turn/already-played', 'a pass after a play', () => ok(fresh(), { type: 'play', seat: 0, to: 'palette', card: 'R4' }), { type: 'pass', seat: 0 }],
  ['turn/nothing-played', 'ending a turn without a play', fresh, { type: 'endTurn', seat: 0 }],
  ['card/invalid', 'a card that does not exist', fresh, { type: 'play', seat: 0, to: 'palette', card: 'R8' }],
  ['card/missing', 'a play whose card is still to be scanned', fresh, { type: 'play', seat: 0, to: 'palette' }],
  ['card/visible', 'a card already in a palette', fresh, { type: 'play', seat: 0, to: 'palette', card: 'G3' }],
  ['card/not-in-palette', 'the 7 action naming a card not in the palette', () => ok(started(['O1', 'Y2', 'G3'], { actions: true }), { type: 'play', seat: 0, to: 'palette', card: 'R7' }), { type: 'discard', seat: 0, card: 'B4', to: 'deck' }],
  ['hand/empty', 'a play from an empty hand', () => crafted([['O1'], ['Y2'], ['G3']], { active: 0, hands: [0, 7, 7] }), { type: 'play', seat: 0, to: 'palette', card: 'R4' }],
  ['canvas/not-winning', 'a canvas card after the palette card that leaves its player losing', () => ok(fresh(), { type: 'play', seat: 0, to: 'palette', card: 'V2' }), { type: 'play', seat: 0, to: 'canvas', card: 'O4' }],
  ['deal/already-dealt', 'a second starting card', () => ok(ok(null, { type: 'newGame', players: ['A', 'B'] }), { type: 'deal', seat: 0, card: 'R1' }), { type: 'deal', seat: 0, card: 'R2' }],
  ['action/pending', 'ending the turn while the 7 action is owed', () => ok(started(['O1', 'Y2', 'G3'], { actions: true }), { type: 'play', seat: 0, to: 'palette', card: 'R7' }), { type: 'endTurn', seat: 0 }],
  ['action/not-pending', 'a 7 action with no 7 played', () => ok(fresh(), { type: 'play', seat: 0, to: 'palette', card: 'R4' }), { type: 'discard', seat: 0, card: 'R4', to: 'deck' }],
  ['action/one-while-losing', 'ending the turn after a 1 action that did not keep its player in', oneWhileLosing, { type: 'endTurn', seat: 0 }],
  ['take/invalid-target', 'the 1 action aimed at oneself', () => oneOwed(), { type: 'take', seat: 0, from: 0, card: 'V1' }],
  ['take/smaller-palette', 'the 1 action aimed at a smaller palette', () => oneOwed(), { type: 'take', seat: 0, from: 2, card: 'G3' }],
  ['turn/plays-over', 'a play after the advanced bonus card was drawn', () =>
    ok(ok(crafted([['R3'], ['O1']], { advanced: true, active: 0 }), { type: 'play', seat: 0, to: 'canvas', card: 'B2' }), { type: 'draw', seat: 0 }),
    { type: 'play', seat: 0, to: 'palette', card: 'Y4' }],
  ['draw/not-allowed', 'a draw that no rule allows', () => ok(fresh(), { type: 'play', seat: 0, to: 'palette', card: 'R4' }), { type: 'draw', seat: 0 }],
  ['deck/empty', 'a bonus draw after a 3 emptied the deck', bonusAfterEmptyDeck, { type: 'draw', seat: 0 }],
];

/** Ann holds O1 V1 and is owed a 1 action: Ben's palette (Y2 B6) is as large as hers, Cy's (G3) smaller. */
function oneOwed(): GameState {
  return ok(crafted([['V1'], ['Y2', 'B6'], ['G3']], { active: 0, actions: true }), { type: 'play', seat: 0, to: 'palette', card: 'O1' });
}

/** Ann uses the 1 on Ben although she is losing under Red and will stay so. */
function oneWhileLosing(): GameState {
  return ok(oneOwed(), { type: 'take', seat: 0, from: 1, card: 'Y2' });
}

/** Advanced with actions, one card left: V5 to the canvas earns a bonus draw, then a 3 to the palette takes the last card. */
function bonusAfterEmptyDeck(): GameState {
  let s = crafted([['O1'], ['Y2'], ['G3']], { active: 0, deck: 1, advanced: true, actions: true });
  s = ok(s, { type: 'play', seat: 0, to: 'canvas', card: 'V5' });
  s = ok(s, { type: 'play', seat: 0, to: 'palette', card: 'Y3' });
  return ok(s, { type: 'draw', seat: 0 });
}

describe('every rejection leaves the state unchanged and says why', () => {
  it.each(cases)('%s: %s', (code, _what, state, cmd) => {
    refused(state(), cmd, code);
  });

  it('covers every rejection code the rules define', () => {
    for (const [code, , state, cmd] of cases) refused(state(), cmd, code);
    expect([...REJECTION_CODES].filter((c) => !seenCodes.has(c))).toEqual([]);
  });
});
