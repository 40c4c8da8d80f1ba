import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FakePinFactory, type FakeInput } from '../../../../device/hardware/gpio/fake-pins.ts';
import { PiGpio } from '../../../../device/hardware/gpio/gpio-signals.ts';
import { SimulatedGpio } from '../../../../device/hardware/gpio/simulated-gpio.ts';
import { makeFakeSysfs, PI4_CHIPS, PI5_CHIPS } from './fake-sysfs.ts';

const roots: string[] = [];
function logRecorder() {
  const lines: string[] = [];
  return { lines, log: { info: (m: string) => lines.push(`info ${m}`), warn: (m: string) => lines.push(`warn ${m}`) } };
}
function pi(chips = PI4_CHIPS, pins = new FakePinFactory()) {
  const root = makeFakeSysfs(chips);
  roots.push(root);
  const { lines, log } = logRecorder();
  return { gpio: new PiGpio({ sysfsRoot: root, pinFactory: pins, log }), pins, logs: lines };
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
  for (const r of roots.splice(0)) rmSync(r, { recursive: true, force: true });
});

describe('PiGpio on a Pi 4', () => {
  it('does nothing until started', () => {
    const { gpio, pins } = pi();
    expect(gpio.status).toEqual({ state: 'stopped' });
    expect(pins.levels.size).toBe(0);
    expect(gpio.signal('leaderChanged')).toEqual({ ok: false, code: 'gpio/unavailable', message: 'GPIO is stopped' });
  });

  it('opens the default pins at the chip base, never at their BCM numbers', async () => {
    const { gpio, pins, logs } = pi();
    const status = await gpio.start();
    expect(status.state === 'running' && status.lines).toEqual({ green: 529, red: 539, buzzer: 534, scanButton: 535 });
    expect([...pins.levels.keys()].sort()).toEqual([529, 534, 539]);
    expect([...pins.inputs.keys()]).toEqual([535]);
    expect(pins.inputs.get(535)?.options).toEqual({ debounceMs: 20, activeLow: true });
    expect(logs[0]).toBe('info gpio: pinctrl-bcm2711 (gpiochip512, base 512); sysfs lines green 529, red 539, buzzer 534, scan button 535');
  });

  it('plays an illegal play on the red LED and the buzzer lines with the pattern timings', async () => {
    const { gpio, pins } = pi();
    await gpio.start();
    const t0 = Date.now();
    expect(gpio.signal('illegalPlay')).toEqual({ ok: true, event: 'illegalPlay', ms: 1200 });
    await vi.advanceTimersByTimeAsync(1200);
    expect(pins.writesTo(539).map((w) => [w.at - t0, w.value])).toEqual([[0, 1], [1200, 0]]);
    expect(pins.writesTo(534).map((w) => [w.at - t0, w.value])).toEqual([[0, 1], [80, 0], [160, 1], [240, 0]]);
  });

  it('answers an unknown event with the list of known ones, and plays nothing', async () => {
    const { gpio, pins } = pi();
    await gpio.start();
    const result = gpio.signal('cardDealt');
    expect(result).toEqual({
      ok: false,
      code: 'gpio/unknown-event',
      message: 'no signal for "cardDealt" (known: illegalPlay, leaderChanged, playerOut, rescanNeeded, roundWon)',
    });
    expect(pins.writes).toEqual([]);
  });

  it('reports one scan per press, however the debounced line repeats its level', async () => {
    const { gpio, pins } = pi();
    await gpio.start();
    const scans: number[] = [];
    gpio.onScan(() => scans.push(Date.now()));
    const button = pins.inputs.get(535) as FakeInput;
    button.set(1);
    button.set(0);
    button.set(1);
    expect(scans.length).toBe(2);
  });

  it('keeps reporting presses to the other listeners when one listener throws', async () => {
    const { gpio, pins, logs } = pi();
    await gpio.start();
    let calls = 0;
    gpio.onScan(() => {
      throw new Error('camera busy');
    });
    const unsubscribe = gpio.onScan(() => calls++);
    (pins.inputs.get(535) as FakeInput).set(1);
    expect(calls).toBe(1);
    expect(logs).toContain('warn gpio: a scan button listener failed: camera busy');
    unsubscribe();
    (pins.inputs.get(535) as FakeInput).set(0);
    (pins.inputs.get(535) as FakeInput).set(1);
    expect(calls).toBe(1);
  });

  it('switches the lines off and releases them on stop', async () => {
    const { gpio, pins } = pi();
    await gpio.start();
    gpio.signal('roundWon');
    await vi.advanceTimersByTimeAsync(50);
    await gpio.stop();
    expect([529, 539, 534].map((line) => pins.levels.get(line))).toEqual([0, 0, 0]);
    expect([...pins.closed].sort()).toEqual([529, 534, 535, 539]);
    expect(gpio.status).toEqual({ state: 'stopped' });
    expect(gpio.signal('roundWon').ok).toBe(false);
  });
});

describe('PiGpio on a Pi 5', () => {
  it('opens the same BCM pins from base 571', async () => {
    const { gpio } = pi(PI5_CHIPS);
    const status = await gpio.start();
    expect(status.state === 'running' && status.lines).toEqual({ green: 588, red: 598, buzzer: 593, scanButton: 594 });
  });
});

describe('PiGpio without usable GPIO', () => {
  it('says once that the sysfs interface is missing, names the fix, and stays quiet', async () => {
    const root = mkdtempSync(join(tmpdir(), 'red7-nosysfs-'));
    roots.push(root);
    const { lines, log } = logRecorder();
    const gpio = new PiGpio({ sysfsRoot: root, pinFactory: new FakePinFactory(), log });
    const status = await gpio.start();
    expect(status.state).toBe('unavailable');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^warn gpio: off — .*class\/gpio does not exist: .*CONFIG_GPIO_SYSFS.*run without GPIO/);
    expect(gpio.signal('illegalPlay')).toEqual({ ok: false, code: 'gpio/unavailable', message: 'GPIO is unavailable' });
    expect(lines).toHaveLength(1);
  });

  it('tells a user outside the gpio group how to get in', async () => {
    const { gpio } = pi(PI4_CHIPS, new FakePinFactory(false));
    const status = await gpio.start();
    expect(status.state === 'unavailable' && status.error.code).toBe('gpio/not-accessible');
    expect(status.state === 'unavailable' && status.error.message).toContain('usermod -aG gpio');
  });

  it('releases the lines it had opened when a later one is busy', async () => {
    const pins = new FakePinFactory();
    pins.failing.add(534); // the buzzer line
    const { gpio } = pi(PI4_CHIPS, pins);
    const status = await gpio.start();
    expect(status).toEqual({
      state: 'unavailable',
      error: { code: 'gpio/pin-failed', message: 'cannot open a GPIO line: EBUSY: line 534 is in use (is another program using it?)' },
    });
    expect([...pins.closed].sort()).toEqual([529, 539]);
  });

  it('refuses a pin configuration with two parts on one pin before touching any line', async () => {
    const root = makeFakeSysfs(PI4_CHIPS);
    roots.push(root);
    const pins = new FakePinFactory();
    const bad = { greenLed: 23, redLed: 27, buzzer: 22, scanButton: 23, buttonActiveLow: true, debounceMs: 20 };
    const gpio = new PiGpio({ sysfsRoot: root, pinFactory: pins, pins: bad });
    const status = await gpio.start();
    expect(status.state === 'unavailable' && status.error.code).toBe('gpio/bad-pin');
    expect(pins.levels.size).toBe(0);
  });

  it('keeps the lights working and warns when the scan button cannot be watched', async () => {
    const pins = new FakePinFactory();
    const realInput = pins.input.bind(pins);
    pins.input = (sysfs, options) => ({ ...realInput(sysfs, options), watch: () => { throw new Error('Operation not permitted'); } });
    const { gpio, logs } = pi(PI4_CHIPS, pins);
    const status = await gpio.start();
    expect(status.state === 'running' && status.warnings).toEqual([
      "the scan button (sysfs 535) cannot be watched: Operation not permitted; use the dashboard's scan button",
    ]);
    expect(logs.some((l) => l.startsWith('warn gpio: the scan button'))).toBe(true);
    expect(gpio.signal('leaderChanged').ok).toBe(true);
  });
});

describe('SimulatedGpio', () => {
  it('records the signals on in-memory lines and offers a scan button press', async () => {
    const gpio = new SimulatedGpio();
    const status = await gpio.start();
    expect(status.state).toBe('running');
    let scans = 0;
    gpio.onScan(() => scans++);
    gpio.pressScan();
    gpio.pressScan();
    expect(scans).toBe(2);
    gpio.signal('playerOut');
    await vi.advanceTimersByTimeAsync(700);
    expect(gpio.lines.writesTo(22).map((w) => w.value)).toEqual([1, 0]);
    await gpio.stop();
    gpio.pressScan();
    expect(scans).toBe(2);
  });
});
