// The card actions of the optional rule (RULES.md §6) and the draws the rules allow.
import { formatCard, type Card } from './cards.ts';
import { refreshBonus } from './bonus.ts';
import { leader } from './judge.ts';
import type { DiscardCommand, DrawCommand, TakeCommand } from './commands.ts';
import { OK, readCard, removeCard, type Draft, type Outcome } from './draft.ts';
import type { Pending } from './events.ts';
import { reject } from './rejections.ts';
import { currentRule, livePalettes, type GameState } from './state.ts';
import { checkActive, isWinning } from './turn.ts';

/** Seats whose palette the seat may raid with a 1: others in the round with at least as many cards. */
export function takeTargets(s: GameState, seat: number): number[] {
  const own = s.players[seat]!.palette.length;
  const targets: number[] = [];
  s.players.forEach((p, i) => {
    if (i !== seat && !p.out && p.palette.length > 0 && p.palette.length >= own) targets.push(i);
  });
  return targets;
}

/** Owes the action of an odd card just played to the palette, or says why it cannot be carried out. */
export function queueAction(d: Draft, seat: number, action: 1 | 3 | 5 | 7): void {
  const s = d.s;
  const why =
    action === 5 && s.players[seat]!.hand === 0 ? 'empty-hand'
    : action === 3 && s.deck === 0 ? 'empty-deck'
    : action === 1 && takeTargets(s, seat).length === 0 ? 'no-target'
    : null;
  if (why !== null) {
    d.events.push({ type: 'actionSkipped', seat, action, why });
    return;
  }
  const pending: Pending = { action };
  s.turn!.pending.push(pending);
  d.events.push({ type: 'actionPending', seat, pending });
}

/**
 * The takes (palette and card) that would leave the seat winning. The sheets: a played 1 must be
 * carried out "if conditions allow", and may not be used by a player who will not stay in.
 */
export function keepingTakes(s: GameState, seat: number): Array<{ from: number; card: Card }> {
  const palettes = livePalettes(s);
  const rule = currentRule(s);
  const found: Array<{ from: number; card: Card }> = [];
  for (const from of takeTargets(s, seat)) {
    const original = palettes[from]!;
    for (const card of original) {
      palettes[from] = original.filter((c) => c !== card);
      if (leader(palettes, rule) === seat) found.push({ from, card });
    }
    palettes[from] = original;
  }
  return found;
}

/** The card action the seat still must carry out before anything else, or null. Actions that became impossible are not owed. */
export function mandatoryPending(s: GameState, seat: number): 1 | 3 | 5 | 7 | null {
  for (const x of s.turn!.pending) {
    if (!('action' in x)) continue;
    if (x.action === 7) return 7;
    if (x.action === 5 && s.players[seat]!.hand > 0) return 5;
    if (x.action === 3 && s.deck > 0) return 3;
    // Owed whenever a take can leave the player in: while winning any take does (taking never helps
    // another palette); while behind, only a take that makes them win does.
    if (x.action === 1 && takeTargets(s, seat).length > 0 && (isWinning(s, seat) || keepingTakes(s, seat).length > 0)) return 1;
  }
  return null;
}

function pendingIndex(s: GameState, match: (p: Pending) => boolean): number {
  return s.turn!.pending.findIndex(match);
}

/** Draws a card: the 3's action, or the advanced canvas bonus. */
export function draw(d: Draft, cmd: DrawCommand): Outcome {
  const s = d.s;
  const active = checkActive(s, cmd.seat);
  if (!active.ok) return active;
  let i = pendingIndex(s, (p) => 'action' in p && p.action === 3);
  const reason = i >= 0 ? 'action' : 'bonus';
  if (i < 0) i = pendingIndex(s, (p) => 'draw' in p);
  if (i < 0) return reject('draw/not-allowed', 'no rule allows a draw now (a 3 played to the palette, or the canvas bonus)');
  if (reason === 'bonus' && !isWinning(s, cmd.seat)) {
    // The bonus draw ends the turn's plays, so a canvas card that does not win yet could no longer be fixed.
    return reject('draw/not-allowed', `${s.players[cmd.seat]!.name} is not winning yet: play the palette card first, then draw`);
  }
  if (s.deck === 0) return reject('deck/empty', 'the deck is empty');
  s.turn!.pending.splice(i, 1);
  const p = s.players[cmd.seat]!;
  if (reason === 'bonus') s.turn!.bonusDrawn = true;
  p.hand++;
  s.deck--;
  const known = s.deckTop.pop();
  if (known !== undefined) p.known.push(known);
  d.events.push({ type: 'cardDrawn', seat: cmd.seat, reason });
  return OK;
}

/** The 7's action: a palette card goes to the canvas (must win) or face down onto the deck. */
export function discard(d: Draft, cmd: DiscardCommand): Outcome {
  const s = d.s;
  const active = checkActive(s, cmd.seat);
  if (!active.ok) return active;
  const i = pendingIndex(s, (p) => 'action' in p && p.action === 7);
  if (i < 0) return reject('action/not-pending', 'no 7 action is owed');
  const read = readCard(cmd.card);
  if (!read.ok) return read;
  const p = s.players[cmd.seat]!;
  if (!p.palette.includes(read.card)) return reject('card/not-in-palette', `${formatCard(read.card)} is not in ${p.name}'s palette`);
  removeCard(p.palette, read.card);
  s.turn!.pending.splice(i, 1);
  if (cmd.to === 'canvas') {
    s.canvas.push(read.card);
    if (!isWinning(s, cmd.seat)) {
      return reject('canvas/not-winning', `${formatCard(read.card)} to the canvas would not make ${p.name} the winner`);
    }
    d.events.push({ type: 'cardDiscarded', seat: cmd.seat, card: formatCard(read.card), to: 'canvas' });
    d.events.push({ type: 'ruleChanged', rule: currentRule(s), seat: cmd.seat });
  } else {
    s.deckTop.push(read.card);
    s.deck++;
    d.events.push({ type: 'cardDiscarded', seat: cmd.seat, card: formatCard(read.card), to: 'deck' });
  }
  refreshBonus(d, cmd.seat);
  return OK;
}

/** The 1's action: a card from a palette at least as large goes face down onto the deck. */
export function take(d: Draft, cmd: TakeCommand): Outcome {
  const s = d.s;
  const active = checkActive(s, cmd.seat);
  if (!active.ok) return active;
  const i = pendingIndex(s, (p) => 'action' in p && p.action === 1);
  if (i < 0) return reject('action/not-pending', 'no 1 action is owed');
  const target = s.players[cmd.from];
  if (target === undefined) return reject('seat/invalid', `there is no seat index ${cmd.from} (JSON seat indexes count from 0; this game has ${s.players.length} seats)`);
  if (cmd.from === cmd.seat || target.out) return reject('take/invalid-target', 'take from another player still in the round');
  const read = readCard(cmd.card);
  if (!read.ok) return read;
  if (!target.palette.includes(read.card)) {
    return reject('card/not-in-palette', `${formatCard(read.card)} is not in ${target.name}'s palette`);
  }
  if (target.palette.length < s.players[cmd.seat]!.palette.length) {
    return reject('take/smaller-palette', `${target.name}'s palette is smaller than ${s.players[cmd.seat]!.name}'s`);
  }
  removeCard(target.palette, read.card);
  s.deckTop.push(read.card);
  s.deck++;
  s.turn!.took = true;
  s.turn!.pending.splice(i, 1);
  d.events.push({ type: 'cardTaken', seat: cmd.seat, from: cmd.from, card: formatCard(read.card) });
  return OK;
}
