// What the table is told, in its language: the announcement of the last accepted command, and
// the warning of the last refused play or unread card (cleared by the next accepted command).
import type { Command, GameState, Rejection } from '../rules/index.ts';
import { announce } from './announce.ts';
import { seatOf } from './canonical.ts';
import type { Language, PublicView, RefereeEvent } from './types.ts';

/** Commands a seat sends whose refusal the table hears about (the banner, LEDs and buzzer). */
const SEAT_PLAYS = new Set<Command['type']>(['play', 'endTurn', 'pass', 'draw', 'discard', 'take']);

/** The events and lines of one flag to the table. */
export interface Flag {
  events: RefereeEvent[];
  lines: string[];
}

export class Announcer {
  announcement: string | null = null;
  warning: PublicView['warning'] = null;

  /** The lines for accepted events; they become the announcement, and the warning is cleared. */
  accepted(events: readonly RefereeEvent[], state: GameState, language: Language): string[] {
    const lines = announce(events, state, language);
    this.announcement = lines.join(' ') || null;
    this.warning = null;
    return lines;
  }

  /** The announcement of a game rebuilt from the journal (its last command's). */
  rebuilt(events: readonly RefereeEvent[] | null, state: GameState | null, language: Language): void {
    this.announcement = events === null || state === null ? null : announce(events, state, language).join(' ') || null;
    this.warning = null;
  }

  /** Flags a refused seat play (state unchanged); null for a refusal the table is not told of. */
  illegal(command: Command, rejection: Rejection, state: GameState, language: Language): Flag | null {
    if (!SEAT_PLAYS.has(command.type) || rejection.code === 'command/malformed') return null;
    const seat = seatOf(command);
    const flag = { type: 'illegalPlay' as const, seat, code: rejection.code, command: command.type };
    const lines = announce([{ ...flag, message: '' }], state, language);
    const event: RefereeEvent = { ...flag, message: lines.join(' ') };
    this.warning = { code: rejection.code, message: event.message, seat };
    return { events: [event], lines };
  }

  /** Flags a card the table could not read surely, with the top guesses. */
  rescan(seat: number, alternatives: Array<{ card: string; p: number }>, state: GameState, language: Language): Flag {
    const event: RefereeEvent = { type: 'rescanNeeded', seat, alternatives };
    const lines = announce([event], state, language);
    this.warning = { code: 'scan/rescan', message: lines.join(' '), seat };
    return { events: [event], lines };
  }

  /** Where the table's words stand, and the function that puts them back. */
  checkpoint(): () => void {
    const { announcement, warning } = this;
    return () => {
      this.announcement = announcement;
      this.warning = warning;
    };
  }
}
