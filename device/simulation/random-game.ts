// A seeded random player for `red7 simulate`: it picks among the plays its real hand allows,
// now and then tries an illegal one to see the rules refuse it, and carries out card actions.
import {
  cardValue, currentRule, formatCard, isWinning, keepingTakes, leader, livePalettes, mandatoryPending, takeTargets,
  type Card, type GameState, type Rule,
} from '../rules/index.ts';
import type { Rng } from './rng.ts';
import { InvariantError, Table } from './table.ts';

/** Options of one simulated game. */
export interface GameOptions {
  players: number;
  advanced: boolean;
  actions: boolean;
}

const NAMES = ['Ann', 'Ben', 'Cy', 'Dee'];
/** A round with more commands than this never ends: a bug. */
const MAX_COMMANDS_PER_ROUND = 2000;

/** Would the seat be winning with this palette under this rule? */
function winsWith(s: GameState, seat: number, palette: readonly Card[], rule: Rule): boolean {
  const palettes = livePalettes(s);
  palettes[seat] = palette as Card[];
  return leader(palettes, rule) === seat;
}

function ruleOf(card: Card): Rule {
  return currentRule({ canvas: [card] });
}

/** Hand cards that, played to the canvas, leave the seat winning. */
function winningCanvasCards(t: Table, seat: number): Card[] {
  const s = t.state;
  const palette = s.players[seat]!.palette;
  return t.hands[seat]!.filter((c) => winsWith(s, seat, palette, ruleOf(c)));
}

function playToPalette(t: Table, seat: number, card: Card): void {
  t.fromHand(seat, card);
  t.send({ type: 'play', seat, to: 'palette', card: formatCard(card) });
}

/** Carries out every card action owed, the way a careful player would. */
function resolveActions(t: Table, seat: number): void {
  for (let owed = mandatoryPending(t.state, seat); owed !== null; owed = mandatoryPending(t.state, seat)) {
    const s = t.state;
    const me = s.players[seat]!;
    if (owed === 5) {
      playToPalette(t, seat, t.rng.pick(t.hands[seat]!));
    } else if (owed === 3) {
      t.drawTo(seat);
      t.send({ type: 'draw', seat });
    } else if (owed === 7) {
      const card = t.rng.pick(me.palette);
      const rest = me.palette.filter((c) => c !== card);
      if (t.rng.next() < 0.5 && winsWith(s, seat, rest, ruleOf(card))) {
        t.send({ type: 'discard', seat, card: formatCard(card), to: 'canvas' });
      } else {
        t.deck.push(card);
        t.send({ type: 'discard', seat, card: formatCard(card), to: 'deck' });
      }
    } else {
      // A player who is winning may take any card (taking keeps them winning); one who is behind
      // owes the 1 only when some take would keep them in, and must pick such a take.
      let from: number;
      let card: Card;
      if (isWinning(s, seat)) {
        from = t.rng.pick(takeTargets(s, seat));
        card = t.rng.pick(s.players[from]!.palette);
      } else {
        ({ from, card } = t.rng.pick(keepingTakes(s, seat)));
        t.counts.onesWhileBehind++;
      }
      t.deck.push(card);
      t.send({ type: 'take', seat, from, card: formatCard(card) });
    }
  }
}

/** Tries one illegal play (out of turn, a visible card, a second palette card) and checks it is refused. */
function tryIllegal(t: Table, seat: number): void {
  const s = t.state;
  const n = s.players.length;
  const kind = t.rng.int(3);
  if (kind === 0) {
    const other = (seat + 1 + t.rng.int(n - 1)) % n;
    const hand = t.hands[other]!;
    if (hand.length === 0) return;
    t.attemptIllegal({ type: 'play', seat: other, to: 'palette', card: formatCard(t.rng.pick(hand)) }, ['turn/not-your-turn', 'seat/out']);
  } else if (kind === 1 && t.hands[seat]!.length > 0) {
    const visible = s.players.flatMap((p) => p.palette);
    t.attemptIllegal({ type: 'play', seat, to: 'canvas', card: formatCard(t.rng.pick(visible)) }, ['card/visible']);
  } else if (s.turn!.palettePlays > 0 && t.hands[seat]!.length > 0 && !s.turn!.pending.some((p) => 'action' in p && p.action === 5)) {
    t.attemptIllegal({ type: 'play', seat, to: 'palette', card: formatCard(t.rng.pick(t.hands[seat]!)) }, ['turn/second-palette', 'action/pending']);
  }
}

/** A canvas card and then a palette card with no card action that together leave the seat winning, if the hand has them. */
function canvasFirstPair(t: Table, seat: number): [Card, Card] | null {
  const s = t.state;
  const hand = t.hands[seat]!;
  const palette = s.players[seat]!.palette;
  for (const canvas of t.rng.shuffle(hand.slice())) {
    for (const next of hand) {
      if (next === canvas || (s.actions && (cardValue(next) & 1) === 1)) continue;
      if (winsWith(s, seat, [...palette, next], ruleOf(canvas))) return [canvas, next];
    }
  }
  return null;
}

/** The Russian sheet's order: the canvas card first (maybe not winning yet), then the palette card. */
function playCanvasFirst(t: Table, seat: number, canvas: Card, next: Card): void {
  t.fromHand(seat, canvas);
  t.send({ type: 'play', seat, to: 'canvas', card: formatCard(canvas) });
  playToPalette(t, seat, next);
  t.counts.canvasFirst++;
  if (t.state.advanced && t.state.turn!.pending.some((p) => 'draw' in p) && t.rng.next() < 0.7) {
    t.drawTo(seat);
    t.send({ type: 'draw', seat });
  }
  t.send({ type: 'endTurn', seat });
}

/** One turn of the active seat. */
function playTurn(t: Table): void {
  const seat = t.state.active!;
  const rng = t.rng;
  if (rng.next() < 0.05) tryIllegal(t, seat);
  if (rng.next() < 0.03) {
    t.send({ type: 'pass', seat });
    return;
  }
  if (t.hands[seat]!.length > 1 && rng.next() < 0.1) {
    const pair = canvasFirstPair(t, seat);
    if (pair !== null) return playCanvasFirst(t, seat, ...pair);
  }
  let played = false;
  if (rng.next() < 0.85) {
    playToPalette(t, seat, rng.pick(t.hands[seat]!));
    played = true;
    resolveActions(t, seat);
    if (rng.next() < 0.05) tryIllegal(t, seat);
  }
  const options = t.state.turn!.canvasPlayed ? [] : winningCanvasCards(t, seat);
  const wantCanvas = !isWinning(t.state, seat) || rng.next() < 0.3;
  if (options.length > 0 && wantCanvas && (played || t.hands[seat]!.length > 1)) {
    const card = rng.pick(options);
    t.fromHand(seat, card);
    t.send({ type: 'play', seat, to: 'canvas', card: formatCard(card) });
    played = true;
    resolveActions(t, seat);
    if (t.state.advanced && t.state.turn!.pending.some((p) => 'draw' in p) && rng.next() < 0.7) {
      t.drawTo(seat);
      t.send({ type: 'draw', seat });
    }
  }
  if (!played) {
    t.send({ type: 'pass', seat });
    return;
  }
  t.send({ type: 'endTurn', seat });
}

/** Plays one whole game; returns the table with its counters. */
export function playGame(rng: Rng, options: GameOptions): Table {
  const t = new Table(rng);
  t.send({ type: 'newGame', players: NAMES.slice(0, options.players), advanced: options.advanced, actions: options.actions });
  let sinceRound = 0;
  for (;;) {
    const phase = t.state.phase;
    if (phase === 'gameOver') return t;
    if (phase === 'setup') {
      t.dealRound();
      sinceRound = 0;
    } else if (phase === 'roundOver') {
      t.send({ type: 'nextRound' });
    } else {
      playTurn(t);
      if (++sinceRound > MAX_COMMANDS_PER_ROUND) throw new InvariantError('a round did not end');
    }
  }
}

