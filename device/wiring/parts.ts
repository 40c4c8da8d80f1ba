// The composition root: the one place that builds real (or simulated) parts, each from the
// validated configuration, each with a pino child logger of the one root logger. `red7 start`
// and every other `red7` command take their parts from here; whatever was built is stopped,
// last built first, by stop().
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { pino, type Logger } from 'pino';
import { SerialPort } from 'serialport';
import { loadConfig, ConfigError, type Config, type ConfigSource } from '../config.ts';
import { JournalError } from '../referee/journal.ts';
import { Referee } from '../referee/referee.ts';
import type { Language } from '../referee/types.ts';
import { PanelDriver, findPanelPorts } from '../hardware/panel/index.ts';
import { PiGpio, SimulatedGpio, parseGpioPins, type GpioPins, type GpioSignals } from '../hardware/gpio/index.ts';
import { EspeakSpeaker } from '../hardware/speech/index.ts';
import type { CameraSource } from '../hardware/camera/index.ts';
import type { CardClassifier } from '../../vision/classifier.ts';
import { startVision, type VisionParts } from './vision.ts';

export interface PartsOptions {
  env?: NodeJS.ProcessEnv;
  /** The folder relative paths (red7.config.json, the data folder) are read from. */
  cwd?: string;
  /** The root logger (tests bring a silent one); by default pino at the configured level, on stdout or stderr. */
  logger?: Logger;
  /** Where the default logger writes; a command whose stdout is its answer logs to its stderr (warnings only, unless RED7_LOG_LEVEL says). */
  logTo?: { stream: NodeJS.WritableStream; quiet: boolean };
}

/** A part the summary describes in one line. */
export interface Described<T> {
  part: T;
  line: string;
}

const why = (err: unknown) => (err instanceof Error ? err.message : String(err));

export class Parts {
  readonly config: Config;
  readonly sources: Record<keyof Config, ConfigSource>;
  /** The config file read, or null. */
  readonly file: string | null;
  readonly logger: Logger;
  private readonly cwd: string;
  private readonly stops: Array<() => Promise<void> | void> = [];

  /** Reads and validates the configuration; throws ConfigError naming every bad value. */
  constructor(options: PartsOptions = {}) {
    this.cwd = options.cwd ?? process.cwd();
    const loaded = loadConfig(options.env ?? process.env, this.cwd);
    this.config = loaded.config;
    this.sources = loaded.sources;
    this.file = loaded.file;
    // A command whose answer is its output logs only warnings, unless a level is configured.
    const level = options.logTo?.quiet === true && this.sources.logLevel === 'default' ? 'warn' : this.config.logLevel;
    this.logger = options.logger ?? pino({ name: 'red7', level }, options.logTo?.stream ?? pino.destination(1));
  }

  /** The logger of one part. */
  log(part: string): Logger {
    return this.logger.child({ part });
  }

  /** The data folder: the one given (a --data option), else the configured one, resolved. */
  dataDir(given?: string): string {
    return resolve(this.cwd, given ?? this.config.dataDir);
  }

  /** Stops this when the parts stop (after everything built later). */
  onStop(stop: () => Promise<void> | void): void {
    this.stops.push(stop);
  }

  /** Stops every part built, last first; a part that fails to stop is logged, the rest still stop. */
  async stop(): Promise<void> {
    for (const stop of this.stops.splice(0).reverse()) {
      try {
        await stop();
      } catch (err) {
        this.logger.warn({ err: why(err) }, 'a part did not stop cleanly');
      }
    }
  }

  /** A started referee on the data folder (its SQLite journal); throws JournalError naming the file. */
  async referee(options: { dataDir?: string; readonly?: boolean; language?: Language } = {}): Promise<Referee> {
    const referee = new Referee({
      dataDir: options.dataDir ?? this.dataDir(), readonly: options.readonly, language: options.language ?? this.config.language, logger: this.log('referee'),
    });
    await referee.start();
    this.onStop(() => referee.stop());
    return referee;
  }

  /** The configured GPIO pins, each replaced by the one given; throws ConfigError when they clash. */
  gpioPins(given: Partial<GpioPins> = {}): GpioPins {
    const pins = parseGpioPins({
      greenLed: this.config.gpioGreenLed, redLed: this.config.gpioRedLed, buzzer: this.config.gpioBuzzer, scanButton: this.config.gpioScanButton, ...given,
    });
    if (!pins.ok) throw new ConfigError(pins.message);
    return pins.pins;
  }

  /** The Pi's GPIO on these pins (the configured ones by default), not started. */
  piGpio(options: { pins?: GpioPins; sysfsRoot?: string } = {}): PiGpio {
    const gpio = new PiGpio({ pins: options.pins ?? this.gpioPins(), sysfsRoot: options.sysfsRoot, log: this.log('gpio') });
    this.onStop(() => gpio.stop());
    return gpio;
  }

  /** The Pi's LEDs, buzzer and scan button as configured (RED7_GPIO), started; simulated where there are none. */
  async gpio(): Promise<Described<GpioSignals>> {
    const pins = this.gpioPins();
    const simulated = async (line: string): Promise<Described<GpioSignals>> => {
      const gpio = new SimulatedGpio(pins, this.log('gpio'));
      await gpio.start();
      this.onStop(() => gpio.stop());
      return { part: gpio, line };
    };
    if (this.config.gpio === 'off') return simulated('simulated (RED7_GPIO=off)');
    const real = this.piGpio({ pins });
    const status = await real.start();
    if (status.state === 'running') return { part: real, line: `${status.chip.label} (base ${status.chip.base})` };
    const reason = status.state === 'unavailable' ? status.error.message : 'did not start';
    if (this.config.gpio === 'on') throw new Error(`GPIO is required (RED7_GPIO=on) but unavailable: ${reason}`);
    return simulated(`simulated (${reason})`);
  }

  /** A panel driver on a path (or auto-detecting), not started. */
  panelDriver(options: { path?: string; logger?: Logger } = {}): PanelDriver {
    const panel = new PanelDriver({ path: options.path, timing: { deadMs: this.config.panelDeadMs }, logger: options.logger ?? this.log('panel') });
    this.onStop(() => panel.stop());
    return panel;
  }

  /** The configured seat panel (RED7_PANEL: a path, "auto" or "none"), not started. */
  async panel(): Promise<Described<PanelDriver | null>> {
    const configured = this.config.panel;
    if (configured === 'none') return { part: null, line: 'none (RED7_PANEL=none): the dashboard’s virtual panel stands in' };
    if (configured !== 'auto') {
      const panel = this.panelDriver({ path: configured });
      // The driver keeps trying the path, so a panel plugged in later is found; the summary says it is not there yet.
      if (!existsSync(configured)) return { part: panel, line: `serial ${configured} — missing: not plugged in (or another name); waiting for it to appear; the dashboard’s virtual panel stands in` };
      return { part: panel, line: `serial ${configured}` };
    }
    // The driver keeps looking, so a panel plugged in later is found without a restart.
    const found = await this.panelPorts().catch(() => []);
    const panel = this.panelDriver();
    if (found.length === 0) return { part: panel, line: 'none plugged in yet (watching /dev/red7-panel, /dev/serial/by-id and Arduino-class USB ids); the dashboard’s virtual panel stands in' };
    return { part: panel, line: `serial ${found[0]} (auto-detected)` };
  }

  /** The serial ports that look like a seat panel. */
  panelPorts(): Promise<string[]> {
    return findPanelPorts({ list: () => SerialPort.list() });
  }

  /** The speaker (espeak-ng), not started; null when speech is off (RED7_SPEECH=false). */
  speaker(options: { force?: boolean } = {}): EspeakSpeaker | null {
    if (!this.config.speech && options.force !== true) return null;
    const speaker = new EspeakSpeaker({ log: this.log('speech') });
    this.onStop(() => speaker.stop());
    return speaker;
  }

  /** The card classifier (the shipped model unless `modelDir` says otherwise; the corners' second look unless `secondLook` is false). */
  async classifier(options: { modelDir?: string; secondLook?: boolean } = {}): Promise<CardClassifier> {
    // Loaded only here: TensorFlow.js is the heaviest part of the companion.
    const { CardClassifier } = await import('../../vision/classifier.ts');
    const { setHeapForReading } = await import('../../vision/heap.ts');
    // A process that reads cards sets its heap for it (vision/heap.ts); set here, by the process, not by a library on load.
    setHeapForReading();
    return CardClassifier.load({ modelDir: options.modelDir, secondLook: options.secondLook, logger: this.log('vision') });
  }

  /** The configured camera (or the one given) and the classifier; either may be missing, and the lines say why. */
  vision(given?: CameraSource): Promise<VisionParts> {
    const loading = startVision(this.config, this.logger, given, () => this.classifier(), this.dataDir());
    // Registered before it is loaded: a start that fails meanwhile still stops the camera.
    this.onStop(async () => (await loading.catch(() => null))?.stop());
    return loading;
  }
}

/** The parts of one process, from its configuration. */
export function createParts(options: PartsOptions = {}): Parts {
  return new Parts(options);
}

/** A one-line reason a referee could not start: the journal's own message, or what went wrong. */
export function refereeProblem(e: unknown): string {
  return e instanceof JournalError ? e.message : `could not start the referee: ${why(e)}`;
}
