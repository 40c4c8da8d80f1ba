import { describe, expect, it } from 'vitest';
import {
  isSignalEvent, patternLength, signalFor, SIGNAL_EVENTS, type Pattern, type SignalOutput,
} from '../../../../device/hardware/gpio/signals.ts';

/** How many separate times an output switches on in a pattern. */
function pulses(pattern: Pattern, output: SignalOutput): number {
  let count = 0;
  let was = false;
  for (const step of pattern) {
    const on = step.on.includes(output);
    if (on && !was) count++;
    was = on;
  }
  return count;
}

/** How long an output is on in total. */
function onTime(pattern: Pattern, output: SignalOutput): number {
  return pattern.filter((s) => s.on.includes(output)).reduce((t, s) => t + s.ms, 0);
}

describe('signalFor', () => {
  it('holds the red LED through a double chirp for an illegal play', () => {
    const p = signalFor('illegalPlay');
    expect(pulses(p, 'red')).toBe(1);
    expect(onTime(p, 'red')).toBe(patternLength(p));
    expect(pulses(p, 'buzzer')).toBe(2);
    expect(onTime(p, 'green')).toBe(0);
  });

  it('blinks green once, briefly and silently, when the leader changes', () => {
    const p = signalFor('leaderChanged');
    expect(pulses(p, 'green')).toBe(1);
    expect(patternLength(p)).toBeLessThanOrEqual(200);
    expect(onTime(p, 'buzzer') + onTime(p, 'red')).toBe(0);
  });

  it('gives an elimination one long chirp and no light', () => {
    const p = signalFor('playerOut');
    expect(pulses(p, 'buzzer')).toBe(1);
    expect(onTime(p, 'buzzer')).toBeGreaterThanOrEqual(500);
    expect(onTime(p, 'red') + onTime(p, 'green')).toBe(0);
  });

  it('asks for a rescan with one red blink and one chirp, shorter than the illegal-play signal', () => {
    const p = signalFor('rescanNeeded');
    expect(pulses(p, 'red')).toBe(1);
    expect(pulses(p, 'buzzer')).toBe(1);
    expect(patternLength(p)).toBeLessThan(patternLength(signalFor('illegalPlay')));
  });

  it('celebrates a round won in green with chirps, never red', () => {
    const p = signalFor('roundWon');
    expect(pulses(p, 'green')).toBe(2);
    expect(pulses(p, 'buzzer')).toBe(2);
    expect(onTime(p, 'red')).toBe(0);
  });

  it('gives the two red signals different chirp counts, so they differ without telling colours apart', () => {
    expect(pulses(signalFor('illegalPlay'), 'buzzer')).not.toBe(pulses(signalFor('rescanNeeded'), 'buzzer'));
  });

  it('has a pattern of positive whole-millisecond steps for every event', () => {
    for (const event of SIGNAL_EVENTS) {
      const p = signalFor(event);
      expect(p.length).toBeGreaterThan(0);
      for (const step of p) expect(Number.isInteger(step.ms) && step.ms > 0).toBe(true);
    }
  });
});

describe('isSignalEvent', () => {
  it('knows the five signalled events and nothing else', () => {
    for (const event of SIGNAL_EVENTS) expect(isSignalEvent(event)).toBe(true);
    expect(isSignalEvent('cardDealt')).toBe(false);
    expect(isSignalEvent('toString')).toBe(false);
    expect(isSignalEvent(42)).toBe(false);
  });
});
