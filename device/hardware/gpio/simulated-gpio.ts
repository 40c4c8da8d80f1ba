// The GPIO side for a computer without a Pi header: the same signal player on lines that live in
// memory, so the dashboard can show what the LEDs and buzzer would do and offer a scan button.
import { FakePinFactory } from './fake-pins.ts';
import { PiGpio } from './gpio-signals.ts';
import type { HardwareLog } from '../log.ts';
import { DEFAULT_GPIO_PINS, type GpioPins } from './pins.ts';

/** A chip numbered like the old kernels (base 0), so sysfs numbers equal BCM numbers here only. */
const SIMULATED_CHIP = { name: 'simulated', label: 'simulated', base: 0, ngpio: 28 };

/** GPIO in memory: records every line write and lets the caller press the scan button. */
export class SimulatedGpio extends PiGpio {
  /** The in-memory lines, with their write history. */
  readonly lines: FakePinFactory;
  private readonly scanPin: number;

  constructor(pins: GpioPins = DEFAULT_GPIO_PINS, log?: HardwareLog) {
    const lines = new FakePinFactory();
    super({ pins, log, chip: SIMULATED_CHIP, pinFactory: lines });
    this.lines = lines;
    this.scanPin = pins.scanButton;
  }

  /** Presses and releases the scan button, as a finger would. */
  pressScan(): void {
    const input = this.lines.inputs.get(this.scanPin);
    if (input === undefined || input.closed) return;
    input.set(1);
    input.set(0);
  }
}
