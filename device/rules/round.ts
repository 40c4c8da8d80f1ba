// Setup, turn order and the end of a round and of the game (RULES.md §4 and §5).
import { DECK_SIZE, formatCard } from './cards.ts';
import type { DealCommand, NewGameCommand } from './commands.ts';
import { checkFromHand, OK, readCard, type Draft, type Outcome } from './draft.ts';
import { leader, points, satisfyingSet } from './judge.ts';
import { reject } from './rejections.ts';
import {
  CARDS_PER_PLAYER, HAND_SIZE, TARGET_POINTS, currentRule, livePalettes, newTurn, scoredCount, type GameState,
} from './state.ts';

const MAX_NAME = 24;

/** Starts a new game (any time: a running game is simply replaced). */
export function newGame(cmd: NewGameCommand): { ok: true; state: GameState; events: Draft['events'] } | { ok: false; rejection: ReturnType<typeof reject>['rejection'] } {
  const names = cmd.players;
  if (names.length < 2 || names.length > 4) return reject('newGame/players', 'Red7 is played by 2 to 4 players');
  const trimmed: string[] = [];
  for (const n of names) {
    if (typeof n !== 'string' || n.trim() === '' || n.trim().length > MAX_NAME) {
      return reject('newGame/players', `each player needs a name of 1 to ${MAX_NAME} characters`);
    }
    trimmed.push(n.trim());
  }
  if (new Set(trimmed.map((n) => n.toLowerCase())).size !== trimmed.length) {
    return reject('newGame/players', 'two players have the same name');
  }
  const d: Draft = {
    s: {
      phase: 'setup', advanced: cmd.advanced === true, actions: cmd.actions === true, round: 1,
      players: trimmed.map((name) => ({ name, palette: [], hand: HAND_SIZE, out: false, score: 0, scored: [], known: [] })),
      canvas: [], deck: 0, deckTop: [], active: null, leader: null, turn: null, winner: null, rounds: [],
    },
    events: [],
  };
  d.events.push({ type: 'gameStarted', players: trimmed, advanced: d.s.advanced, actions: d.s.actions });
  startRound(d);
  return { ok: true, state: d.s, events: d.events };
}

/** Resets the table for a round: 7 hand cards each, palettes waiting for their starting card. */
export function startRound(d: Draft): void {
  const s = d.s;
  for (const p of s.players) {
    p.palette = [];
    p.hand = HAND_SIZE;
    p.out = false;
    p.known = [];
  }
  s.phase = 'setup';
  s.canvas = [];
  s.deckTop = [];
  s.deck = DECK_SIZE - scoredCount(s) - CARDS_PER_PLAYER * s.players.length;
  s.active = null;
  s.leader = null;
  s.turn = null;
  d.events.push({ type: 'roundStarted', round: s.round, deck: s.deck });
}

/** Records a seat's face-up starting card; the last one starts the round. */
export function deal(d: Draft, cmd: DealCommand): Outcome {
  const s = d.s;
  if (s.phase === 'gameOver') return reject('game/over', 'the game is over: start a new one');
  if (s.phase !== 'setup') return reject('phase/not-setup', 'starting cards are dealt only before a round begins');
  const player = s.players[cmd.seat];
  if (player === undefined) return reject('seat/invalid', `there is no seat index ${cmd.seat} (JSON seat indexes count from 0; this game has ${s.players.length} seats)`);
  if (player.palette.length > 0) return reject('deal/already-dealt', `${player.name} already has a starting card`);
  const read = readCard(cmd.card);
  if (!read.ok) return read;
  const free = checkFromHand(s, cmd.seat, read.card);
  if (!free.ok) return free;
  player.palette.push(read.card);
  d.events.push({ type: 'cardDealt', seat: cmd.seat, card: formatCard(read.card) });
  if (s.players.every((p) => p.palette.length > 0)) {
    s.phase = 'turn';
    // The player winning under Red leads; the player to their left starts (RULES.md §4).
    const first = leader(livePalettes(s), 'red')!;
    startTurnFrom(d, (first + 1) % s.players.length);
  }
  return OK;
}

/** Players still in the round. */
export function remaining(s: GameState): number {
  let n = 0;
  for (const p of s.players) if (!p.out) n++;
  return n;
}

/** Gives the turn to the first player in the round from `seat` on, clockwise; a player with an empty hand is out. */
export function startTurnFrom(d: Draft, seat: number): void {
  const s = d.s;
  const n = s.players.length;
  for (let i = 0; i < n; i++) {
    if (remaining(s) <= 1) return endRound(d);
    const candidate = (seat + i) % n;
    const p = s.players[candidate]!;
    if (p.out) continue;
    if (p.hand === 0) {
      p.out = true;
      d.events.push({ type: 'playerOut', seat: candidate, reason: 'empty-hand' });
      continue;
    }
    s.active = candidate;
    s.turn = newTurn(candidate);
    d.events.push({ type: 'turnStarted', seat: candidate });
    return;
  }
  endRound(d);
}

/** Ends the round for the last player standing; scores it in the advanced game and checks the game's end. */
export function endRound(d: Draft): void {
  const s = d.s;
  const winner = s.players.findIndex((p) => !p.out);
  const rule = currentRule(s);
  s.active = null;
  s.turn = null;
  d.events.push({ type: 'roundWon', seat: winner, round: s.round, rule });
  const p = s.players[winner]!;
  if (!s.advanced) {
    s.rounds.push({ round: s.round, winner, rule, scored: [], points: 0 });
    return endGame(d, winner, 'basic');
  }
  const set = satisfyingSet(p.palette, rule);
  const gained = points(set);
  p.palette = p.palette.filter((c) => !set.includes(c));
  p.scored.push(...set);
  p.score += gained;
  s.rounds.push({ round: s.round, winner, rule, scored: set, points: gained });
  d.events.push({ type: 'pointsScored', seat: winner, cards: set.map(formatCard), points: gained, total: p.score });
  const target = TARGET_POINTS[s.players.length]!;
  const best = Math.max(...s.players.map((q) => q.score));
  if (best >= target) {
    // Ties at the top go to this round's winner if they are among them, else to the earliest seat.
    const top = p.score === best ? winner : s.players.findIndex((q) => q.score === best);
    return endGame(d, top, 'target');
  }
  if (DECK_SIZE - scoredCount(s) < CARDS_PER_PLAYER * s.players.length) {
    const top = p.score === best ? winner : s.players.findIndex((q) => q.score === best);
    return endGame(d, top, 'deck');
  }
  s.phase = 'roundOver';
}

function endGame(d: Draft, winner: number, reason: 'target' | 'deck' | 'basic'): void {
  d.s.phase = 'gameOver';
  d.s.winner = winner;
  d.events.push({ type: 'gameOver', winner, scores: d.s.players.map((p) => p.score), reason });
}

/** Starts the next round of an advanced game. */
export function nextRound(d: Draft): Outcome {
  if (d.s.phase === 'gameOver') return reject('game/over', 'the game is over: start a new one');
  if (d.s.phase !== 'roundOver') return reject('phase/not-round-over', 'the round is still being played');
  d.s.round++;
  startRound(d);
  return OK;
}
