import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { pino } from 'pino';
import { PanelDriver, type PanelDriverOptions } from '../../../../device/hardware/panel/driver.ts';
import type { PanelKeyEvent } from '../../../../device/hardware/panel/key-event.ts';
import { findPanelPorts } from '../../../../device/hardware/panel/port-detect.ts';
import { FakePanel, MockBinding } from './fake-panel.ts';
import { noisyStream } from './noise.ts';

const silent = pino({ level: 'silent' });
let drivers: PanelDriver[] = [];
let panels: FakePanel[] = [];

function setup(options: Partial<PanelDriverOptions> = {}, panelOptions = {}) {
  const panel = new FakePanel('/dev/ttyPANEL', panelOptions);
  const driver = new PanelDriver({ path: panel.path, binding: panel.binding, logger: silent, ...options });
  const keys: PanelKeyEvent[] = [];
  driver.on('key', (e) => keys.push(e));
  drivers.push(driver);
  panels.push(panel);
  return { panel, driver, keys };
}

beforeEach(() => {
  vi.useFakeTimers();
  MockBinding.reset();
});

afterEach(async () => {
  for (const d of drivers) await d.stop();
  for (const p of panels) p.dispose();
  drivers = [];
  panels = [];
  vi.useRealTimers();
});

const tick = (ms: number) => vi.advanceTimersByTimeAsync(ms);

describe('PanelDriver', () => {
  it('does nothing until start(): no port opened, no timer running', async () => {
    const { panel } = setup();
    await tick(1000);
    expect(panel.openAttempts).toEqual([]);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('opens the port, waits for the HELLO and then sends the LED state', async () => {
    const { panel, driver } = setup();
    const ups: unknown[] = [];
    driver.on('up', (u) => ups.push(u));
    await driver.start();
    await tick(10);
    expect(driver.phase).toBe('waitingHello');
    expect(panel.received).toEqual([]);
    await tick(30);
    expect(driver.phase).toBe('up');
    expect(ups).toEqual([{ path: '/dev/ttyPANEL', fw: '1.0.0', keys: '4xPCDE+U' }]);
    expect(panel.leds).toEqual({ 0: 'OFF', 1: 'OFF', 2: 'OFF', 3: 'OFF', G: 'ON', R: 'OFF' });
  });

  it('emits a typed key event and acks it after the listeners ran', async () => {
    const { panel, driver, keys } = setup();
    const acksSeenByListener: number[][] = [];
    driver.on('key', () => acksSeenByListener.push([...panel.acks]));
    await driver.start();
    await tick(50);
    const seq = panel.press(2, 'P');
    await tick(5);
    expect(keys).toEqual([{ seat: 2, key: 'palette', press: 'short', seq, at: expect.any(Number) }]);
    expect(acksSeenByListener).toEqual([[]]);
    expect(panel.acks).toEqual([seq]);
  });

  it('reports a key once when the panel re-sends it because an ACK was lost', async () => {
    const { panel, driver, keys } = setup();
    await driver.start();
    await tick(50);
    panel.dropAcks = 2;
    const seq = panel.press(0, 'E', 'L');
    await tick(800);
    expect(keys.map((k) => [k.seq, k.key, k.press])).toEqual([[seq, 'done', 'long']]);
    expect(panel.acks).toEqual([seq]);
    expect(driver.stats.duplicates).toBe(2);
  });

  it('sets LEDs, and refuses an LED that does not exist with a clear error', async () => {
    const { panel, driver } = setup();
    await driver.start();
    await tick(50);
    driver.setLed('1', 'BLINK');
    driver.setLed('R', 'ON');
    await tick(5);
    expect(panel.leds).toMatchObject({ 1: 'BLINK', R: 'ON' });
    expect(() => driver.setLed('7' as never, 'ON')).toThrow(/LED target "7" is not one of 0 1 2 3 G R/);
    expect(() => driver.setLed('G', 'DIM' as never)).toThrow(/LED mode "DIM"/);
  });

  it('sends a host heartbeat every second', async () => {
    const { panel, driver } = setup();
    await driver.start();
    await tick(50);
    await tick(3000);
    expect(panel.received.filter((r) => r.frame.type === 'HB')).toHaveLength(3);
  });

  it('keeps its heartbeat and its link when the wall clock jumps (NTP after a Pi boots)', async () => {
    const { panel, driver } = setup();
    const downs: string[] = [];
    driver.on('down', (d) => downs.push(d.reason));
    await driver.start();
    await tick(50);
    vi.setSystemTime(Date.now() - 3_600_000);
    await tick(3000);
    vi.setSystemTime(Date.now() + 7_200_000);
    await tick(3000);
    expect(panel.received.filter((r) => r.frame.type === 'HB')).toHaveLength(6);
    expect(downs).toEqual([]);
    expect(driver.phase).toBe('up');
  });

  it('calls a silent link dead after 3 s, reopens it and re-sends the LED state after the new HELLO', async () => {
    const { panel, driver } = setup();
    const downs: string[] = [];
    driver.on('down', (d) => downs.push(d.reason));
    await driver.start();
    await tick(50);
    driver.setLed('3', 'ON');
    await tick(5);
    panel.silent = true;
    await tick(3100);
    expect(downs).toEqual(['no frame from the panel for 3000 ms']);
    panel.silent = false;
    await tick(400);
    expect(panel.openAttempts).toHaveLength(2);
    expect(driver.phase).toBe('up');
    expect(panel.leds).toMatchObject({ 3: 'ON', G: 'ON' });
  });

  it('reconnects after an unplug with doubling backoff, loses no acked key and re-sends the LEDs', async () => {
    const { panel, driver, keys } = setup();
    await driver.start();
    await tick(50);
    driver.setLed('0', 'BLINK');
    const before = [panel.press(0, 'P'), panel.press(1, 'C')];
    await tick(10);
    const ackedBefore = [...panel.acks];
    expect(ackedBefore).toEqual(before);
    const unpluggedAt = Date.now();
    panel.unplug();
    await tick(8000);
    const delays = panel.openAttempts.slice(1).map((t, i, all) => t - (i === 0 ? unpluggedAt : all[i - 1]!));
    expect(delays).toEqual([250, 500, 1000, 2000, 4000]);
    panel.replug();
    await tick(5100);
    expect(driver.phase).toBe('up');
    expect(panel.leds['0']).toBe('BLINK');
    const after = panel.press(3, 'D');
    await tick(10);
    const reported = keys.map((k) => k.seq);
    for (const seq of ackedBefore) expect(reported).toContain(seq);
    expect(keys.at(-1)).toMatchObject({ seat: 3, key: 'draw', seq: after });
  });

  it('caps the backoff at 5 s', async () => {
    const { panel, driver } = setup();
    panel.plugged = false;
    await driver.start();
    await tick(30_000);
    const gaps = panel.openAttempts.slice(1).map((t, i) => t - panel.openAttempts[i]!);
    expect(Math.max(...gaps)).toBeLessThanOrEqual(5000 + 60);
    expect(gaps.slice(-2).every((g) => g >= 5000)).toBe(true);
  });

  it('logs line noise as discarded chunks and still reads the frames after it', async () => {
    const { panel, driver, keys } = setup();
    const discarded: string[] = [];
    driver.on('discarded', (c) => discarded.push(c.reason));
    await driver.start();
    await tick(50);
    panel.sendRaw('\x00\xff garbage\nKEY 9 9 Q Q*00\n');
    panel.press(1, 'P');
    await tick(5);
    expect(discarded).toEqual(['format', 'crc']);
    expect(driver.stats.discardedChunks).toBe(2);
    expect(keys).toHaveLength(1);
  });

  it('says in its warning why a port gave no HELLO (here: only noise, so perhaps the wrong baud rate)', async () => {
    const lines: Array<Record<string, unknown>> = [];
    const logger = pino({ level: 'warn' }, { write: (l: string) => { lines.push(JSON.parse(l) as Record<string, unknown>); } });
    const { panel, driver } = setup({ logger }, { helloDelayMs: 60_000 });
    await driver.start();
    await tick(100);
    for (let i = 0; i < 5; i++) panel.sendRaw('\xf0\x0f\xaa junk at the wrong speed\n');
    await tick(3000);
    expect(lines).toContainEqual(expect.objectContaining({
      msg: 'panel link dead; reconnecting', noiseSinceOpen: 5, framesSinceOpen: 0, hint: expect.stringContaining('115200 baud'),
    }));
  });

  it('reports exactly the intact key presses out of 1 MB of noise on the port, and acks each', async () => {
    const { panel, driver, keys } = setup({}, { heartbeats: false });
    await driver.start();
    await tick(50);
    // The fake's own replies (ACKs of LED and HB frames) would land in the middle of the stream.
    panel.silent = true;
    const { bytes, intact } = noisyStream(0xd21e, 1 << 20);
    for (let i = 0; i < bytes.length; i += 4096) {
      panel.sendRaw(bytes.subarray(i, i + 4096));
      await tick(1);
    }
    await tick(10);
    const sent = intact.flatMap((f) => (f.type === 'KEY' ? [f] : []));
    expect(keys.map((k) => k.seq)).toEqual(sent.map((f) => f.seq));
    expect(keys.map((k) => k.seat)).toEqual(sent.map((f) => f.seat));
    expect(panel.acks).toEqual(sent.map((f) => f.seq));
    expect(driver.stats.discardedChunks).toBeGreaterThan(1000);
    expect(driver.phase).toBe('up');
  });

  it('keeps acking keys when a key listener throws', async () => {
    const { panel, driver, keys } = setup();
    driver.on('key', () => {
      throw new Error('listener bug');
    });
    await driver.start();
    await tick(50);
    const seq = panel.press(null, 'U');
    await tick(5);
    expect(keys).toHaveLength(1);
    expect(panel.acks).toEqual([seq]);
  });

  it('finds an Arduino-class board by its USB vendor id when no path is given', async () => {
    MockBinding.createPort('/dev/ttyS0', { vendorId: undefined });
    const panel = new FakePanel('/dev/ttyUSB3', { vendorId: '1a86' });
    panels.push(panel);
    const driver = new PanelDriver({
      binding: panel.binding,
      logger: silent,
      findPorts: () => findPanelPorts({
        list: () => panel.binding.list(),
        udevLinks: [],
        readdir: async () => { throw Object.assign(new Error('no /dev/serial/by-id'), { code: 'ENOENT' }); },
        realpath: async (p) => p,
      }),
    });
    drivers.push(driver);
    await driver.start();
    await tick(50);
    expect(driver.phase).toBe('up');
    expect(driver.path).toBe('/dev/ttyUSB3');
  });

  it('closes the port on stop() and does not reconnect', async () => {
    const { panel, driver } = setup();
    await driver.start();
    await tick(50);
    await driver.stop();
    expect(panel.isOpen).toBe(false);
    expect(driver.phase).toBe('closed');
    await tick(10_000);
    expect(panel.openAttempts).toHaveLength(1);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('survives stop() and start() while an open is still in flight, with one port open in the end', async () => {
    const { panel, driver } = setup();
    await driver.start();
    await driver.stop();
    await driver.start();
    // The new run's open may find the old one still holding the port and retry after 250 ms.
    await tick(500);
    expect(driver.phase).toBe('up');
    expect(panel.isOpen).toBe(true);
    expect(driver.stats.opens).toBe(1);
  });

  it('resolves waitUntilUp once the HELLO came, and rejects when it does not come', async () => {
    const { driver } = setup({}, { helloDelayMs: 100 });
    await driver.start();
    const up = driver.waitUntilUp(1000);
    await tick(150);
    await expect(up).resolves.toBeUndefined();
    const { driver: other, panel } = setup({ path: '/dev/ttyNONE' });
    panel.plugged = false;
    await other.start();
    const never = other.waitUntilUp(500);
    const check = expect(never).rejects.toThrow(/did not say HELLO within 500 ms/);
    await tick(600);
    await check;
  });

  it('refuses options that cannot work with a clear error', async () => {
    await expect(new PanelDriver({ path: '' }).start()).rejects.toThrow(/path "" is not a port path/);
    await expect(new PanelDriver({ path: '/dev/x', baudRate: -5 }).start()).rejects.toThrow(/baud rate -5/);
    await expect(new PanelDriver({ path: '/dev/x', timing: { deadMs: 0 } }).start()).rejects.toThrow(/timing.deadMs/);
  });

  it('keeps retrying, without crashing, when the binding throws instead of failing the open', async () => {
    let attempts = 0;
    const binding = {
      list: async () => [],
      open: () => {
        attempts++;
        throw new Error('binding exploded');
      },
    } as unknown as PanelDriverOptions['binding'];
    const driver = new PanelDriver({ path: '/dev/ttyX', binding, logger: silent });
    drivers.push(driver);
    await driver.start();
    await tick(2000);
    expect(attempts).toBeGreaterThanOrEqual(3);
    expect(driver.phase).toBe('closed');
  });
});
