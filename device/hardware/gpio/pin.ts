// The smallest surface of a GPIO line that the signals and the scan button need, so that the
// real onoff lines and the recording fakes of the tests are interchangeable.

/** A logical level: 1 = on / pressed. */
export type Level = 0 | 1;

/** A line driven by the Pi. */
export interface OutputPin {
  write(value: Level): void;
  /** Releases the line (unexport); never throws. */
  close(): void;
}

/** A line the Pi reads, with change notification (already debounced). */
export interface InputPin {
  read(): Level;
  /** Calls the listener with the settled level after each change. */
  watch(listener: (value: Level) => void): void;
  close(): void;
}

export interface InputOptions {
  debounceMs: number;
  activeLow: boolean;
}

/** Opens lines by sysfs number. */
export interface PinFactory {
  /** Whether the process may export lines (onoff's `Gpio.accessible`). */
  accessible(): boolean;
  output(sysfs: number): OutputPin;
  input(sysfs: number, options: InputOptions): InputPin;
}

