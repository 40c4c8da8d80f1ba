// A player's turn (RULES.md §4): palette and canvas plays, ending the turn, passing.
import { cardValue, formatCard, type Card } from './cards.ts';
import type { EndTurnCommand, PassCommand, PlayCommand } from './commands.ts';
import { checkFromHand, OK, readCard, removeFromHand, type Draft, type Outcome } from './draft.ts';
import { leader } from './judge.ts';
import { mandatoryPending, queueAction } from './actions.ts';
import { refreshBonus } from './bonus.ts';
import { reject } from './rejections.ts';
import { remaining, startTurnFrom } from './round.ts';
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

/** Plays a hand card to the seat's palette or to the canvas. */
export function play(d: Draft, cmd: PlayCommand): Outcome {
  const s = d.s;
  const active = checkActive(s, cmd.seat);
  if (!active.ok) return active;
  const read = readCard(cmd.card);
  if (!read.ok) return read;
  const p = s.players[cmd.seat]!;
  const turn = s.turn!;
  if (p.hand === 0) return reject('hand/empty', `${p.name} has no hand cards left`);
  if (turn.bonusDrawn) return reject('turn/plays-over', `${p.name} drew the canvas bonus card: the turn's plays are over, end the turn`);
  const free = checkFromHand(s, cmd.seat, read.card);
  if (!free.ok) return free;
  const owed = mandatoryPending(s, cmd.seat);
  return cmd.to === 'palette' ? toPalette(d, cmd.seat, read.card, owed) : toCanvas(d, cmd.seat, read.card, owed);
}

function toPalette(d: Draft, seat: number, card: Card, owed: number | null): Outcome {
  const s = d.s;
  const turn = s.turn!;
  const five = turn.pending.findIndex((x) => 'action' in x && x.action === 5);
  if (owed !== null && owed !== 5) return reject('action/pending', `first carry out the ${owed}'s action`);
  if (turn.palettePlays > 0 && five < 0) return reject('turn/second-palette', 'only one card goes to the palette each turn');
  if (five >= 0) turn.pending.splice(five, 1);
  const p = s.players[seat]!;
  removeFromHand(p, card);
  p.palette.push(card);
  if (turn.canvasPlayed && turn.palettePlays === 0) {
    // The rule sheets order action 3 palette first; the turn is still judged as a whole (RULES.md §4).
    turn.canvasFirst = true;
    d.events.push({ type: 'orderWarning', seat });
  }
  turn.palettePlays++;
  d.events.push({ type: 'cardPlayed', seat, card: formatCard(card), to: 'palette' });
  refreshBonus(d, seat);
  if (s.actions && (cardValue(card) & 1) === 1) queueAction(d, seat, cardValue(card) as 1 | 3 | 5 | 7);
  return OK;
}

function toCanvas(d: Draft, seat: number, card: Card, owed: number | null): Outcome {
  const s = d.s;
  const turn = s.turn!;
  if (owed !== null) return reject('action/pending', `first carry out the ${owed}'s action`);
  if (turn.canvasPlayed) return reject('turn/second-canvas', 'only one card goes to the canvas each turn');
  const p = s.players[seat]!;
  removeFromHand(p, card);
  s.canvas.push(card);
  turn.canvasPlayed = true;
  turn.canvasCard = card;
  d.events.push({ type: 'cardPlayed', seat, card: formatCard(card), to: 'canvas' });
  d.events.push({ type: 'ruleChanged', rule: currentRule(s), seat });
  if (!isWinning(s, seat)) {
    // A palette card may still follow (the canvas-first order); the table hears at once that it is needed.
    const paletteMayFollow = turn.palettePlays === 0 && p.hand > 0;
    if (!paletteMayFollow) {
      return reject('canvas/not-winning', `${formatCard(card)} to the canvas would not make ${p.name} the winner: take it back`);
    }
    d.events.push({ type: 'notWinningYet', seat, rule: currentRule(s) });
  }
  refreshBonus(d, seat);
  return OK;
}

/** Ends the active player's turn: judged as a whole; a player not winning is out. */
export function endTurn(d: Draft, cmd: EndTurnCommand): Outcome {
  const s = d.s;
  const active = checkActive(s, cmd.seat);
  if (!active.ok) return active;
  const turn = s.turn!;
  const p = s.players[cmd.seat]!;
  if (turn.palettePlays === 0 && !turn.canvasPlayed) {
    return reject('turn/nothing-played', `${p.name} has not played: play a card, or pass (hold DONE)`);
  }
  const owed = mandatoryPending(s, cmd.seat);
  if (owed !== null) return reject('action/pending', `${p.name} must first carry out the ${owed}'s action`);
  const winning = isWinning(s, cmd.seat);
  if (!winning && turn.canvasPlayed) {
    return reject('canvas/not-winning', `${p.name} is not winning after the canvas play: take the canvas card back`);
  }
  if (!winning && turn.took) {
    return reject('action/one-while-losing', `${p.name} used the 1's action but is not staying in: take it back`);
  }
  if (!winning) {
    p.out = true;
    d.events.push({ type: 'playerOut', seat: cmd.seat, reason: 'not-winning' });
  }
  advance(d, cmd.seat);
  return OK;
}

/** Passes: the player does nothing and is out (RULES.md §4, action 4). */
export function pass(d: Draft, cmd: PassCommand): Outcome {
  const s = d.s;
  const active = checkActive(s, cmd.seat);
  if (!active.ok) return active;
  const turn = s.turn!;
  const p = s.players[cmd.seat]!;
  if (turn.palettePlays > 0 || turn.canvasPlayed) {
    return reject('turn/already-played', `${p.name} has already played this turn: end the turn instead`);
  }
  p.out = true;
  d.events.push({ type: 'playerOut', seat: cmd.seat, reason: 'passed' });
  advance(d, cmd.seat);
  return OK;
}

function advance(d: Draft, seat: number): void {
  d.s.turn = null;
  d.s.active = null;
  startTurnFrom(d, remaining(d.s) <= 1 ? seat : (seat + 1) % d.s.players.length);
}
