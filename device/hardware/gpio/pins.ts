// Which header pins the LEDs, the buzzer and the scan button use, by BCM number (the numbers on
// pinout.xyz and in `pinout`), never by sysfs number: chip.ts maps them at start. The defaults
// are those of device/config.ts (RED7_GPIO_GREEN/RED/BUZZER/SCAN).
import { z } from 'zod';

const bcmPin = z.number().int().min(2).max(27);

/** The GPIO part of the configuration, with defaults and descriptions. */
export const gpioPinsSchema = z
  .object({
    greenLed: bcmPin.default(17).describe('BCM pin of the green status LED (header pin 11)'),
    redLed: bcmPin.default(27).describe('BCM pin of the red status LED (header pin 13)'),
    buzzer: bcmPin.default(22).describe('BCM pin of the active buzzer, through a transistor (header pin 15)'),
    scanButton: bcmPin.default(23).describe('BCM pin of the scan button, wired to ground, with a pull-up (header pin 16)'),
    buttonActiveLow: z.boolean().default(true).describe('the button pulls the pin low when pressed (pull-up wiring)'),
    debounceMs: z.number().int().min(0).max(1000).default(20).describe('scan button debounce, milliseconds'),
  })
  .refine((p) => new Set([p.greenLed, p.redLed, p.buzzer, p.scanButton]).size === 4, {
    message: 'the green LED, red LED, buzzer and scan button need four different pins',
  });

export type GpioPins = z.output<typeof gpioPinsSchema>;

/** The wiring of WIRING.md. */
export const DEFAULT_GPIO_PINS: GpioPins = gpioPinsSchema.parse({});

/** Checks a pin configuration; the error lists every bad field. */
export function parseGpioPins(input: unknown): { ok: true; pins: GpioPins } | { ok: false; message: string } {
  const result = gpioPinsSchema.safeParse(input ?? {});
  if (result.success) return { ok: true, pins: result.data };
  const problems = result.error.issues.map((i) => `${i.path.join('.') || 'gpio'}: ${i.message}`);
  return { ok: false, message: `bad GPIO pin configuration: ${problems.join('; ')}` };
}
