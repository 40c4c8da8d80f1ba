// What the LEDs and the buzzer do for each table event, as data. Red means "something is wrong,
// look at the table"; green means good news; the buzzer is for players who are not looking
// (and for colour-blind players, who should never need to tell the LEDs apart: every red
// signal also chirps, and the two red signals chirp differently).

/** The events that have a signal; the names match the referee's event and rejection types. */
export const SIGNAL_EVENTS = ['illegalPlay', 'leaderChanged', 'playerOut', 'rescanNeeded', 'roundWon'] as const;
export type SignalEvent = (typeof SIGNAL_EVENTS)[number];

/** The three outputs a pattern switches. */
export const SIGNAL_OUTPUTS = ['green', 'red', 'buzzer'] as const;
export type SignalOutput = (typeof SIGNAL_OUTPUTS)[number];

/** For `ms` milliseconds the listed outputs are on and every other output is off. */
export interface PatternStep {
  on: readonly SignalOutput[];
  ms: number;
}

/** A sequence of steps; everything is switched off after the last one. */
export type Pattern = readonly PatternStep[];

const CHIP = 80; // ms: short enough that two chirps still read as one "double chirp"

const SIGNALS: Record<SignalEvent, Pattern> = {
  // Red LED held while the buzzer chirps twice: the play is refused, take the card back.
  illegalPlay: [
    { on: ['red', 'buzzer'], ms: CHIP },
    { on: ['red'], ms: CHIP },
    { on: ['red', 'buzzer'], ms: CHIP },
    { on: ['red'], ms: 1200 - 3 * CHIP },
  ],
  // One short green blink, silent: leads change often and a beep every time would nag.
  leaderChanged: [{ on: ['green'], ms: 150 }],
  // One long chirp, no light: an elimination is news, not an error.
  playerOut: [{ on: ['buzzer'], ms: 700 }],
  // A red blink with one chirp: lay the card flat and press again.
  rescanNeeded: [
    { on: ['red', 'buzzer'], ms: 100 },
    { on: ['red'], ms: 200 },
  ],
  // Two green blinks with chirps, then green held: the round is over.
  roundWon: [
    { on: ['green', 'buzzer'], ms: 100 },
    { on: [], ms: 100 },
    { on: ['green', 'buzzer'], ms: 100 },
    { on: ['green'], ms: 900 },
  ],
};

/** Whether a name is one of the signalled events. */
export function isSignalEvent(name: unknown): name is SignalEvent {
  return typeof name === 'string' && (SIGNAL_EVENTS as readonly string[]).includes(name);
}

/** The pattern for an event. */
export function signalFor(event: SignalEvent): Pattern {
  return SIGNALS[event];
}

/** The total length of a pattern in milliseconds. */
export function patternLength(pattern: Pattern): number {
  return pattern.reduce((sum, step) => sum + step.ms, 0);
}
