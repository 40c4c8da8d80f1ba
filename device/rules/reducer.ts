// The pure game reducer: (state, command) → new state and events, or a rejection with the state
// unchanged. Nothing here throws on bad input; a game replays exactly from its command list.
import type { GameCommand } from './commands.ts';
import { draftOf, type Draft, type Outcome } from './draft.ts';
import type { GameEvent } from './events.ts';
import { leader } from './judge.ts';
import { reject, type Rejection } from './rejections.ts';
import { deal, newGame, nextRound } from './round.ts';
import { currentRule, livePalettes, type GameState } from './state.ts';
import { endTurn, pass, play } from './turn.ts';
import { discard, draw, take } from './actions.ts';
import { validateCommand } from './validate.ts';

export type ApplyResult =
  | { ok: true; state: GameState; events: GameEvent[] }
  | { ok: false; rejection: Rejection };

function dispatch(d: Draft, cmd: Exclude<GameCommand, { type: 'newGame' }>): Outcome {
  switch (cmd.type) {
    case 'deal': return deal(d, cmd);
    case 'play': return play(d, cmd);
    case 'endTurn': return endTurn(d, cmd);
    case 'pass': return pass(d, cmd);
    case 'draw': return draw(d, cmd);
    case 'discard': return discard(d, cmd);
    case 'take': return take(d, cmd);
    case 'nextRound': return nextRound(d);
  }
}

/** Applies one command (untrusted JSON is fine) to the state; `null` is the table before any game. */
export function applyCommand(state: GameState | null, input: unknown): ApplyResult {
  const valid = validateCommand(input);
  if (!valid.ok) return valid;
  const cmd = valid.command;
  if (cmd.type === 'undo' || cmd.type === 'correct') {
    return reject('command/malformed', `${cmd.type} rewrites the journal: send it to the referee, not to the rules`);
  }
  if (cmd.type === 'newGame') return newGame(cmd);
  if (state === null) return reject('game/none', 'no game has been started: start a new game first');
  const d = draftOf(state);
  const outcome = dispatch(d, cmd);
  if (!outcome.ok) return outcome;
  updateLeader(d);
  return { ok: true, state: d.s, events: d.events };
}

/** Keeps `leader` current and announces a change. Before every palette is dealt nobody leads. */
function updateLeader(d: Draft): void {
  const s = d.s;
  const next = s.phase === 'setup' ? null : leader(livePalettes(s), currentRule(s));
  if (next !== s.leader) {
    d.events.push({ type: 'leaderChanged', leader: next, previous: s.leader });
    s.leader = next;
  }
}

/** Replays a command list from no game; rejected commands are skipped, as they were when first sent. */
export function replay(commands: readonly unknown[]): { state: GameState | null; events: GameEvent[][] } {
  let state: GameState | null = null;
  const events: GameEvent[][] = [];
  for (const c of commands) {
    const r = applyCommand(state, c);
    if (r.ok) {
      state = r.state;
      events.push(r.events);
    } else {
      events.push([]);
    }
  }
  return { state, events };
}
