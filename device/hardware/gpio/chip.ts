// Finds the Raspberry Pi's main GPIO controller in sysfs and maps BCM numbers to sysfs numbers.
// Current Raspberry Pi OS kernels number sysfs GPIOs from the chip's `base` (512 on a Pi 4, 571 on
// a Pi 5), so BCM 17 is sysfs 529 or 588 there, and 17 only on old kernels: never assume they match.
import { readdirSync, readFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';

/** Labels of the controllers that drive the 40-pin header, preferred first (Pi 5, Pi 4, Pi 0–3 / Zero 2 W). */
export const MAIN_CHIP_LABELS = ['pinctrl-rp1', 'pinctrl-bcm2711', 'pinctrl-bcm2835'] as const;

/** One gpiochip as sysfs describes it. */
export interface GpioChip {
  /** Directory name, e.g. "gpiochip512". */
  name: string;
  label: string;
  /** The sysfs number of the chip's line 0. */
  base: number;
  /** How many lines the chip has. */
  ngpio: number;
}

/** Why GPIO cannot be used; the message names the fix. */
export interface GpioError {
  code: 'gpio/no-sysfs' | 'gpio/no-chip' | 'gpio/not-accessible' | 'gpio/bad-pin' | 'gpio/pin-failed';
  message: string;
}

export type ChipResult = { ok: true; chip: GpioChip } | { ok: false; error: GpioError };

/** Reads every gpiochip under `<sysfsRoot>/class/gpio`; chips with unreadable or malformed files are left out. */
export function listGpioChips(sysfsRoot = '/sys'): GpioChip[] {
  const dir = join(sysfsRoot, 'class', 'gpio');
  const chips: GpioChip[] = [];
  for (const name of readdirSync(dir)) {
    if (!/^gpiochip\d+$/.test(name)) continue;
    const base = readInteger(join(dir, name, 'base'));
    const ngpio = readInteger(join(dir, name, 'ngpio'));
    const label = readText(join(dir, name, 'label'));
    if (base === null || ngpio === null || label === null) continue;
    chips.push({ name, label, base, ngpio });
  }
  return chips.sort((a, b) => a.base - b.base);
}

/** Finds the chip that drives the 40-pin header, or says why there is none and what to do. */
export function detectMainChip(sysfsRoot = '/sys', labels: readonly string[] = MAIN_CHIP_LABELS): ChipResult {
  const dir = join(sysfsRoot, 'class', 'gpio');
  if (!existsSync(dir)) {
    return {
      ok: false,
      error: {
        code: 'gpio/no-sysfs',
        message:
          `${dir} does not exist: this kernel has no sysfs GPIO interface. Enable it (a kernel built with ` +
          'CONFIG_GPIO_SYSFS=y, as Raspberry Pi OS kernels are) or run without GPIO (LEDs, buzzer and scan button off).',
      },
    };
  }
  let chips: GpioChip[];
  try {
    chips = listGpioChips(sysfsRoot);
  } catch (err) {
    return { ok: false, error: { code: 'gpio/no-sysfs', message: `cannot list ${dir}: ${(err as Error).message}` } };
  }
  for (const label of labels) {
    const chip = chips.find((c) => c.label === label);
    if (chip) return { ok: true, chip };
  }
  const seen = chips.length === 0 ? 'no gpiochip at all' : chips.map((c) => `${c.name} "${c.label}"`).join(', ');
  return {
    ok: false,
    error: {
      code: 'gpio/no-chip',
      message:
        `no Raspberry Pi GPIO controller (${labels.join(', ')}) under ${dir}; found ${seen}. ` +
        'Is this a Raspberry Pi? Run without GPIO, or name the chip label in the configuration.',
    },
  };
}

/** The sysfs number of a BCM pin on a chip, or an error when the pin does not exist on it. */
export function bcmToSysfs(chip: GpioChip, bcm: number): { ok: true; sysfs: number } | { ok: false; error: GpioError } {
  if (!Number.isInteger(bcm) || bcm < 0 || bcm >= chip.ngpio) {
    return {
      ok: false,
      error: { code: 'gpio/bad-pin', message: `BCM ${String(bcm)} is not a line of ${chip.name} (${chip.label}, 0–${chip.ngpio - 1})` },
    };
  }
  return { ok: true, sysfs: chip.base + bcm };
}

function readText(path: string): string | null {
  try {
    return readFileSync(path, 'utf8').trim();
  } catch {
    return null;
  }
}

function readInteger(path: string): number | null {
  const text = readText(path);
  if (text === null || !/^\d+$/.test(text)) return null;
  return Number(text);
}
