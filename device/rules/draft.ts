// A working copy of the state for one command. Handlers change the copy and collect events;
// a rejection throws the copy away, so the state the caller holds is never changed.
import { formatCard, tryParseCard, type Card } from './cards.ts';
import type { GameEvent } from './events.ts';
import { reject, type Rejection } from './rejections.ts';
import type { GameState, PlayerState } from './state.ts';

export interface Draft {
  s: GameState;
  events: GameEvent[];
}

export type Outcome = { ok: true } | { ok: false; rejection: Rejection };
export const OK: Outcome = { ok: true };

function clonePlayer(p: PlayerState): PlayerState {
  return { ...p, palette: p.palette.slice(), scored: p.scored.slice(), known: p.known.slice() };
}

/** A copy of the state that can be changed freely. */
export function draftOf(state: GameState): Draft {
  return {
    s: {
      ...state,
      players: state.players.map(clonePlayer),
      canvas: state.canvas.slice(),
      deckTop: state.deckTop.slice(),
      turn: state.turn === null ? null : { ...state.turn, pending: state.turn.pending.slice() },
      rounds: state.rounds.slice(),
    },
    events: [],
  };
}

/** Reads a command's card, or says why it is not one. */
export function readCard(text: string | undefined): { ok: true; card: Card } | { ok: false; rejection: Rejection } {
  if (text === undefined) return reject('card/missing', 'the card has not been read yet: scan it or enter it');
  const parsed = tryParseCard(text);
  return parsed.ok ? parsed : reject('card/invalid', parsed.error);
}

/** Where a card already is on the table, if anywhere the table can see it (RULES.md §4). */
export function visibleAt(s: GameState, card: Card): string | null {
  if (s.canvas.includes(card)) return 'on the canvas';
  for (const p of s.players) {
    if (p.palette.includes(card)) return `in ${p.name}'s palette`;
    if (p.scored.includes(card)) return `in ${p.name}'s score pile`;
  }
  return null;
}

/** Refuses a card that cannot come from this seat's hand: it is visible, or known to be elsewhere. */
export function checkFromHand(s: GameState, seat: number, card: Card): Outcome {
  const where = visibleAt(s, card);
  if (where !== null) return reject('card/visible', `${formatCard(card)} is already ${where}: a misread or a mistake`);
  if (s.deckTop.includes(card)) return reject('card/visible', `${formatCard(card)} was put face down on the deck`);
  for (let i = 0; i < s.players.length; i++) {
    if (i !== seat && s.players[i]!.known.includes(card)) {
      return reject('card/visible', `${formatCard(card)} is known to be in another player's hand`);
    }
  }
  return OK;
}

/** Takes a card out of a seat's hand count (and out of its known cards). */
export function removeFromHand(p: PlayerState, card: Card): void {
  p.hand--;
  const k = p.known.indexOf(card);
  if (k >= 0) p.known.splice(k, 1);
}

/** Removes one card from a list, in place. */
export function removeCard(list: Card[], card: Card): void {
  const i = list.indexOf(card);
  if (i >= 0) list.splice(i, 1);
}
