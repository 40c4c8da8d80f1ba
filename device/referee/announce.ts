// Events become announcement lines in the table's language (RULES.md §8). Cards are always
// named in words ("Blue 4"), never by colour alone; a card that goes face down is never named.
import { currentRule, mandatoryPending, satisfyingSet, formatCard, type GameState, type Rule } from '../rules/index.ts';
import { CATALOGUES, cardWords } from './i18n/index.ts';
import { ILLEGAL_KIND_OF } from './i18n/catalogue.ts';
import { commandWords } from './command-words.ts';
import type { Language, RefereeCode, RefereeEvent } from './types.ts';
import type { RejectionCode } from '../rules/index.ts';

/** Events after which the leader is announced even when it did not change. */
const LEADER_AFTER = new Set<RefereeEvent['type']>(['leaderChanged', 'cardPlayed', 'cardDiscarded', 'cardTaken', 'undone', 'corrected']);
/** Events that move the game on; the leader line goes before the first of them. */
const FLOW = new Set<RefereeEvent['type']>(['playerOut', 'turnStarted', 'roundWon', 'pointsScored', 'gameOver', 'actionPending', 'actionSkipped']);

/** The leader and why, or "nobody is winning", while a round is being played; null otherwise. */
export function leaderLine(state: GameState | null, language: Language): string | null {
  if (state === null || state.phase !== 'turn') return null;
  const t = CATALOGUES[language];
  if (state.leader === null) return t.nobodyLeads();
  const rule = currentRule(state);
  const set = satisfyingSet(state.players[state.leader]!.palette, rule);
  if (set.length === 0) return t.nobodyLeads();
  return t.leads(state.players[state.leader]!.name, rule, set.length, cardWords(formatCard(set[0]!), language));
}

/** Renders the events of one update as lines; `state` is the state after them. */
export function announce(events: readonly RefereeEvent[], state: GameState | null, language: Language): string[] {
  const t = CATALOGUES[language];
  const name = (seat: number) => state?.players[seat]?.name ?? `#${seat + 1}`;
  const card = (c: string) => cardWords(c, language);
  const rule = (r: Rule) => t.rule[r];
  const lines: string[] = [];
  const tail: string[] = [];
  let flowAt = -1;
  let wantLeader = false;
  const ordered = events.slice();
  // The rules flag the order before the palette play it concerns; the table hears the play first.
  for (let i = 0; i + 1 < ordered.length; i++) {
    if (ordered[i]!.type === 'orderWarning' && ordered[i + 1]!.type === 'cardPlayed') [ordered[i], ordered[i + 1]] = [ordered[i + 1]!, ordered[i]!];
  }
  for (let i = 0; i < ordered.length; i++) {
    const e = ordered[i]!;
    const next = ordered[i + 1];
    if (LEADER_AFTER.has(e.type)) wantLeader = true;
    if (FLOW.has(e.type) && flowAt < 0) flowAt = lines.length;
    switch (e.type) {
      case 'gameStarted': lines.push(t.gameStarted(e.players, e.advanced, e.actions)); break;
      case 'roundStarted': lines.push(t.roundStarted(e.round)); break;
      case 'cardDealt': lines.push(t.cardDealt(name(e.seat), card(e.card))); break;
      case 'turnStarted': lines.push(t.turnStarted(name(e.seat))); break;
      case 'cardPlayed':
        if (e.to === 'canvas' && next?.type === 'ruleChanged') {
          lines.push(t.playedCanvas(name(e.seat), card(e.card), rule(next.rule)));
          i++;
        } else {
          lines.push(e.to === 'palette' ? t.playedPalette(name(e.seat), card(e.card)) : t.playedCanvas(name(e.seat), card(e.card), rule(currentRuleOr(state))));
        }
        break;
      case 'ruleChanged': lines.push(t.ruleChanged(rule(e.rule))); break;
      case 'cardDiscarded':
        if (e.to === 'deck') lines.push(t.discardedDeck(name(e.seat)));
        else {
          lines.push(t.discardedCanvas(name(e.seat), card(e.card), rule(next?.type === 'ruleChanged' ? next.rule : currentRuleOr(state))));
          if (next?.type === 'ruleChanged') i++;
        }
        break;
      case 'cardTaken': lines.push(t.taken(name(e.seat), name(e.from))); break;
      case 'orderWarning': lines.push(t.orderWarning(name(e.seat))); break;
      case 'notWinningYet': lines.push(t.notWinningYet(name(e.seat), rule(e.rule))); break;
      case 'bonusWithdrawn': lines.push(t.bonusWithdrawn(name(e.seat), e.palette)); break;
      case 'leaderChanged': break; // rendered once, from the state, below
      case 'cardDrawn': lines.push(t.drew[e.reason](name(e.seat))); break;
      case 'actionPending':
        if (!('action' in e.pending)) lines.push(t.pendingBonus(name(e.seat)));
        else if (e.pending.action === 1 && !oneOwed(state, e.seat)) lines.push(t.oneNotOwed(name(e.seat)));
        else lines.push(t.pending[e.pending.action](name(e.seat)));
        break;
      case 'actionSkipped': lines.push(t.skipped[e.why](name(e.seat), e.action)); break;
      case 'playerOut': lines.push(t.out[e.reason](name(e.seat))); break;
      case 'roundWon': lines.push(t.roundWon(name(e.seat), e.round, rule(e.rule))); break;
      case 'pointsScored': lines.push(t.scored(name(e.seat), e.cards.map(card), e.points, e.total)); break;
      case 'gameOver': lines.push(t.gameOver[e.reason](name(e.winner), e.scores[e.winner] ?? 0)); break;
      case 'illegalPlay': lines.push(refusalLine(e.code, e.command, e.seat === null ? null : name(e.seat), language)); break;
      case 'rescanNeeded': lines.push(t.rescan(name(e.seat))); break;
      case 'undone': {
        const what = e.command !== undefined ? commandWords(e.command, t, name, card)
          : t.command.correction(e.corrected ?? e.seq);
        lines.push(t.undone(what));
        // Whose turn it is now comes last, after the leader line.
        const now = nowLine(state, language);
        if (now !== null) tail.push(now);
        break;
      }
      case 'corrected':
        lines.push(t.corrected(e.seq, isFaceUp(state, e.card) ? card(e.card) : null, e.invalidated));
        break;
    }
  }
  const leader = wantLeader ? leaderLine(state, language) : null;
  if (leader !== null) lines.splice(flowAt < 0 ? lines.length : flowAt, 0, leader);
  return [...lines, ...tail];
}

/** A refusal as the table hears it, in its language: who tried (null when unknown) and the family of the refusal. */
export function refusalLine(code: string, command: string | undefined, who: string | null, language: Language): string {
  // A canvas card refused as it is played never lands; one refused at the end of the turn already did.
  const kind = command === 'endTurn' && code === 'canvas/not-winning' ? 'turn-not-winning'
    : (ILLEGAL_KIND_OF[code as RejectionCode | RefereeCode] ?? 'other');
  return CATALOGUES[language].illegal[kind](who);
}

/** Whether the 1 just played is owed: not by a player behind whom no take would keep in (RULES.md §6). */
function oneOwed(state: GameState | null, seat: number): boolean {
  return state === null || state.turn === null || state.active !== seat || mandatoryPending(state, seat) === 1;
}

/** Whose turn it is, or what the table does next, after the game was taken back. */
function nowLine(state: GameState | null, language: Language): string | null {
  const t = CATALOGUES[language];
  if (state === null) return null;
  if (state.phase === 'turn' && state.active !== null) return t.nowTurn(state.players[state.active]!.name);
  if (state.phase === 'setup') return t.nowDeal();
  if (state.phase === 'roundOver') return t.nowNextRound();
  return null;
}

function currentRuleOr(state: GameState | null): Rule {
  return state === null ? 'red' : currentRule(state);
}

/** True when the card lies face up on the table (a palette, the canvas, a score pile). */
export function isFaceUp(state: GameState | null, text: string): boolean {
  if (state === null) return false;
  const visible = [...state.canvas, ...state.players.flatMap((p) => [...p.palette, ...p.scored])];
  return visible.some((c) => formatCard(c) === text);
}
