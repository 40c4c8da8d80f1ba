// What the table sees and hears after each referee update, whatever hardware is present: the
// seat LED of the active player on the panel, the Pi's status LEDs and buzzer, and speech.
import type { Logger } from 'pino';
import type { RefereeUpdate } from '../referee/types.ts';
import type { LedMode, LedTarget } from '../hardware/panel/index.ts';
import { isSignalEvent } from '../hardware/gpio/index.ts';
import type { InputOutcome } from '../table-inputs/table-inputs.ts';

/** The outputs a table may have; each is optional. */
export interface TableOutputs {
  panel?: { setLed(target: LedTarget, mode: LedMode): void };
  gpio?: { signal(event: string): unknown };
  speaker?: { speak(text: string, language: string): unknown };
  logger?: Logger;
}

const SEATS: readonly LedTarget[] = ['0', '1', '2', '3'];

/** The seat LEDs for a view: the active seat lit, a seat whose play was refused blinking. */
export function seatLeds(update: Pick<RefereeUpdate, 'view' | 'events'>): Array<[LedTarget, LedMode]> {
  const { view } = update;
  const flagged = new Set<number>();
  for (const e of update.events) {
    if ((e.type === 'illegalPlay' || e.type === 'rescanNeeded') && e.seat !== null) flagged.add(e.seat);
  }
  return SEATS.map((target, seat): [LedTarget, LedMode] => {
    if (seat >= view.players.length) return [target, 'OFF'];
    if (flagged.has(seat)) return [target, 'BLINK'];
    return [target, view.active === seat ? 'ON' : 'OFF'];
  });
}

/** Plays one update on every output present; a failing output is logged, never thrown. */
export function playUpdate(update: RefereeUpdate, out: TableOutputs): void {
  const guard = (what: string, fn: () => unknown) => {
    try {
      fn();
    } catch (err) {
      out.logger?.warn({ err: err instanceof Error ? err.message : String(err) }, `${what} failed`);
    }
  };
  if (out.panel) for (const [target, mode] of seatLeds(update)) guard('panel LED', () => out.panel!.setLed(target, mode));
  if (out.gpio) {
    for (const e of update.events) if (isSignalEvent(e.type)) guard('gpio signal', () => out.gpio!.signal(e.type));
  }
  if (out.speaker) {
    for (const line of update.announcements) guard('speech', () => out.speaker!.speak(line, update.view.language));
  }
}

/** How long a seat that pressed out of turn blinks before the LEDs show the table again. */
const NOT_YOUR_TURN_MS = 1500;

/**
 * Shows what came of a key press that the referee's updates do not show: a refused command is
 * logged (the referee flags it to the table), another seat's key blinks that seat's LED.
 */
export function playOutcome(outcome: InputOutcome, out: { panel: TableOutputs['panel'] & object; view: () => RefereeUpdate['view']; logger?: Logger }): void {
  switch (outcome.kind) {
    case 'submitted':
      if (!outcome.result.ok) out.logger?.info({ code: outcome.result.error.code }, `panel command refused: ${outcome.result.error.message}`);
      return;
    case 'notYourTurn':
      out.panel.setLed(String(outcome.seat) as LedTarget, 'BLINK');
      setTimeout(() => playUpdate({ seq: 0, events: [], announcements: [], view: out.view() }, { panel: out.panel }), NOT_YOUR_TURN_MS).unref();
      return;
    case 'rescan':
      return;
    case 'ignored':
      out.logger?.info({ code: outcome.code }, outcome.message);
  }
}
