// Rejections are values: a refused command answers one of these codes and leaves the state
// unchanged. The LEDs, the buzzer, the dashboard banner and the spoken warning all render them.

/** Every reason the rules refuse a command. */
export const REJECTION_CODES = [
  'command/malformed', // not a command of RULES.md §9 (unknown type, missing or mistyped field)
  'game/none', // no game has been started
  'game/over', // the game has ended; start a new one
  'phase/not-setup', // a deal outside the setup of a round
  'phase/not-turn', // a play while no round is being played
  'phase/not-round-over', // nextRound while the round is still on
  'newGame/players', // not 2–4 distinct, non-empty player names
  'seat/invalid', // no such seat
  'seat/out', // that player is out of the round
  'turn/not-your-turn', // acting out of turn
  'turn/second-palette', // a second palette play in one turn (outside the 5's action)
  'turn/second-canvas', // a second canvas play in one turn
  'turn/already-played', // passing after having played this turn
  'turn/nothing-played', // ending a turn without a play (pass instead)
  'turn/plays-over', // a play after the advanced bonus card was drawn
  'card/invalid', // not a card in the R7 notation
  'card/missing', // a play without its card (it still has to be scanned)
  'card/visible', // the card is already visible elsewhere: a misread, or cheating
  'card/not-in-palette', // the 7's or the 1's action names a card that is not in that palette
  'hand/empty', // a play from an empty hand
  'canvas/not-winning', // a canvas play after which its player would not be winning
  'deal/already-dealt', // a second starting card for a seat
  'action/pending', // a card action is owed first
  'action/not-pending', // an action command with no such action owed
  'action/one-while-losing', // the 1's action used by a player who is not staying in
  'take/invalid-target', // the 1's action aimed at oneself or at a player who is out
  'take/smaller-palette', // the 1's action aimed at a palette smaller than one's own
  'draw/not-allowed', // a draw that no rule allows now
  'deck/empty', // a draw from an empty deck
] as const;
export type RejectionCode = (typeof REJECTION_CODES)[number];

/** A refused command: a code for machines, a message for people. */
export interface Rejection {
  code: RejectionCode;
  message: string;
}

/** Builds a rejection. */
export function reject(code: RejectionCode, message: string): { ok: false; rejection: Rejection } {
  return { ok: false, rejection: { code, message } };
}
