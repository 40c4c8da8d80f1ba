// The physical table of a simulated game: it holds the real hands and the real deck, which the
// rules engine never sees, and sends each move through the reducer as the companion would get it.
import {
  ALL_CARDS, DECK_SIZE, HAND_SIZE, applyCommand, formatCard,
  type Card, type GameCommand, type GameEvent, type GameState, type RejectionCode,
} from '../rules/index.ts';
import type { Rng } from './rng.ts';

/** Counters a simulation reports. */
export interface TableCounts {
  commands: number;
  turns: number;
  rounds: number;
  eliminations: number;
  illegalAttempted: number;
  illegalRejected: number;
  /** Turns played in the canvas-first order. */
  canvasFirst: number;
  /** 1s carried out by a player who was behind (a take that keeps them in). */
  onesWhileBehind: number;
}

/** Thrown when an invariant of the run breaks: a bug in the rules engine or the simulation. */
export class InvariantError extends Error {
  override name = 'InvariantError';
}

export class Table {
  state!: GameState;
  hands: Card[][] = [];
  /** The deck, top card last. */
  deck: Card[] = [];
  /** Every command sent, accepted or refused, in order: replaying it must rebuild the state. */
  readonly log: GameCommand[] = [];
  readonly counts: TableCounts = { commands: 0, turns: 0, rounds: 0, eliminations: 0, illegalAttempted: 0, illegalRejected: 0, canvasFirst: 0, onesWhileBehind: 0 };
  private readonly mark = new Uint8Array(DECK_SIZE);

  constructor(readonly rng: Rng) {}

  /** Sends a command that must be accepted; mirrors nothing (callers move the real cards first). */
  send(cmd: GameCommand): GameEvent[] {
    const r = applyCommand(this.state ?? null, cmd);
    this.log.push(cmd);
    this.counts.commands++;
    if (!r.ok) throw new InvariantError(`expected ${JSON.stringify(cmd)} to be accepted: ${r.rejection.code} ${r.rejection.message}`);
    this.state = r.state;
    for (const e of r.events) {
      if (e.type === 'playerOut') this.counts.eliminations++;
      else if (e.type === 'roundWon') this.counts.rounds++;
    }
    if (cmd.type === 'endTurn' || cmd.type === 'pass') this.counts.turns++;
    this.check();
    return r.events;
  }

  /** Sends a command that must be refused with one of the codes, and checks the state is unchanged. */
  attemptIllegal(cmd: GameCommand, codes: readonly RejectionCode[]): void {
    this.counts.illegalAttempted++;
    const before = this.state;
    const r = applyCommand(before, cmd);
    this.log.push(cmd);
    if (r.ok || !codes.includes(r.rejection.code)) {
      throw new InvariantError(`expected ${JSON.stringify(cmd)} to be refused with ${codes.join('|')}, got ${r.ok ? 'accepted' : r.rejection.code}`);
    }
    this.counts.illegalRejected++;
  }

  /** Shuffles every unscored card, deals 7 to each hand and one to each palette. */
  dealRound(): void {
    const scored = new Set(this.state.players.flatMap((p) => p.scored));
    this.deck = this.rng.shuffle(ALL_CARDS.filter((c) => !scored.has(c)));
    this.hands = this.state.players.map(() => this.deck.splice(this.deck.length - HAND_SIZE, HAND_SIZE));
    this.state.players.forEach((_, seat) => {
      const card = this.deck.pop()!;
      this.send({ type: 'deal', seat, card: formatCard(card) });
    });
  }

  /** Moves a card from the real hand (the caller then sends the play). */
  fromHand(seat: number, card: Card): void {
    const hand = this.hands[seat]!;
    hand.splice(hand.indexOf(card), 1);
  }

  /** Draws the real top card into the seat's hand. */
  drawTo(seat: number): void {
    this.hands[seat]!.push(this.deck.pop()!);
  }

  /** The invariants of the run: 49 distinct cards, counts that match the real table and never go negative. */
  private check(): void {
    const s = this.state;
    if (s.phase === 'setup') return;
    if (s.deck !== this.deck.length || s.deck < 0) throw new InvariantError(`deck count ${s.deck}, real deck ${this.deck.length}`);
    this.mark.fill(0);
    let total = 0;
    const place = (cards: readonly Card[]) => {
      for (const c of cards) {
        if (this.mark[c]) throw new InvariantError(`${formatCard(c)} is in two places`);
        this.mark[c] = 1;
        total++;
      }
    };
    s.players.forEach((p, i) => {
      if (p.hand < 0 || p.hand !== this.hands[i]!.length) throw new InvariantError(`${p.name} hand count ${p.hand}, real ${this.hands[i]!.length}`);
      place(p.palette);
      place(p.scored);
      place(this.hands[i]!);
    });
    place(s.canvas);
    place(this.deck);
    if (total !== DECK_SIZE) throw new InvariantError(`${total} cards on the table, not ${DECK_SIZE}`);
  }
}
