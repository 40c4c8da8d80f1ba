// One game as the referee holds it: the newGame command, a stack of steps (game commands and
// corrections) that undo pops, and the state they replay to. Pure: the referee journals a
// planned change first and only then applies it, so a failed write changes nothing.
import { applyCommand, tryParseCard, type Command, type GameCommand, type GameState, type NewGameCommand, type Rejection } from '../rules/index.ts';
import { effectiveOf, type Standing, type Step as GenericStep } from './standing.ts';
import type { RefereeEvent } from './types.ts';

/** What undo can take back: a game command, or the correction of an earlier one. */
export type Step = GenericStep<GameCommand>;

/** A command of the effective game, with the sequence number it was accepted under. */
export type Played = Standing<GameCommand>;

/** A change ready to apply: its events, and the function that applies it. */
export type Plan = { ok: true; events: RefereeEvent[]; state: GameState; apply: () => void } | { ok: false; rejection: Rejection };

/** Commands that carry a card a camera may have misread. */
const CARD_COMMANDS = new Set<Command['type']>(['deal', 'play', 'discard', 'take']);

const refuse = (code: Rejection['code'] | string, message: string): Plan =>
  ({ ok: false, rejection: { code: code as Rejection['code'], message } });

export class GameSession {
  private steps: Step[] = [];
  /** The state after each step (the states are never mutated, so keeping them is cheap). */
  private states: GameState[] = [];
  private played: Played[] = [];
  private readonly initial: GameState;
  /** The game as the table stands now. */
  state: GameState;
  /** Sequence number of the last accepted command, undo and correct included. */
  seq = 1;

  constructor(readonly game: number, readonly newGame: NewGameCommand, state: GameState) {
    this.state = state;
    this.initial = state;
  }

  /** Replays a game's journal entries through the same steps as live play; returns the session and the last entry's events. */
  static rebuild(
    game: number,
    entries: ReadonlyArray<{ seq: number; command: Command }>,
    onRefused: (seq: number, rejection: Rejection) => void,
  ): { session: GameSession; events: RefereeEvent[] } {
    const first = entries[0];
    if (first === undefined || first.command.type !== 'newGame') throw new Error(`game ${game} in the journal does not begin with newGame`);
    const start = applyCommand(null, first.command);
    if (!start.ok) throw new Error(`game ${game}: its newGame is refused (${start.rejection.message})`);
    const session = new GameSession(game, first.command, start.state);
    let events: RefereeEvent[] = start.events;
    for (const entry of entries.slice(1)) {
      const plan = session.plan(entry.command, entry.seq);
      if (plan.ok) {
        plan.apply();
        events = plan.events;
      } else {
        // Only a journal written under other rules could get here; the command is skipped as replay() skips it.
        onRefused(entry.seq, plan.rejection);
        session.seq = entry.seq;
        events = [];
      }
    }
    return { session, events };
  }

  /** Remembers where the session stands; the returned function goes back there (a batch whose commit failed). */
  checkpoint(): () => void {
    const { steps, states, played, state, seq } = this;
    const saved = { steps: steps.slice(), states: states.slice(), played: played.slice(), state, seq };
    return () => {
      this.steps = saved.steps;
      this.states = saved.states;
      this.played = saved.played;
      this.state = saved.state;
      this.seq = saved.seq;
    };
  }

  /** The effective commands (after undo and corrections), oldest first. */
  commands(): readonly Played[] {
    return this.played;
  }

  /** Plans a command other than newGame under sequence number `seq`. */
  plan(command: Command, seq: number): Plan {
    if (command.type === 'newGame') return refuse('command/malformed', 'a new game is started by the referee, not planned in a game');
    if (command.type === 'undo') return this.planUndo(seq);
    if (command.type === 'correct') return this.planCorrect(command.seq, command.card, seq);
    const r = applyCommand(this.state, command);
    if (!r.ok) return r;
    return {
      ok: true,
      events: r.events,
      state: r.state,
      apply: () => {
        this.steps.push({ kind: 'command', seq, command });
        this.states.push(r.state);
        this.played.push({ seq, command });
        this.state = r.state;
        this.seq = seq;
      },
    };
  }

  private planUndo(seq: number): Plan {
    const last = this.steps[this.steps.length - 1];
    if (last === undefined) return refuse('undo/nothing', 'nothing left to take back in this game (start a new game instead)');
    const steps = this.steps.slice(0, -1);
    const played = effectiveOf(steps);
    const states = this.states.slice(0, -1);
    // The state before the last step was kept, so an undo never replays the game.
    const state = states[states.length - 1] ?? this.initial;
    return {
      ok: true,
      events: [last.kind === 'command' ? { type: 'undone', seq: last.seq, command: last.command } : { type: 'undone', seq: last.seq, corrected: last.target }],
      state,
      apply: () => {
        this.steps = steps;
        this.states = states;
        this.played = played;
        this.state = state;
        this.seq = seq;
      },
    };
  }

  private planCorrect(target: number, card: string, seq: number): Plan {
    if (target === 1) return refuse('correct/not-a-card-play', 'command 1 started the game and played no card');
    const index = this.played.findIndex((p) => p.seq === target);
    if (index < 0) return refuse('correct/unknown-seq', `no command ${target} stands in this game (never accepted, taken back, or removed)`);
    const original = this.played[index]!.command;
    if (!CARD_COMMANDS.has(original.type)) return refuse('correct/not-a-card-play', `command ${target} (${original.type}) played no card`);
    const parsed = tryParseCard(card);
    if (!parsed.ok) return refuse('card/invalid', parsed.error);
    const corrected = { ...original, card } as GameCommand;
    // Replay with the corrected card: the corrected command must itself stand; later ones that no longer do are removed.
    let state = this.initial;
    const invalidated: number[] = [];
    const played: Played[] = [];
    for (let i = 0; i < this.played.length; i++) {
      const p = i === index ? { seq: target, command: corrected } : this.played[i]!;
      const r = applyCommand(state, p.command);
      if (r.ok) {
        state = r.state;
        played.push(p);
      } else if (i === index) {
        return refuse(r.rejection.code, `with ${card}, command ${target} would be refused: ${r.rejection.message}`);
      } else if (i > index) {
        invalidated.push(p.seq);
      }
    }
    return {
      ok: true,
      events: [{ type: 'corrected', seq: target, card, invalidated }],
      state,
      apply: () => {
        this.steps.push({ kind: 'correction', seq, target, card, invalidated });
        this.states.push(state);
        this.played = played;
        this.state = state;
        this.seq = seq;
      },
    };
  }
}
