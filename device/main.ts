// The composition root: the only place that chooses real or simulated parts. It reads the
// config, starts the referee and the dashboard, finds the panel, the Pi's GPIO, the camera and
// the classifier, says what it found in one startup summary, and wires them together.
import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { networkInterfaces } from 'node:os';
import { resolve } from 'node:path';
import { pino, type Logger } from 'pino';
import { SerialPort } from 'serialport';
import { loadConfig, type Config, type ConfigSource } from './config.ts';
import { Referee } from './referee/referee.ts';
import type { RefereeApi } from './referee/types.ts';
import { PanelDriver, VirtualPanel, findPanelPorts, routePanelKeys, type LedTarget, type PanelKeyEvent, type PanelOutcome, type SeatPanel } from './hardware/panel/index.ts';
import { PiGpio, SimulatedGpio, parseGpioPins, type GpioSignals } from './hardware/gpio/index.ts';
import { EspeakSpeaker } from './hardware/speech/index.ts';
import { playUpdate } from './wiring/table-signals.ts';
import { panelScanner, refereeScanner } from './wiring/scanner.ts';
import type { CardScanner as RefereeScanner } from './referee/types.ts';
import type { Classify as WebClassify } from '../web/server/server.ts';
import { visionDesks } from './vision-desks.ts';
import type { CameraSource } from './hardware/camera/index.ts';
import { createWebServer } from '../web/server/server.ts';
import { loadPin } from '../web/server/auth.ts';
import { startVision } from './wiring/vision.ts';
import { runDemo } from './demo/demo.ts';
import { TrayCamera } from './demo/tray-camera.ts';

export interface StartOptions {
  env?: NodeJS.ProcessEnv;
  cwd?: string;
  /** Overrides the configured port (tests pass 0 for a free one). */
  port?: number;
  /** Parts the caller brings instead of detecting them (the demo, tests). */
  panel?: SeatPanel;
  camera?: CameraSource;
  logger?: Logger;
  /** Replay a recorded game through the whole pipeline at a watchable pace. */
  demo?: boolean;
  /** Pause between the demo's steps (tests go faster). */
  demoPaceMs?: number;
}

/** A running companion. */
export interface Companion {
  url: string;
  pin: string;
  referee: RefereeApi;
  panel: SeatPanel | null;
  gpio: GpioSignals;
  config: Config;
  sources: Record<keyof Config, ConfigSource>;
  /** The startup summary, one line per part. */
  summary: string[];
  /** Milliseconds from the call to ready. */
  readyMs: number;
  /** With --demo: resolves with the closing line once the recorded game has been played. */
  demoOver: Promise<string> | null;
  stop(): Promise<void>;
}

async function choosePanel(config: Config, logger: Logger): Promise<{ panel: SeatPanel | null; line: string }> {
  if (config.panel === 'none') return { panel: null, line: 'none (RED7_PANEL=none): the dashboard’s virtual panel stands in' };
  if (config.panel !== 'auto') {
    const panel = new PanelDriver({ path: config.panel, logger: logger.child({ part: 'panel' }) });
    // The driver keeps trying the path, so a panel plugged in later is found; the summary says it is not there yet.
    if (!existsSync(config.panel)) return { panel, line: `serial ${config.panel} — missing: not plugged in (or another name); waiting for it to appear; the dashboard’s virtual panel stands in` };
    return { panel, line: `serial ${config.panel}` };
  }
  // The driver keeps looking, so a panel plugged in later is found without a restart.
  const found = await findPanelPorts({ list: () => SerialPort.list() }).catch(() => []);
  const panel = new PanelDriver({ logger: logger.child({ part: 'panel' }) });
  if (found.length === 0) return { panel, line: 'none plugged in yet (watching /dev/red7-panel, /dev/serial/by-id and Arduino-class USB ids); the dashboard’s virtual panel stands in' };
  return { panel, line: `serial ${found[0]} (auto-detected)` };
}

async function chooseGpio(config: Config, logger: Logger): Promise<{ gpio: GpioSignals; line: string }> {
  const pins = parseGpioPins({
    greenLed: config.gpioGreenLed, redLed: config.gpioRedLed, buzzer: config.gpioBuzzer, scanButton: config.gpioScanButton,
  });
  const log = { info: (m: string) => logger.info({ part: 'gpio' }, m), warn: (m: string) => logger.warn({ part: 'gpio' }, m) };
  if (!pins.ok) throw new Error(pins.message);
  if (config.gpio !== 'off') {
    const real = new PiGpio({ pins: pins.pins, log });
    const status = await real.start();
    if (status.state === 'running') return { gpio: real, line: `${status.chip.label} (base ${status.chip.base})` };
    const why = status.state === 'unavailable' ? status.error.message : 'did not start';
    if (config.gpio === 'on') throw new Error(`GPIO is required (RED7_GPIO=on) but unavailable: ${why}`);
    const simulated = new SimulatedGpio(pins.pins, log);
    await simulated.start();
    return { gpio: simulated, line: `simulated (${why})` };
  }
  const simulated = new SimulatedGpio(pins.pins, log);
  await simulated.start();
  return { gpio: simulated, line: 'simulated (RED7_GPIO=off)' };
}

/** Starts the whole companion; resolves once the dashboard answers. */
export async function startCompanion(options: StartOptions = {}): Promise<Companion> {
  const started = performance.now();
  const cwd = options.cwd ?? process.cwd();
  const { config, sources } = loadConfig(options.env ?? process.env, cwd);
  const logger = options.logger ?? pino({ name: 'red7', level: config.logLevel });
  // The demo keeps its recorded game out of the table's own journal.
  const dataDir = options.demo ? resolve(cwd, config.dataDir, 'demo') : resolve(cwd, config.dataDir);
  const demo = options.demo ? { panel: options.panel instanceof VirtualPanel ? options.panel : new VirtualPanel(), tray: new TrayCamera(Date.now() >>> 0) } : null;
  const stops: Array<() => Promise<void> | void> = [];
  const stopAll = async () => {
    for (const stop of stops.reverse()) {
      try {
        await stop();
      } catch (err) {
        logger.warn({ err: err instanceof Error ? err.message : String(err) }, 'a part did not stop cleanly');
      }
    }
  };
  try {
    // The classifier (TensorFlow.js) and the camera load while the rest starts: they are the slow part.
    const visionReady = startVision(config, logger, demo?.tray ?? options.camera, dataDir);
    stops.push(async () => (await visionReady).stop());
    const scan: RefereeScanner = async (seat, exclude) => {
      const vision = await visionReady;
      if (vision.camera === undefined || vision.classify === undefined) {
        return { rescan: true, alternatives: [], reason: vision.camera === undefined ? 'no camera: enter the card on the dashboard' : 'no classifier: enter the card on the dashboard' };
      }
      return refereeScanner(vision.camera, vision.classify)(seat, exclude);
    };

    const referee = new Referee({ dataDir, scanner: scan, logger: logger.child({ part: 'referee' }), language: config.language });
    await referee.start();
    stops.push(() => referee.stop());

    const { pin, source: pinSource } = loadPin(dataDir, config.pin);
    const classify: WebClassify = async (image, exclude, purpose) => {
      const { classify: read } = await visionReady;
      if (read === undefined) return { card: null, confidence: 0, alternatives: [], reason: 'no-classifier' };
      return read(image, { exclude, source: purpose === 'identify' ? 'private' : 'upload' });
    };
    const desks = visionDesks(visionReady, dataDir);
    const web = createWebServer({
      referee, port: options.port ?? config.port, host: config.host, dataDir, pin: config.pin, logger: logger.child({ part: 'web' }), classify, decks: desks.decks, teach: desks.teach, seen: desks.seen,
      allowedOrigins: config.allowedOrigins,
    });
    const { port } = await web.start();
    stops.push(() => web.stop());

    const chosen = demo ? { panel: demo.panel, line: 'simulated for the demo (pressed by the recorded game)' }
      : options.panel ? { panel: options.panel, line: 'simulated (given by the caller)' } : await choosePanel(config, logger);
    const { gpio, line: gpioLine } = await chooseGpio(config, logger);
    stops.push(() => gpio.stop());
    const speaker = config.speech ? new EspeakSpeaker({ log: { info: (m) => logger.info(m), warn: (m) => logger.warn(m) } }) : null;
    const speaking = speaker !== null && (await speaker.start());
    if (speaker) stops.push(() => speaker.stop());

    const panel = chosen.panel;
    stops.push(referee.subscribe((update) => playUpdate(update, { panel: panel ?? undefined, gpio, speaker: speaking ? speaker! : undefined, logger })));
    if (panel) {
      const scanner = panelScanner(scan, () => referee.publicView());
      stops.push(routePanelKeys(panel, {
        view: () => referee.publicView(), scanner, logger, claim: desks.claimKey,
        onOutcome: (outcome, event) => handlePanelOutcome(outcome, event, referee, panel, gpio, logger),
      }));
      await panel.start();
      stops.push(() => panel.stop());
      // Light the active seat at once, not only after the next command.
      playUpdate({ seq: 0, events: [], announcements: [], view: referee.publicView() }, { panel });
    }
    // The Pi's scan button: the active player's card on the tray goes to their palette.
    stops.push(gpio.onScan(() => {
      const { active } = referee.publicView();
      if (active === null) return;
      void referee.submit({ type: 'play', seat: active, to: 'palette', source: 'scan-button', id: randomUUID() });
    }));

    const vision = await visionReady;
    const host = config.host === '0.0.0.0' ? 'localhost' : config.host;
    const url = `http://${host}:${port}`;
    const lan = config.host === '0.0.0.0' ? lanAddresses().map((a) => `http://${a}:${port}`) : [];
    const summary = [
      `dashboard:  ${url}${lan.length > 0 ? ` (tablets on the table's network: ${lan.join(', ')})` : ''}`,
      `referee PIN: ${pin} (${pinSource === 'env' ? 'from RED7_PIN' : pinSource === 'new' ? 'new, kept in the data folder' : 'kept in the data folder'})`,
      `journal:    ${resolve(dataDir, 'red7.db')}`,
      `panel:      ${chosen.line}`,
      `gpio:       ${gpioLine}`,
      `camera:     ${vision.cameraLine}`,
      `classifier: ${vision.classifierLine}`,
      `speech:     ${speaking ? 'espeak-ng here, and the dashboard’s browser' : `the dashboard’s browser (espeak-ng ${config.speech ? 'not found' : 'off: RED7_SPEECH=false'})`}`,
    ];
    let demoOver: Promise<string> | null = null;
    if (demo) {
      const abort = new AbortController();
      const finished = runDemo({ referee, panel: demo.panel, tray: demo.tray, logger, paceMs: options.demoPaceMs ?? 1400, signal: abort.signal })
        .then((report) => {
          const line = `demo over: ${report.steps} steps, ${report.read} cards read from their photos, ${report.enteredByHand} entered by hand`;
          web.notice(line);
          return line;
        }, (err: unknown) => {
          const line = `demo over: it stopped early (${err instanceof Error ? err.message : String(err)})`;
          logger.error(line);
          web.notice(line);
          return line;
        });
      demoOver = finished;
      stops.push(async () => {
        abort.abort();
        await finished;
      });
      summary.push(`demo:       replaying a recorded 3-player game with card actions (journal in ${dataDir})`);
    }
    const readyMs = performance.now() - started;
    logger.info({ summary, readyMs: Math.round(readyMs) }, `red7 companion ready at ${url}`);
    return { url, pin, referee, panel, gpio, config, sources, summary, readyMs, demoOver, stop: stopAll };
  } catch (err) {
    await stopAll();
    throw err;
  }
}

/** Submits a key's command, or shows why it made none: the seat's LED blinks and the buzzer chirps. */
async function handlePanelOutcome(outcome: PanelOutcome, event: PanelKeyEvent, referee: RefereeApi, panel: SeatPanel, gpio: GpioSignals, logger: Logger): Promise<void> {
  switch (outcome.kind) {
    case 'command': {
      const r = await referee.submit(outcome.command);
      if (!r.ok) logger.info({ code: r.error.code }, `panel command refused: ${r.error.message}`);
      return;
    }
    case 'notYourTurn':
      panel.setLed(seatLed(outcome.seat), 'BLINK');
      setTimeout(() => playUpdate({ seq: 0, events: [], announcements: [], view: referee.publicView() }, { panel }), 1500).unref();
      return;
    case 'rescan':
      if (event.key === 'palette' || event.key === 'canvas') {
        // Handing the play to the referee without its card makes it scan once more and, unsure
        // again, announce the rescan with its top guesses to the dashboard, the LEDs and the buzzer.
        await referee.submit({ type: 'play', seat: outcome.seat, to: event.key, source: 'panel', id: randomUUID() });
        return;
      }
      gpio.signal('rescanNeeded');
      panel.setLed(seatLed(outcome.seat), 'BLINK');
      logger.info({ seat: outcome.seat }, `rescan needed: ${outcome.reason}`);
      return;
    case 'ignored':
      logger.info({ code: outcome.code }, outcome.message);
  }
}

/** The panel LED of a seat. */
function seatLed(seat: number): LedTarget {
  return String(seat) as LedTarget;
}

/** This machine's IPv4 addresses on its networks, for the tablet's URL. */
function lanAddresses(): string[] {
  return Object.values(networkInterfaces()).flatMap((list) => (list ?? []).filter((a) => a.family === 'IPv4' && !a.internal).map((a) => a.address));
}

/** Re-exported for the `start` command and tests. */
export { VirtualPanel };
