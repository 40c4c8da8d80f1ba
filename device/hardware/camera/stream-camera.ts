// A camera that runs one long-lived process writing MJPEG to stdout (rpicam-vid, ffmpeg) and
// keeps the newest frame; capture() waits for a frame that arrived after it was called, so a
// scan never returns a picture taken before the card was laid down.
import { spawn, type ChildProcess } from 'node:child_process';
import { MjpegSplitter } from './mjpeg-splitter.ts';
import { CameraError, type CameraSource } from './types.ts';

export interface StreamCameraSpec {
  describe: string;
  command: string;
  args: string[];
  /** Time allowed for a frame before capture() gives up, ms. */
  timeoutMs: number;
}

/** A CameraSource over a process that streams MJPEG frames. */
export class StreamCamera implements CameraSource {
  readonly describe: string;
  private child: ChildProcess | null = null;
  private waiters: Array<(jpeg: Buffer) => void> = [];
  private stderrTail = '';
  private exited: string | null = null;

  constructor(private readonly spec: StreamCameraSpec) {
    this.describe = spec.describe;
  }

  /** Starts the streaming process. */
  async start(): Promise<void> {
    if (this.child !== null) return;
    this.exited = null;
    const splitter = new MjpegSplitter((jpeg) => {
      const waiting = this.waiters;
      this.waiters = [];
      for (const w of waiting) w(jpeg);
    });
    const child = spawn(this.spec.command, this.spec.args, { stdio: ['ignore', 'pipe', 'pipe'] });
    this.child = child;
    child.stdout!.on('data', (chunk: Buffer) => splitter.push(chunk));
    child.stderr!.on('data', (chunk: Buffer) => {
      this.stderrTail = (this.stderrTail + chunk.toString('utf8')).slice(-600);
    });
    child.on('error', (err) => {
      this.exited = err.message;
    });
    child.on('exit', (code, signal) => {
      this.exited = `exited with ${signal ?? `code ${code}`}`;
      if (this.child === child) this.child = null;
    });
  }

  /** Stops the streaming process. */
  async stop(): Promise<void> {
    const child = this.child;
    this.child = null;
    if (child === null || child.exitCode !== null) return;
    await new Promise<void>((resolve) => {
      const timer = setTimeout(() => child.kill('SIGKILL'), 2000);
      child.once('exit', () => {
        clearTimeout(timer);
        resolve();
      });
      child.kill('SIGTERM');
    });
  }

  /** The next whole frame from the stream. */
  capture(): Promise<Buffer> {
    if (this.child === null) {
      const why = this.exited !== null ? `${this.spec.command} ${this.exited}${this.stderrTail ? `: ${this.stderrTail.trim()}` : ''}` : 'call start() first';
      return Promise.reject(new CameraError(this.exited !== null ? 'capture-failed' : 'not-started', `${this.describe}: no frames (${why})`));
    }
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.waiters = this.waiters.filter((w) => w !== got);
        const tail = this.stderrTail.trim();
        reject(new CameraError('capture-failed', `${this.describe}: no frame within ${this.spec.timeoutMs} ms${this.exited ? ` (${this.spec.command} ${this.exited})` : ''}${tail ? `: ${tail}` : ''}`));
      }, this.spec.timeoutMs);
      const got = (jpeg: Buffer): void => {
        clearTimeout(timer);
        resolve(jpeg);
      };
      this.waiters.push(got);
    });
  }
}
