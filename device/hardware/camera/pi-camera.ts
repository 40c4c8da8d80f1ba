// The Raspberry Pi camera through rpicam-apps. White balance is fixed with --awbgains because
// automatic white balance drifts with the card in view (a red card pulls the picture blue);
// the classifier normalises per card, but only a fixed gain keeps frames comparable.
import { spawn } from 'node:child_process';
import { requireExecutable } from './executables.ts';
import { StreamCamera } from './stream-camera.ts';
import { CameraError, looksLikeImage, type CameraSource } from './types.ts';

export interface PiCameraOptions {
  /** "still": one rpicam-still run per capture (slow, full quality); "video": a running rpicam-vid MJPEG stream. */
  mode?: 'still' | 'video';
  width?: number;
  height?: number;
  /** Fixed red,blue gains, e.g. "1.8,1.6". */
  awbGains?: string;
  timeoutMs?: number;
  /** PATH to search (tests put fakes first). */
  path?: string;
}

const HINT = 'install the Raspberry Pi camera apps (sudo apt install rpicam-apps) or choose another camera source';

/** Checks the gains text: two positive decimals separated by a comma. */
export function parseAwbGains(text: string): [number, number] {
  const m = /^(\d+(?:\.\d+)?),(\d+(?:\.\d+)?)$/.exec(text.trim());
  if (m === null || Number(m[1]) <= 0 || Number(m[2]) <= 0) throw new CameraError('capture-failed', `white-balance gains must be "red,blue" like "1.8,1.6", not "${text}"`);
  return [Number(m[1]), Number(m[2])];
}

/** The Pi camera as a CameraSource. */
export class PiCamera implements CameraSource {
  readonly describe: string;
  private stream: StreamCamera | null = null;
  private still: string | null = null;
  private readonly o: Required<PiCameraOptions>;

  constructor(options: PiCameraOptions = {}) {
    this.o = { mode: 'video', width: 1280, height: 960, awbGains: '1.8,1.6', timeoutMs: 5000, path: process.env.PATH ?? '', ...options };
    parseAwbGains(this.o.awbGains);
    this.describe = `Pi camera (rpicam-${this.o.mode === 'still' ? 'still' : 'vid'}, ${this.o.width}×${this.o.height}, awb gains ${this.o.awbGains})`;
  }

  private common(): string[] {
    return ['-n', '--width', String(this.o.width), '--height', String(this.o.height), '--awbgains', this.o.awbGains, '-o', '-'];
  }

  /** Finds the rpicam program and, in video mode, starts the stream. */
  async start(): Promise<void> {
    if (this.o.mode === 'still') {
      this.still = requireExecutable('rpicam-still', HINT, this.o.path);
      return;
    }
    const command = requireExecutable('rpicam-vid', HINT, this.o.path);
    this.stream = new StreamCamera({ describe: this.describe, command, args: ['-t', '0', '--codec', 'mjpeg', ...this.common()], timeoutMs: this.o.timeoutMs });
    await this.stream.start();
  }

  /** Stops the stream, if any. */
  async stop(): Promise<void> {
    await this.stream?.stop();
    this.stream = null;
    this.still = null;
  }

  /** One JPEG frame. */
  async capture(): Promise<Buffer> {
    if (this.stream !== null) return this.stream.capture();
    if (this.still === null) throw new CameraError('not-started', `${this.describe}: call start() first`);
    return runStill(this.still, ['--immediate', '-t', '1', '--encoding', 'jpg', ...this.common()], this.o.timeoutMs);
  }
}

function runStill(command: string, args: string[], timeoutMs: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    const out: Buffer[] = [];
    let err = '';
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.stdout.on('data', (c: Buffer) => out.push(c));
    child.stderr.on('data', (c: Buffer) => { err = (err + c.toString('utf8')).slice(-600); });
    child.on('error', (e) => { clearTimeout(timer); reject(new CameraError('capture-failed', `rpicam-still failed to start: ${e.message}`)); });
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      const jpeg = Buffer.concat(out);
      if (code === 0 && looksLikeImage(jpeg)) return resolve(jpeg);
      const why = signal === 'SIGKILL' ? `no picture within ${timeoutMs} ms` : code !== 0 ? `exit code ${code}` : 'its output is not a JPEG';
      const noCamera = /no cameras available/i.test(err);
      reject(new CameraError(noCamera ? 'no-device' : 'capture-failed', `rpicam-still: ${noCamera ? 'no camera is connected (check the ribbon cable and camera_auto_detect)' : why}${err.trim() ? `: ${err.trim()}` : ''}`));
    });
  });
}
