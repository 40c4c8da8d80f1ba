// The Pi's own GPIO as one part with a start and a stop: two status LEDs and a buzzer that play
// the signals of signals.ts, and the scan button. Without usable GPIO it says why once and
// carries on silently, because the companion is still useful without its lights.
import { bcmToSysfs, detectMainChip, MAIN_CHIP_LABELS, type ChipResult, type GpioChip, type GpioError } from './chip.ts';
import { SILENT_LOG, type HardwareLog } from '../log.ts';
import type { InputPin, Level, OutputPin, PinFactory } from './pin.ts';
import { DEFAULT_GPIO_PINS, parseGpioPins, type GpioPins } from './pins.ts';
import { PatternPlayer } from './pattern-player.ts';
import { isSignalEvent, patternLength, signalFor, SIGNAL_EVENTS, type SignalEvent, type SignalOutput } from './signals.ts';
import { createOnoffPinFactory } from './onoff-pins.ts';

/** Where the part stands. */
export type GpioStatus =
  | { state: 'stopped' }
  | { state: 'running'; chip: GpioChip; lines: Record<SignalOutput | 'scanButton', number>; warnings: string[] }
  | { state: 'unavailable'; error: GpioError };

/** The answer to a signal request. */
export type SignalResult =
  | { ok: true; event: SignalEvent; ms: number }
  | { ok: false; code: 'gpio/unknown-event' | 'gpio/unavailable'; message: string };

/** Status LEDs, buzzer and scan button. */
export interface GpioSignals {
  readonly status: GpioStatus;
  /** Opens the lines; never throws: an unusable GPIO gives the 'unavailable' status. */
  start(): Promise<GpioStatus>;
  /** Switches everything off and releases the lines. */
  stop(): Promise<void>;
  /** Plays the event's pattern, replacing a running one; returns at once. */
  signal(event: string): SignalResult;
  /** Calls the listener on each press of the scan button; returns the unsubscribe function. */
  onScan(listener: () => void): () => void;
}

export interface PiGpioOptions {
  pins?: GpioPins;
  /** Where sysfs is mounted; tests point it at a fake tree. */
  sysfsRoot?: string;
  /** How lines are opened: onoff by default. */
  pinFactory?: PinFactory;
  /** Chip labels to accept, preferred first. */
  chipLabels?: readonly string[];
  /** Skip detection and use this chip (the simulated side). */
  chip?: GpioChip;
  log?: HardwareLog;
}



/** The real GPIO side: detection in sysfs, lines through the pin factory (onoff by default). */
export class PiGpio implements GpioSignals {
  private current: GpioStatus = { state: 'stopped' };
  private player: PatternPlayer | null = null;
  private opened: (OutputPin | InputPin)[] = [];
  private readonly scanListeners = new Set<() => void>();
  private lastButton: Level = 0;

  constructor(private readonly options: PiGpioOptions = {}) {}

  get status(): GpioStatus {
    return this.current;
  }

  async start(): Promise<GpioStatus> {
    if (this.current.state === 'running') return this.current;
    this.current = this.open();
    const log = this.options.log ?? SILENT_LOG;
    if (this.current.state === 'unavailable') log.warn(`gpio: off — ${this.current.error.message}`);
    if (this.current.state === 'running') {
      const { chip, lines } = this.current;
      log.info(
        `gpio: ${chip.label} (${chip.name}, base ${chip.base}); sysfs lines green ${lines.green}, red ${lines.red}, ` +
          `buzzer ${lines.buzzer}, scan button ${lines.scanButton}`,
      );
      for (const w of this.current.warnings) log.warn(`gpio: ${w}`);
    }
    return this.current;
  }

  async stop(): Promise<void> {
    this.player?.stop();
    this.player = null;
    for (const line of this.opened) line.close();
    this.opened = [];
    if (this.current.state === 'running') this.current = { state: 'stopped' };
  }

  signal(event: string): SignalResult {
    if (!isSignalEvent(event)) {
      return { ok: false, code: 'gpio/unknown-event', message: `no signal for "${event}" (known: ${SIGNAL_EVENTS.join(', ')})` };
    }
    if (this.player === null) {
      return { ok: false, code: 'gpio/unavailable', message: `GPIO is ${this.current.state}` };
    }
    const pattern = signalFor(event);
    void this.player.play(pattern);
    return { ok: true, event, ms: patternLength(pattern) };
  }

  onScan(listener: () => void): () => void {
    this.scanListeners.add(listener);
    return () => this.scanListeners.delete(listener);
  }

  /** Feeds a level of the scan button line; a press is the change to 1 (the line is debounced already). */
  protected buttonLevel(value: Level): void {
    const pressed = value === 1 && this.lastButton === 0;
    this.lastButton = value;
    if (!pressed) return;
    for (const listener of this.scanListeners) {
      try {
        listener();
      } catch (err) {
        (this.options.log ?? SILENT_LOG).warn(`gpio: a scan button listener failed: ${(err as Error).message}`);
      }
    }
  }

  private open(): GpioStatus {
    const parsed = parseGpioPins(this.options.pins ?? DEFAULT_GPIO_PINS);
    if (!parsed.ok) return unavailable('gpio/bad-pin', parsed.message);
    const pins = parsed.pins;
    const found: ChipResult = this.options.chip
      ? { ok: true, chip: this.options.chip }
      : detectMainChip(this.options.sysfsRoot ?? '/sys', this.options.chipLabels ?? MAIN_CHIP_LABELS);
    if (!found.ok) return { state: 'unavailable', error: found.error };
    const chip = found.chip;
    const factory = this.options.pinFactory ?? createOnoffPinFactory();
    if (!factory.accessible()) {
      return unavailable(
        'gpio/not-accessible',
        'cannot write /sys/class/gpio/export: run the service as a member of the gpio group ' +
          '(sudo usermod -aG gpio <user>, then log in again; scripts/install-pi.sh does this) or as root',
      );
    }
    const numbers = { green: pins.greenLed, red: pins.redLed, buzzer: pins.buzzer, scanButton: pins.scanButton };
    const lines = {} as Record<SignalOutput | 'scanButton', number>;
    for (const [name, bcm] of Object.entries(numbers) as [keyof typeof numbers, number][]) {
      const mapped = bcmToSysfs(chip, bcm);
      if (!mapped.ok) return { state: 'unavailable', error: mapped.error };
      lines[name] = mapped.sysfs;
    }
    const outputs = {} as Record<SignalOutput, OutputPin>;
    let button: InputPin;
    try {
      for (const name of ['green', 'red', 'buzzer'] as const) {
        outputs[name] = factory.output(lines[name]);
        this.opened.push(outputs[name]);
      }
      button = factory.input(lines.scanButton, { debounceMs: pins.debounceMs, activeLow: pins.buttonActiveLow });
      this.opened.push(button);
    } catch (err) {
      for (const line of this.opened) line.close();
      this.opened = [];
      return unavailable('gpio/pin-failed', `cannot open a GPIO line: ${(err as Error).message} (is another program using it?)`);
    }
    const warnings: string[] = [];
    try {
      this.lastButton = button.read();
      button.watch((value) => this.buttonLevel(value));
    } catch (err) {
      warnings.push(`the scan button (sysfs ${lines.scanButton}) cannot be watched: ${(err as Error).message}; use the dashboard's scan button`);
    }
    this.player = new PatternPlayer(outputs, this.options.log);
    return { state: 'running', chip, lines, warnings };
  }
}

function unavailable(code: GpioError['code'], message: string): GpioStatus {
  return { state: 'unavailable', error: { code, message } };
}
