import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FakePinFactory } from '../../../../device/hardware/gpio/fake-pins.ts';
import { PatternPlayer } from '../../../../device/hardware/gpio/pattern-player.ts';
import { signalFor } from '../../../../device/hardware/gpio/signals.ts';

const GREEN = 1;
const RED = 2;
const BUZZER = 3;

function setup() {
  const pins = new FakePinFactory();
  const warnings: string[] = [];
  const player = new PatternPlayer(
    { green: pins.output(GREEN), red: pins.output(RED), buzzer: pins.output(BUZZER) },
    { info: () => {}, warn: (m) => warnings.push(m) },
  );
  return { pins, player, warnings, t0: Date.now() };
}

/** The writes of a line as [ms since start, level]. */
function timeline(pins: FakePinFactory, line: number, t0: number): [number, number][] {
  return pins.writesTo(line).map((w) => [w.at - t0, w.value]);
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('PatternPlayer', () => {
  it('plays the illegal-play signal: red for 1.2 s, chirps at 0 and 160 ms', async () => {
    const { pins, player, t0 } = setup();
    const done = player.play(signalFor('illegalPlay'));
    await vi.advanceTimersByTimeAsync(1200);
    expect(await done).toBe('done');
    expect(timeline(pins, RED, t0)).toEqual([[0, 1], [1200, 0]]);
    expect(timeline(pins, BUZZER, t0)).toEqual([[0, 1], [80, 0], [160, 1], [240, 0]]);
    expect(timeline(pins, GREEN, t0)).toEqual([]);
  });

  it('blinks green for 150 ms when the leader changes', async () => {
    const { pins, player, t0 } = setup();
    void player.play(signalFor('leaderChanged'));
    await vi.advanceTimersByTimeAsync(149);
    expect(pins.levels.get(GREEN)).toBe(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(timeline(pins, GREEN, t0)).toEqual([[0, 1], [150, 0]]);
    expect(player.busy).toBe(false);
  });

  it('replaces a running pattern at once instead of queueing or overlapping it', async () => {
    const { pins, player, t0 } = setup();
    const first = player.play(signalFor('illegalPlay'));
    await vi.advanceTimersByTimeAsync(100); // red on, buzzer between the two chirps
    const second = player.play(signalFor('leaderChanged'));
    expect(await first).toBe('replaced');
    await vi.advanceTimersByTimeAsync(2000);
    expect(await second).toBe('done');
    expect(timeline(pins, RED, t0)).toEqual([[0, 1], [100, 0]]);
    expect(timeline(pins, GREEN, t0)).toEqual([[100, 1], [250, 0]]);
    // The first pattern's second chirp (due at 160 ms) never sounds.
    expect(timeline(pins, BUZZER, t0)).toEqual([[0, 1], [80, 0]]);
  });

  it('keeps a line that both patterns use on without a needless off-on flicker', async () => {
    const { pins, player, t0 } = setup();
    void player.play(signalFor('illegalPlay'));
    await vi.advanceTimersByTimeAsync(500);
    void player.play(signalFor('rescanNeeded'));
    await vi.advanceTimersByTimeAsync(1000);
    expect(timeline(pins, RED, t0)).toEqual([[0, 1], [800, 0]]);
  });

  it('switches everything off when stopped mid-pattern', async () => {
    const { pins, player } = setup();
    const playing = player.play(signalFor('roundWon'));
    await vi.advanceTimersByTimeAsync(50);
    player.stop();
    expect(await playing).toBe('stopped');
    expect([...pins.levels.values()]).toEqual([0, 0, 0]);
    const writes = pins.writes.length;
    await vi.advanceTimersByTimeAsync(5000);
    expect(pins.writes.length).toBe(writes);
  });

  it('goes on with the other lines and warns once when one line fails to switch', async () => {
    const { pins, player, warnings } = setup();
    pins.closed.add(BUZZER); // writes to a closed fake line throw, like a line pulled away by the kernel
    void player.play(signalFor('illegalPlay'));
    await vi.advanceTimersByTimeAsync(1200);
    expect(pins.writesTo(RED).map((w) => w.value)).toEqual([1, 0]);
    expect(warnings).toEqual(['gpio: cannot switch the buzzer output: write to closed line 3']);
  });
});
