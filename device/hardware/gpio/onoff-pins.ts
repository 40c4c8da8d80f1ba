// The real lines, through onoff (sysfs). onoff is loaded on first use, not at import, because its
// native epoll addon exists only on Linux and constructors must stay free of side effects.
import { createRequire } from 'node:module';
import type { Gpio as OnoffGpio } from 'onoff';
import type { InputOptions, InputPin, Level, OutputPin, PinFactory } from './pin.ts';

type GpioClass = typeof OnoffGpio;
let gpioClass: GpioClass | null = null;

function loadGpio(): GpioClass {
  if (gpioClass === null) {
    const require = createRequire(import.meta.url);
    gpioClass = (require('onoff') as { Gpio: GpioClass }).Gpio;
  }
  return gpioClass;
}

/** Opens real sysfs lines with onoff; the button uses onoff's `debounceTimeout`. */
export function createOnoffPinFactory(): PinFactory {
  return {
    accessible: () => {
      try {
        return loadGpio().accessible;
      } catch {
        return false; // no epoll addon: not a Linux machine, so no sysfs GPIO either
      }
    },
    output: (sysfs) => {
      const Gpio = loadGpio();
      const line = new Gpio(sysfs, 'low');
      return {
        write: (value: Level) => line.writeSync(value),
        close: () => release(line),
      } satisfies OutputPin;
    },
    input: (sysfs, options: InputOptions) => {
      const Gpio = loadGpio();
      const line = new Gpio(sysfs, 'in', 'both', { debounceTimeout: options.debounceMs, activeLow: options.activeLow });
      return {
        read: () => line.readSync(),
        watch: (listener) => {
          line.watch((err, value) => {
            if (!err) listener(value);
          });
        },
        close: () => release(line),
      } satisfies InputPin;
    },
  };
}

function release(line: OnoffGpio): void {
  try {
    line.unexport();
  } catch {
    // Unexporting a line that failed to start polling throws again in onoff; the line is closed enough.
  }
}
