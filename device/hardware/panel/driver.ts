// The seat panel on a serial port: opens it (configured or auto-detected), waits for the
// panel's HELLO, acks and emits key events, keeps the LEDs, and reconnects by itself with
// backoff when the board is unplugged, errors or goes silent. All protocol decisions are in
// link.ts; this file only moves bytes, keeps timers and reports.
import { EventEmitter } from 'node:events';
import { pino, type Logger } from 'pino';
import { SerialPort } from 'serialport';
import { SerialPortStream } from '@serialport/stream';
import { FrameParser, describeBytes, type DiscardedChunk } from './frame-parser.ts';
import { DEFAULT_LINK_TIMING, initialLinkState, linkStep, type LinkEffect, type LinkInput, type LinkPhase, type LinkState, type LinkTiming } from './link.ts';
import { encodeFrame, ledProblem, type LedMode, type LedTarget } from './protocol.ts';
import { BAUD, backoffDelay, invalidOptions, type PanelBinding, type PanelDriverEvents, type PanelDriverOptions, type PanelStats } from './driver-options.ts';
import { keyEventFromFrame } from './key-event.ts';
import { findPanelPorts } from './port-detect.ts';
import type { SeatPanel } from './seat-panel.ts';

export type { PanelBinding, PanelDriverEvents, PanelDriverOptions, PanelStats } from './driver-options.ts';

const NOISE_WARN_INTERVAL_MS = 10_000;

// Link timing runs on the monotonic clock: a Pi without a real-time clock jumps its wall clock
// when NTP answers after boot, which would fake a dead link or stall the heartbeat.
const monotonic = (): number => performance.now();

/** The seat panel's host driver; the constructor only stores options, `start()` does the work. */
export class PanelDriver extends EventEmitter<PanelDriverEvents> implements SeatPanel {
  readonly stats: PanelStats = { frames: 0, keys: 0, duplicates: 0, discardedChunks: 0, discardedBytes: 0, opens: 0, hellos: 0 };
  private readonly options: PanelDriverOptions;
  private readonly timing: LinkTiming;
  private readonly parser = new FrameParser();
  private log: Logger | undefined;
  private link: LinkState = initialLinkState();
  private port: SerialPortStream | undefined;
  private portPath: string | undefined;
  private running = false;
  /** Bumped by stop(): an open still in flight from before belongs to an old run. */
  private generation = 0;
  private failures = 0;
  private candidate = 0;
  private tickTimer: NodeJS.Timeout | undefined;
  private reconnectTimer: NodeJS.Timeout | undefined;
  private helloOnThisPort = false;
  private atOpen = { frames: 0, discardedChunks: 0 };
  private noiseSinceWarn = 0;
  private lastNoiseWarnAt = -Infinity;

  constructor(options: PanelDriverOptions = {}) {
    super();
    this.options = options;
    this.timing = { ...DEFAULT_LINK_TIMING, ...options.timing };
  }

  /** The link's phase: closed, waitingHello or up. */
  get phase(): LinkPhase {
    return this.link.phase;
  }

  /** The port in use, if one is open. */
  get path(): string | undefined {
    return this.portPath;
  }

  /** The LED state that is shown (or will be after the next HELLO). */
  get leds(): Readonly<Record<LedTarget, LedMode>> {
    return this.link.leds;
  }

  /** Starts connecting (and keeps reconnecting) until stop(); resolves at once, panel or not. */
  async start(): Promise<void> {
    if (this.running) return;
    const problem = invalidOptions(this.options);
    if (problem !== null) throw new TypeError(`panel driver: ${problem}`);
    this.running = true;
    this.log ??= this.options.logger ?? pino({ name: 'panel', level: process.env.RED7_LOG_LEVEL ?? 'info' });
    this.tickTimer = setInterval(() => this.apply({ type: 'tick', now: monotonic() }), this.options.tickMs ?? 50);
    void this.connect();
  }

  /** Closes the port and stops every timer; the LED state is kept for a later start(). */
  async stop(): Promise<void> {
    if (!this.running) return;
    this.running = false;
    this.generation++;
    clearInterval(this.tickTimer);
    clearTimeout(this.reconnectTimer);
    const port = this.port;
    if (port !== undefined) await this.dropPort(port, 'the driver was stopped');
  }

  /** Sets an LED ("0"–"3" seat, "G"/"R" status) ON, OFF or BLINK; kept and re-sent after every HELLO. */
  setLed(target: LedTarget, mode: LedMode): void {
    const problem = ledProblem(target, mode);
    if (problem !== null) throw new TypeError(problem);
    this.apply({ type: 'setLed', target, mode, now: monotonic() });
  }

  /** Resolves when the link is up (now or later); rejects after `timeoutMs`. */
  waitUntilUp(timeoutMs: number): Promise<void> {
    if (this.link.phase === 'up') return Promise.resolve();
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.off('up', onUp);
        reject(new Error(`the panel did not say HELLO within ${timeoutMs} ms`));
      }, timeoutMs);
      const onUp = (): void => {
        clearTimeout(timer);
        resolve();
      };
      this.once('up', onUp);
    });
  }

  private async connect(): Promise<void> {
    this.reconnectTimer = undefined;
    if (!this.running || this.port !== undefined) return;
    try {
      await this.tryConnect();
    } catch (err) {
      // A binding that throws instead of failing the open: same remedy, try again later.
      this.log?.warn({ err: err instanceof Error ? err.message : String(err) }, 'cannot connect to the panel');
      this.scheduleReconnect();
    }
  }

  private async tryConnect(): Promise<void> {
    const generation = this.generation;
    let path = this.options.path;
    if (path === undefined) {
      const binding = this.binding();
      const candidates = await (this.options.findPorts ?? (() => findPanelPorts({ list: () => binding.list() })))()
        .catch(() => [] as string[]);
      // Rotate through candidates so one silent non-panel board cannot hide the panel.
      path = candidates[this.candidate++ % Math.max(1, candidates.length)];
      if (path === undefined) {
        // Said once at warn (the panel is missing), then quietly while the driver keeps looking.
        this.log?.[this.failures === 0 ? 'warn' : 'debug']('no Arduino-class serial port found; still looking');
        return this.scheduleReconnect();
      }
    }
    if (!this.running || generation !== this.generation) return;
    const port = new SerialPortStream({ binding: this.binding(), path, baudRate: this.options.baudRate ?? BAUD, autoOpen: false });
    port.open((err) => {
      if (generation !== this.generation) {
        if (!err) port.close(() => undefined);
        return;
      }
      if (err) {
        this.log?.[this.failures === 0 ? 'warn' : 'debug']({ path, err: err.message }, 'cannot open the panel port; retrying');
        return this.scheduleReconnect();
      }
      if (!this.running) {
        port.close(() => undefined);
        return;
      }
      this.attach(port, path);
    });
  }

  private attach(port: SerialPortStream, path: string): void {
    this.port = port;
    this.portPath = path;
    this.stats.opens++;
    this.atOpen = { frames: this.stats.frames, discardedChunks: this.stats.discardedChunks };
    this.parser.reset();
    this.log?.info({ path }, 'panel port open; waiting for HELLO');
    port.on('data', (chunk: Buffer) => this.onData(port, chunk));
    port.on('error', (err: Error) => {
      this.log?.warn({ path, err: err.message }, 'panel port error');
      void this.dropPort(port, `port error: ${err.message}`);
    });
    // A read of zero bytes ends the stream without closing the port (a pty whose other side went).
    port.on('end', () => void this.dropPort(port, 'the port reached its end'));
    port.on('close', (err: (Error & { disconnected?: boolean }) | null) => {
      void this.dropPort(port, err?.disconnected ? 'the panel was unplugged' : 'the port closed');
    });
    this.apply({ type: 'opened', now: monotonic() });
  }

  private onData(port: SerialPortStream, chunk: Buffer): void {
    if (port !== this.port) return;
    for (const out of this.parser.push(chunk)) {
      if (out.kind === 'frame') {
        this.stats.frames++;
        this.apply({ type: 'frame', frame: out.frame, now: monotonic() });
      } else this.onDiscarded(out.chunk);
    }
  }

  private onDiscarded(chunk: DiscardedChunk): void {
    this.stats.discardedChunks++;
    this.stats.discardedBytes += chunk.bytes.length;
    this.noiseSinceWarn++;
    this.log?.debug({ reason: chunk.reason, detail: chunk.detail, bytes: describeBytes(chunk.bytes) }, 'discarded line noise');
    const now = monotonic();
    // One warning per interval: a flaky cable must not flood the log.
    if (now - this.lastNoiseWarnAt >= NOISE_WARN_INTERVAL_MS) {
      this.log?.warn({ chunks: this.noiseSinceWarn, last: chunk.reason }, 'line noise on the panel link');
      this.lastNoiseWarnAt = now;
      this.noiseSinceWarn = 0;
    }
    this.safeEmit('discarded', chunk);
  }

  private apply(input: LinkInput): void {
    const step = linkStep(this.link, input, this.timing);
    this.link = step.state;
    for (const effect of step.effects) this.carryOut(effect);
  }

  private carryOut(effect: LinkEffect): void {
    switch (effect.type) {
      case 'send':
        this.port?.write(encodeFrame(effect.frame));
        return;
      case 'key':
        this.stats.keys++;
        this.safeEmit('key', keyEventFromFrame(effect.frame, Date.now()));
        return;
      case 'duplicate':
        this.stats.duplicates++;
        this.log?.debug({ seq: effect.frame.seq }, 'duplicate KEY acknowledged again');
        return;
      case 'up':
        this.stats.hellos++;
        this.failures = 0;
        this.helloOnThisPort = true;
        this.log?.info({ path: this.portPath, fw: effect.hello.fw, keys: effect.hello.keys }, 'panel link up');
        this.safeEmit('up', { path: this.portPath ?? '', fw: effect.hello.fw, keys: effect.hello.keys });
        return;
      case 'dead': {
        // What came in since the open tells a silent cable from a board that talks another way.
        const framesSinceOpen = this.stats.frames - this.atOpen.frames;
        const noiseSinceOpen = this.stats.discardedChunks - this.atOpen.discardedChunks;
        const hint = this.helloOnThisPort ? undefined
          : noiseSinceOpen > 0 && framesSinceOpen === 0 ? 'only line noise: not a panel, or not at 115200 baud?'
          : framesSinceOpen > 0 ? 'frames but no HELLO: the board did not reset when the port opened; reopening'
          : 'nothing at all: is the panel powered and its firmware flashed?';
        this.log?.warn({ path: this.portPath, reason: effect.reason, framesSinceOpen, noiseSinceOpen, hint }, 'panel link dead; reconnecting');
        if (this.port !== undefined) void this.dropPort(this.port, effect.reason);
        return;
      }
      case 'ignored':
        this.log?.debug({ frame: effect.frame, why: effect.why }, 'panel frame ignored');
        return;
      case 'ledFailed':
        this.log?.warn({ target: effect.target, mode: effect.mode }, 'panel never acknowledged an LED command');
        return;
    }
  }

  // Listeners are the app's code: one that throws is logged, and the link goes on (the ACK of a
  // key is still sent, so a buggy listener cannot make the panel re-send forever).
  private safeEmit<K extends keyof PanelDriverEvents>(event: K, ...args: PanelDriverEvents[K]): void {
    try {
      (this.emit as (e: K, ...a: PanelDriverEvents[K]) => boolean)(event, ...args);
    } catch (err) {
      this.log?.error({ event, err: err instanceof Error ? err.message : String(err) }, 'panel event listener failed');
    }
  }

  private async dropPort(port: SerialPortStream, reason: string): Promise<void> {
    if (port !== this.port) return;
    // The link may already be closed (a dead link closes itself), so ask whether it ever came up.
    const wasUp = this.helloOnThisPort;
    this.helloOnThisPort = false;
    this.port = undefined;
    this.portPath = undefined;
    for (const out of this.parser.flush()) if (out.kind === 'discarded') this.onDiscarded(out.chunk);
    this.apply({ type: 'closed', now: monotonic() });
    port.removeAllListeners('data');
    // A write cut short by the close is expected now, but a late 'error' must still have a
    // listener, or Node would throw it.
    port.removeAllListeners('error');
    port.on('error', (err: Error) => this.log?.debug({ err: err.message }, 'error from a closing panel port'));
    if (port.isOpen) await new Promise<void>((resolve) => port.close(() => resolve()));
    this.log?.info({ reason }, 'panel port closed');
    if (wasUp) this.safeEmit('down', { reason });
    this.scheduleReconnect();
  }

  private scheduleReconnect(): void {
    if (!this.running || this.reconnectTimer !== undefined || this.port !== undefined) return;
    const delay = backoffDelay(this.failures, this.options.backoff);
    this.failures++;
    this.reconnectTimer = setTimeout(() => void this.connect(), delay);
  }

  private binding(): PanelBinding {
    return this.options.binding ?? SerialPort.binding;
  }
}
