// The host's end of the simulator's pty for the end-to-end suite: opens it with the real
// serialport binding, collects the panel's frames (checking every CRC), and sends host frames.
import { SerialPort } from 'serialport';

/** CRC-8/SMBUS over a string's bytes: poly 0x07, init 0, not reflected, no final XOR. */
export function crc8(body: string): number {
  let crc = 0;
  for (const byte of Buffer.from(body, 'latin1')) {
    crc ^= byte;
    for (let bit = 0; bit < 8; bit++) crc = crc & 0x80 ? ((crc << 1) ^ 0x07) & 0xff : (crc << 1) & 0xff;
  }
  return crc;
}

/** "BODY*CC" for a body, as a correct sender writes it (without the \n). */
export function frame(body: string): string {
  return `${body}*${crc8(body).toString(16).toUpperCase().padStart(2, '0')}`;
}

/** One line the panel sent, with the time it was read and whether its CRC checked out. */
export interface PanelLine {
  text: string;
  body: string;
  crcOk: boolean;
  at: number;
}

/** An open host port on the simulator's pty. */
export class HostPort {
  readonly lines: PanelLine[] = [];
  private partial = '';
  private readonly listeners = new Set<() => void>();
  /** When set, every KEY is acked at once, like a healthy host driver. */
  autoAck = false;

  private constructor(private readonly port: SerialPort) {
    port.on('data', (chunk: Buffer) => this.take(chunk));
  }

  /** Opens path at 115200 baud. */
  static async open(path: string): Promise<HostPort> {
    const port = new SerialPort({ path, baudRate: 115200, autoOpen: false });
    await new Promise<void>((resolve, reject) => port.open((err) => (err ? reject(err) : resolve())));
    return new HostPort(port);
  }

  private take(chunk: Buffer): void {
    this.partial += chunk.toString('latin1');
    let nl: number;
    while ((nl = this.partial.indexOf('\n')) >= 0) {
      const text = this.partial.slice(0, nl);
      this.partial = this.partial.slice(nl + 1);
      const m = /^(.*)\*([0-9A-F]{2})$/.exec(text);
      const body = m?.[1] ?? text;
      const crcOk = !!m && crc8(body) === parseInt(m[2] ?? '', 16);
      this.lines.push({ text, body, crcOk, at: performance.now() });
      const key = /^KEY (\d+) /.exec(body);
      if (this.autoAck && crcOk && key) void this.send(`ACK ${key[1]}`);
    }
    for (const l of this.listeners) l();
  }

  /** Writes a host frame for body (CRC added) and a \n; returns the time it was handed over. */
  async send(body: string): Promise<number> {
    return this.sendRaw(`${frame(body)}\n`);
  }

  /** Writes bytes as they are. */
  async sendRaw(text: string): Promise<number> {
    const at = performance.now();
    await new Promise<void>((resolve, reject) =>
      this.port.write(Buffer.from(text, 'latin1'), (err) => (err ? reject(err) : resolve())),
    );
    await new Promise<void>((resolve, reject) => this.port.drain((err) => (err ? reject(err) : resolve())));
    return at;
  }

  /** Resolves with the first line from index `from` on whose body matches, or rejects after timeoutMs. */
  waitFor(match: RegExp, timeoutMs: number, from = 0): Promise<PanelLine> {
    return new Promise((resolve, reject) => {
      const check = (): boolean => {
        const hit = this.lines.slice(from).find((l) => match.test(l.body));
        if (!hit) return false;
        this.listeners.delete(onData);
        clearTimeout(timer);
        resolve(hit);
        return true;
      };
      const onData = (): void => void check();
      const timer = setTimeout(() => {
        this.listeners.delete(onData);
        reject(new Error(`no line matching ${match} in ${timeoutMs} ms; got ${JSON.stringify(this.lines.slice(from).map((l) => l.text))}`));
      }, timeoutMs);
      this.listeners.add(onData);
      check();
    });
  }

  /** Bodies received since index `from` that match. */
  matching(match: RegExp, from = 0): PanelLine[] {
    return this.lines.slice(from).filter((l) => match.test(l.body));
  }

  /** Closes the port. */
  async close(): Promise<void> {
    if (!this.port.isOpen) return;
    await new Promise<void>((resolve) => this.port.close(() => resolve()));
  }
}

/** Waits ms milliseconds. */
export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
