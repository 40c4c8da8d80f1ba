// The companion (`red7 start`): the referee, the table-inputs layer and the dashboard over the
// parts the composition root (wiring/parts.ts) builds from the configuration — the panel, the
// Pi's GPIO, the camera and the classifier, speech — wired together, with what was found said in
// one startup summary.
import { networkInterfaces } from 'node:os';
import { resolve } from 'node:path';
import type { Logger } from 'pino';
import type { Config, ConfigSource } from './config.ts';
import type { RefereeApi } from './referee/types.ts';
import { VirtualPanel, type PanelKeyEvent, type SeatPanel } from './hardware/panel/index.ts';
import type { GpioSignals } from './hardware/gpio/index.ts';
import { createParts, type Parts } from './wiring/parts.ts';
import { playOutcome, playUpdate } from './wiring/table-signals.ts';
import { createCardReader } from './table-inputs/card-reader.ts';
import { TableInputs } from './table-inputs/table-inputs.ts';
import { visionDesks } from './wiring/vision-desks.ts';
import type { CameraSource } from './hardware/camera/index.ts';
import { createWebServer } from '../web/server/server.ts';
import { loadPin } from '../web/server/auth.ts';
import { runDemo } from './demo/demo.ts';
import { TrayCamera } from './demo/tray-camera.ts';

export interface StartOptions {
  /** The parts to build from (by default, from env and cwd). */
  parts?: Parts;
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

/** Starts the whole companion; resolves once the dashboard answers. */
export async function startCompanion(options: StartOptions = {}): Promise<Companion> {
  const started = performance.now();
  const parts = options.parts ?? createParts({ env: options.env, cwd: options.cwd, logger: options.logger });
  const { config, sources, logger } = parts;
  // The demo keeps its recorded game out of the table's own journal.
  const dataDir = options.demo ? resolve(parts.dataDir(), 'demo') : parts.dataDir();
  const demo = options.demo ? { panel: options.panel instanceof VirtualPanel ? options.panel : new VirtualPanel(), tray: new TrayCamera(Date.now() >>> 0) } : null;
  const stopAll = () => parts.stop();
  try {
    // The classifier (TensorFlow.js) and the camera load while the rest starts: they are the slow part.
    const visionReady = parts.vision(demo?.tray ?? options.camera);
    const referee = await parts.referee({ dataDir });
    // Every input (keys, the scan button, uploads, dashboard taps) means what table-inputs says.
    const inputs = new TableInputs({ referee, reader: createCardReader(() => visionReady), logger: parts.log('inputs') });

    const desks = visionDesks(visionReady, dataDir);
    const { pin, source: pinSource } = loadPin(dataDir, config.pin);
    const web = createWebServer({
      referee: inputs, photos: inputs, port: options.port ?? config.port, host: config.host, dataDir, pin: config.pin, logger: parts.log('web'),
      decks: desks.decks, teach: desks.teach, seen: desks.seen,
      allowedOrigins: config.allowedOrigins,
    });
    const { port } = await web.start();
    parts.onStop(() => web.stop());

    const chosen: { part: SeatPanel | null; line: string } = demo ? { part: demo.panel, line: 'simulated for the demo (pressed by the recorded game)' }
      : options.panel ? { part: options.panel, line: 'simulated (given by the caller)' } : await parts.panel();
    const { part: gpio, line: gpioLine } = await parts.gpio();
    const speaker = parts.speaker();
    const speaking = speaker !== null && (await speaker.start());

    const panel = chosen.part;
    parts.onStop(referee.subscribe((update) => playUpdate(update, { panel: panel ?? undefined, gpio, speaker: speaking ? speaker! : undefined, logger })));
    if (panel) {
      const onKey = (event: PanelKeyEvent): void => {
        // A PALETTE while a deck is being taught is a capture for the teaching, not a play.
        void (async () => {
          if (await desks.claimKey(event)) return;
          playOutcome(await inputs.press(event), { panel, view: () => referee.publicView(), logger });
        })().catch((err: unknown) => {
          logger.error({ err: err instanceof Error ? err.message : String(err), event }, 'panel key handling failed');
        });
      };
      panel.on('key', onKey);
      parts.onStop(() => void panel.off('key', onKey));
      await panel.start();
      parts.onStop(() => panel.stop());
      // Light the active seat at once, not only after the next command.
      playUpdate({ seq: 0, events: [], announcements: [], view: referee.publicView() }, { panel });
    }
    // The Pi's scan button: the active player's card on the tray goes to their palette.
    parts.onStop(gpio.onScan(() => void inputs.scanButton()));

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
      parts.onStop(async () => {
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

/** This machine's IPv4 addresses on its networks, for the tablet's URL. */
function lanAddresses(): string[] {
  return Object.values(networkInterfaces()).flatMap((list) => (list ?? []).filter((a) => a.family === 'IPv4' && !a.internal).map((a) => a.address));
}

/** Re-exported for the `start` command and tests. */
export { VirtualPanel };
