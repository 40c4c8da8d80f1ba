// `red7 gpio`: shows how the LEDs, buzzer and scan button (on the configured pins, or those given)
// map onto this machine's sysfs GPIO, and with --signal or --watch drives the real lines, to
// check the wiring after installing on a Pi.
import { detectMainChip, listGpioChips, bcmToSysfs } from '../hardware/gpio/chip.ts';
import { createOnoffPinFactory } from '../hardware/gpio/onoff-pins.ts';
import type { GpioPins } from '../hardware/gpio/pins.ts';
import { isSignalEvent, patternLength, signalFor, SIGNAL_EVENTS } from '../hardware/gpio/signals.ts';
import { parseCommandArgs, type CommandIo, type CommandRun } from './io.ts';

const USAGE =
  'Usage: red7 gpio [--sysfs DIR] [--green N] [--red N] [--buzzer N] [--button N] [--signal EVENT | --watch SECONDS]\n' +
  `  EVENT: ${SIGNAL_EVENTS.join(', ')}\n`;

const PIN_OPTIONS = { green: 'greenLed', red: 'redLed', buzzer: 'buzzer', button: 'scanButton' } as const;

/** Runs `red7 gpio`. */
export const run: CommandRun = async (args, io, root) => {
  const parsed = parseCommandArgs(args, {
    sysfs: { type: 'string' }, signal: { type: 'string' }, watch: { type: 'string' },
    green: { type: 'string' }, red: { type: 'string' }, buzzer: { type: 'string' }, button: { type: 'string' },
  }, { needs: { sysfs: 'a directory', signal: `one of ${SIGNAL_EVENTS.join(', ')}`, watch: 'a number of seconds, up to 3600', green: 'a BCM pin number', red: 'a BCM pin number', buzzer: 'a BCM pin number', button: 'a BCM pin number' } });
  if (!parsed.ok) return usage(io, parsed.problem);
  const options = parsed.values;
  const pinInput: Partial<Record<keyof GpioPins, number>> = {};
  for (const [flag, field] of Object.entries(PIN_OPTIONS) as Array<[keyof typeof PIN_OPTIONS, keyof GpioPins]>) {
    const value = options[flag];
    if (value === undefined) continue;
    if (!/^\d+$/.test(value)) return usage(io, `--${flag} needs a BCM pin number`);
    pinInput[field] = Number(value);
  }
  const parts = root();
  let pins: GpioPins;
  try {
    pins = parts.gpioPins(pinInput as Partial<GpioPins>);
  } catch (e) {
    return usage(io, (e as Error).message);
  }
  const sysfs = options.sysfs ?? '/sys';
  if (sysfs !== '/sys' && (options.signal !== undefined || options.watch !== undefined)) {
    return usage(io, '--signal and --watch drive the real lines, and onoff only knows /sys: leave out --sysfs');
  }
  const { signal, watch } = options;
  if (signal !== undefined && watch !== undefined) return usage(io, 'give --signal or --watch, not both');
  if (signal !== undefined && !isSignalEvent(signal)) return usage(io, `--signal must be one of ${SIGNAL_EVENTS.join(', ')}`);
  let seconds = 0;
  if (watch !== undefined) {
    seconds = Number(watch);
    if (!Number.isFinite(seconds) || seconds <= 0 || seconds > 3600) return usage(io, '--watch needs a number of seconds, up to 3600');
  }

  if (!describe(io, sysfs, pins)) return 1;
  if (signal === undefined && watch === undefined) return 0;

  const gpio = parts.piGpio({ pins, sysfsRoot: sysfs });
  const status = await gpio.start();
  if (status.state !== 'running') return 1;
  if (isSignalEvent(signal)) {
    gpio.signal(signal);
    io.stdout.write(`playing ${signal} (${patternLength(signalFor(signal))} ms)\n`);
    await sleep(patternLength(signalFor(signal)) + 50);
  } else {
    io.stdout.write(`press the scan button; watching for ${seconds} s\n`);
    const t0 = Date.now();
    gpio.onScan(() => io.stdout.write(`scan button pressed at ${((Date.now() - t0) / 1000).toFixed(2)} s\n`));
    await sleep(seconds * 1000);
  }
  return 0;
};

/** Prints the chips and the pin mapping; false when there is no usable controller. */
function describe(io: CommandIo, sysfs: string, pins: GpioPins): boolean {
  const found = detectMainChip(sysfs);
  if (!found.ok) {
    io.stderr.write(`red7 gpio: ${found.error.message}\n`);
    return false;
  }
  const chips = listGpioChips(sysfs).map((c) => `  ${c.name} "${c.label}" base ${c.base}, ${c.ngpio} lines`);
  const { chip } = found;
  const rows = [
    ['green LED', pins.greenLed],
    ['red LED', pins.redLed],
    ['buzzer', pins.buzzer],
    ['scan button', pins.scanButton],
  ] as const;
  const mapping = rows.map(([name, bcm]) => {
    const mapped = bcmToSysfs(chip, bcm);
    return `  ${name.padEnd(12)} BCM ${String(bcm).padStart(2)} -> ${mapped.ok ? `sysfs ${mapped.sysfs}` : mapped.error.message}`;
  });
  io.stdout.write(
    `gpiochips:\n${chips.join('\n')}\nheader controller: ${chip.name} (${chip.label}), base ${chip.base}\n${mapping.join('\n')}\n` +
      `onoff Gpio.accessible: ${createOnoffPinFactory().accessible() ? 'yes' : 'no'}\n`,
  );
  return true;
}

function usage(io: CommandIo, problem: string): number {
  io.stderr.write(`red7 gpio: ${problem}\n${USAGE}`);
  return 2;
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
