// Lines that live in memory: outputs record every write with its time, inputs are pressed by the
// test (or by the dashboard's virtual scan button when the computer has no GPIO).
import type { InputOptions, InputPin, Level, OutputPin, PinFactory } from './pin.ts';

/** One recorded write. */
export interface PinWrite {
  sysfs: number;
  value: Level;
  /** Milliseconds, from the factory's clock (Date.now by default, so fake timers move it). */
  at: number;
}

/** A fake input line the caller drives. */
export interface FakeInput extends InputPin {
  options: InputOptions;
  /** Sets the logical level and notifies watchers, as the debounced onoff line would. */
  set(value: Level): void;
  closed: boolean;
}

/** A PinFactory whose outputs record writes and whose inputs are driven by hand. */
export class FakePinFactory implements PinFactory {
  readonly writes: PinWrite[] = [];
  readonly levels = new Map<number, Level>();
  readonly inputs = new Map<number, FakeInput>();
  readonly closed = new Set<number>();
  /** Lines whose opening fails, to rehearse a busy or missing line. */
  readonly failing = new Set<number>();

  constructor(
    private readonly isAccessible = true,
    private readonly now: () => number = () => Date.now(),
  ) {}

  /** Whether the fake pretends the process may export lines. */
  accessible(): boolean {
    return this.isAccessible;
  }

  /** Opens an output that starts low, as onoff's 'low' direction does. */
  output(sysfs: number): OutputPin {
    this.check(sysfs);
    this.levels.set(sysfs, 0);
    return {
      write: (value) => {
        if (this.closed.has(sysfs)) throw new Error(`write to closed line ${sysfs}`);
        this.levels.set(sysfs, value);
        this.writes.push({ sysfs, value, at: this.now() });
      },
      close: () => {
        this.closed.add(sysfs);
      },
    };
  }

  /** Opens an input at level 0 (released). */
  input(sysfs: number, options: InputOptions): InputPin {
    this.check(sysfs);
    const listeners: ((value: Level) => void)[] = [];
    let level: Level = 0;
    const input: FakeInput = {
      options,
      closed: false,
      read: () => level,
      watch: (listener) => {
        listeners.push(listener);
      },
      set: (value) => {
        if (input.closed || value === level) return;
        level = value;
        for (const l of listeners) l(value);
      },
      close: () => {
        input.closed = true;
        this.closed.add(sysfs);
      },
    };
    this.inputs.set(sysfs, input);
    return input;
  }

  /** The writes to one line, in order. */
  writesTo(sysfs: number): PinWrite[] {
    return this.writes.filter((w) => w.sysfs === sysfs);
  }

  private check(sysfs: number): void {
    if (this.failing.has(sysfs)) throw new Error(`EBUSY: line ${sysfs} is in use`);
  }
}
