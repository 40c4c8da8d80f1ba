// What every command of the active player checks first, shared by turns (turn.ts) and card
// actions (actions.ts).
import { OK, type Outcome } from './draft.ts';
import { leader } from './judge.ts';
import { reject } from './rejections.ts';
import { currentRule, livePalettes, type GameState } from './state.ts';

/** True when the seat is winning under the current rule. */
export function isWinning(s: GameState, seat: number): boolean {
  return leader(livePalettes(s), currentRule(s)) === seat;
}

/** The checks every command of the active player shares: a round on, a real seat, in the round, their turn. */
export function checkActive(s: GameState, seat: number): Outcome {
  if (s.phase === 'gameOver') return reject('game/over', 'the game is over: start a new one');
  if (s.phase !== 'turn') return reject('phase/not-turn', 'no round is being played right now');
  const p = s.players[seat];
  if (p === undefined) return reject('seat/invalid', `there is no seat index ${seat} (JSON seat indexes count from 0; this game has ${s.players.length} seats)`);
  if (p.out) return reject('seat/out', `${p.name} is out of this round`);
  if (s.active !== seat) return reject('turn/not-your-turn', `it is ${s.players[s.active!]!.name}'s turn, not ${p.name}'s`);
  return OK;
}
