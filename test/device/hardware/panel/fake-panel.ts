// A fake seat panel for driver unit tests: @serialport/binding-mock underneath, with the
// firmware's side of protocol v1 on top (HELLO on open, heartbeats, KEY re-sends until acked,
// LED and HB acks). It can be unplugged and replugged, go silent, or spit noise.
// MockBinding is taken from `serialport` (SerialPortMock.binding): it is the very
// @serialport/binding-mock module serialport loads, and this way it comes with its types.
import { SerialPortMock } from 'serialport';
import { FrameParser } from '../../../../device/hardware/panel/frame-parser.ts';
import { encodeFrame, type Frame, type KeyFrame, type LedMode, type LedTarget } from '../../../../device/hardware/panel/protocol.ts';
import type { PanelBinding } from '../../../../device/hardware/panel/driver.ts';

/** The @serialport/binding-mock MockBinding. */
export const MockBinding = SerialPortMock.binding;

type PortBinding = Awaited<ReturnType<PanelBinding['open']>>;
type MockPort = Awaited<ReturnType<typeof MockBinding.open>>;

/** Options of the fake panel. */
export interface FakePanelOptions {
  vendorId?: string;
  /** Time from the port opening to the HELLO (the board's reset and bootloader). */
  helloDelayMs?: number;
  /** Send heartbeats every second. */
  heartbeats?: boolean;
}

/** The firmware's half of the link, over a mock port. */
export class FakePanel {
  /** Every frame the host wrote, decoded, with the time it arrived. */
  readonly received: Array<{ frame: Frame; at: number }> = [];
  /** Open attempts, successful or not, with their times. */
  readonly openAttempts: number[] = [];
  leds: Record<LedTarget, LedMode> = { 0: 'OFF', 1: 'OFF', 2: 'OFF', 3: 'OFF', G: 'OFF', R: 'OFF' };
  /** ACKs the host sent for KEY seqs. */
  readonly acks: number[] = [];
  plugged = true;
  silent = false;
  /** Drop the host's next N ACKs, as a noisy line would. */
  dropAcks = 0;
  private port: MockPort | undefined;
  private parser = new FrameParser();
  private seq = 0;
  private timers: NodeJS.Timeout[] = [];
  private unplugNow: ((err: Error) => void) | undefined;
  private readonly unacked = new Map<number, { frame: KeyFrame; sends: number; timer: NodeJS.Timeout }>();
  readonly binding: PanelBinding;

  constructor(readonly path: string, private readonly options: FakePanelOptions = {}) {
    MockBinding.createPort(path, { vendorId: options.vendorId });
    this.binding = { list: () => MockBinding.list(), open: (opts) => this.open(opts) };
  }

  /** True while the host has the port open. */
  get isOpen(): boolean {
    return this.port?.isOpen === true;
  }

  /** Presses a key: sends KEY with the next seq and re-sends it every 250 ms, 8 times at most, until acked. */
  press(seat: KeyFrame['seat'], key: KeyFrame['key'], kind: KeyFrame['kind'] = 'S'): number {
    const frame: KeyFrame = { type: 'KEY', seq: this.nextSeq(), seat, key, kind };
    const entry = { frame, sends: 1, timer: setInterval(() => this.resend(frame.seq), 250) };
    this.unacked.set(frame.seq, entry);
    this.send(frame);
    return frame.seq;
  }

  /** Writes raw bytes to the host (noise, hand-made frames). */
  sendRaw(bytes: Buffer | string): void {
    if (this.port?.isOpen) this.port.emitData(Buffer.isBuffer(bytes) ? bytes : Buffer.from(bytes, 'latin1'));
  }

  /** Pulls the USB cable: reads fail with a disconnect, opening fails until replug(). */
  unplug(): void {
    this.plugged = false;
    this.powerDown();
    this.unplugNow?.(Object.assign(new Error('device disconnected'), { code: 'EIO' }));
  }

  /** Plugs the cable back in. */
  replug(): void {
    this.plugged = true;
  }

  /** Stops every timer of the fake. */
  dispose(): void {
    this.powerDown();
  }

  private powerDown(): void {
    for (const t of this.timers) clearTimeout(t);
    this.timers = [];
    for (const u of this.unacked.values()) clearInterval(u.timer);
    this.unacked.clear();
  }

  private nextSeq(): number {
    this.seq = this.seq >= 255 ? 1 : this.seq + 1;
    return this.seq;
  }

  private resend(seq: number): void {
    const u = this.unacked.get(seq);
    if (u === undefined) return;
    if (u.sends > 8) {
      clearInterval(u.timer);
      this.unacked.delete(seq);
      return;
    }
    u.sends++;
    this.send(u.frame);
  }

  private send(frame: Frame): void {
    if (!this.silent) this.sendRaw(encodeFrame(frame));
  }

  private async open(opts: Parameters<PanelBinding['open']>[0]): Promise<PortBinding> {
    this.openAttempts.push(Date.now());
    if (!this.plugged) throw new Error(`No such file or directory, cannot open ${opts.path}`);
    const inner = await MockBinding.open(opts);
    this.port = inner;
    this.parser = new FrameParser();
    // The board resets when the port opens: LEDs dark, numbering restarts, queue lost.
    this.powerDown();
    this.leds = { 0: 'OFF', 1: 'OFF', 2: 'OFF', 3: 'OFF', G: 'OFF', R: 'OFF' };
    this.seq = 0;
    this.timers.push(setTimeout(() => {
      this.send({ type: 'HELLO', seq: 0, fw: '1.0.0', keys: '4xPCDE+U' });
      if (this.options.heartbeats !== false) {
        this.timers.push(setInterval(() => this.send({ type: 'HB', seq: this.nextSeq() }), 1000));
      }
    }, this.options.helloDelayMs ?? 20));
    let unplugged: Promise<never> | undefined;
    const panel = this;
    return {
      get openOptions() { return inner.openOptions; },
      get isOpen() { return inner.isOpen; },
      read(buffer, offset, length) {
        unplugged ??= new Promise<never>((_, reject) => { panel.unplugNow = reject; });
        return Promise.race([inner.read(buffer, offset, length), unplugged]);
      },
      async write(buffer) {
        if (!panel.plugged) throw new Error('device disconnected');
        await inner.write(buffer);
        panel.onHostBytes(buffer);
      },
      async close() {
        // Nobody listens any more: the fake stops talking (its timers would only pile up).
        panel.powerDown();
        await inner.close();
      },
      update: (o) => inner.update(o),
      set: (o) => inner.set(o),
      get: () => inner.get(),
      getBaudRate: () => inner.getBaudRate(),
      flush: () => inner.flush(),
      drain: () => inner.drain(),
    };
  }

  private onHostBytes(bytes: Buffer): void {
    for (const out of this.parser.push(bytes)) {
      if (out.kind !== 'frame') continue;
      const frame = out.frame;
      this.received.push({ frame, at: Date.now() });
      if (frame.type === 'ACK') {
        if (this.dropAcks > 0) {
          this.dropAcks--;
          continue;
        }
        this.acks.push(frame.seq);
        const u = this.unacked.get(frame.seq);
        if (u !== undefined) {
          clearInterval(u.timer);
          this.unacked.delete(frame.seq);
        }
      } else if (frame.type === 'LED') {
        this.leds[frame.target] = frame.mode;
        this.send({ type: 'ACK', seq: frame.seq });
      } else if (frame.type === 'HB') {
        this.send({ type: 'ACK', seq: frame.seq });
      }
    }
  }
}
