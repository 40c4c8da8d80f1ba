import { describe, expect, it } from 'vitest';
import { DEFAULT_GPIO_PINS, parseGpioPins } from '../../../../device/hardware/gpio/pins.ts';

describe('parseGpioPins', () => {
  it('fills in the wiring guide pins when nothing is configured', () => {
    expect(parseGpioPins(undefined)).toEqual({ ok: true, pins: DEFAULT_GPIO_PINS });
    expect(DEFAULT_GPIO_PINS).toEqual({
      greenLed: 17, redLed: 27, buzzer: 22, scanButton: 23, buttonActiveLow: true, debounceMs: 20,
    });
  });

  it('keeps configured pins and defaults the rest', () => {
    const parsed = parseGpioPins({ greenLed: 5, debounceMs: 50 });
    expect(parsed.ok && parsed.pins).toMatchObject({ greenLed: 5, redLed: 27, debounceMs: 50 });
  });

  it('rejects two parts on one pin', () => {
    const parsed = parseGpioPins({ greenLed: 23 });
    expect(parsed).toEqual({
      ok: false,
      message: 'bad GPIO pin configuration: gpio: the green LED, red LED, buzzer and scan button need four different pins',
    });
  });

  it('names every field that is not a header GPIO number', () => {
    const parsed = parseGpioPins({ redLed: 40, buzzer: 'eighteen', scanButton: 1.5 });
    expect(parsed.ok).toBe(false);
    if (parsed.ok) return;
    expect(parsed.message).toMatch(/redLed: /);
    expect(parsed.message).toMatch(/buzzer: /);
    expect(parsed.message).toMatch(/scanButton: /);
  });

  it('rejects a configuration that is not an object', () => {
    expect(parseGpioPins('22,27').ok).toBe(false);
  });
});
