// The public view (what everyone at the table may see) and a seat's private view. Built from
// the rules' state by copying only public fields: hand cards and face-down cards are counted,
// never named (RULES.md §8) — the property test in test/device/referee checks it.
import {
  TARGET_POINTS, currentRule, formatCard, leader as leaderOf, livePalettes, mandatoryPending, satisfyingSet,
  type GameState, type Pending,
} from '../rules/index.ts';
import type { Language, PrivateView, PublicView } from './types.ts';

/** What the referee knows besides the rules' state. */
export interface ViewContext {
  game: number | null;
  seq: number;
  language: Language;
  announcement: string | null;
  warning: PublicView['warning'];
}

/** The action or draw the active seat still owes or may take, as the view shows it. */
function pendingOf(s: GameState): Pending | null {
  if (s.turn === null || s.active === null) return null;
  const owed = mandatoryPending(s, s.active);
  if (owed !== null) return { action: owed };
  return s.turn.pending.some((p) => 'draw' in p) && s.deck > 0 ? { draw: 'bonus' } : null;
}

/** The public view of a state (null: no game yet). */
export function publicView(s: GameState | null, ctx: ViewContext): PublicView {
  const base = { game: ctx.game, seq: ctx.seq, language: ctx.language, announcement: ctx.announcement, warning: ctx.warning };
  if (s === null) {
    return {
      ...base, phase: null, round: 0, rule: 'red', canvas: [], active: null, leader: null, leaderReason: null, deck: 0,
      pending: null, winner: null, advanced: false, actions: false, target: null, players: [], rounds: [],
    };
  }
  const rule = currentRule(s);
  const palettes = livePalettes(s);
  const leader = s.phase === 'turn' ? leaderOf(palettes, rule) : s.leader;
  const leaderSet = leader === null ? [] : satisfyingSet(s.players[leader]!.palette, rule);
  return {
    ...base,
    phase: s.phase,
    round: s.round,
    rule,
    canvas: s.canvas.map(formatCard),
    active: s.active,
    leader,
    leaderReason: leaderSet.length === 0 ? null : { count: leaderSet.length, best: formatCard(leaderSet[0]!) },
    deck: s.deck,
    pending: pendingOf(s),
    winner: s.winner,
    advanced: s.advanced,
    actions: s.actions,
    target: s.advanced ? (TARGET_POINTS[s.players.length] ?? null) : null,
    players: s.players.map((p, seat) => ({
      name: p.name,
      palette: p.palette.map(formatCard),
      hand: p.hand,
      out: p.out,
      score: p.score,
      scored: p.scored.map(formatCard),
      counting: palettes[seat]!.length === 0 ? [] : satisfyingSet(palettes[seat]!, rule).map(formatCard),
    })),
    rounds: s.rounds.map((r) => ({ round: r.round, winner: r.winner, rule: r.rule, scored: r.scored.map(formatCard), points: r.points })),
  };
}

/** A seat's private view: the public view plus the hand cards only that player may know; null for no such seat. */
export function privateView(s: GameState | null, ctx: ViewContext, seat: number): PrivateView | null {
  if (s === null || !Number.isInteger(seat) || seat < 0 || seat >= s.players.length) return null;
  return { ...publicView(s, ctx), seat, knownHand: s.players[seat]!.known.map(formatCard) };
}
