// A USB (UVC) camera through ffmpeg's v4l2 input. MJPG is asked for because UVC cameras send
// full-resolution frames only compressed over USB 2; the frames are passed through untouched.
import { existsSync } from 'node:fs';
import { requireExecutable } from './executables.ts';
import { StreamCamera } from './stream-camera.ts';
import { CameraError, type CameraSource } from './types.ts';

export interface UsbCameraOptions {
  device?: string;
  width?: number;
  height?: number;
  timeoutMs?: number;
  path?: string;
}

/** A v4l2 camera as a CameraSource. */
export class UsbCamera implements CameraSource {
  readonly describe: string;
  private stream: StreamCamera | null = null;
  private readonly o: Required<UsbCameraOptions>;

  constructor(options: UsbCameraOptions = {}) {
    this.o = { device: '/dev/video0', width: 1280, height: 960, timeoutMs: 5000, path: process.env.PATH ?? '', ...options };
    this.describe = `USB camera ${this.o.device} (ffmpeg v4l2 MJPG ${this.o.width}×${this.o.height})`;
  }

  /** Checks the device and ffmpeg, then starts streaming. */
  async start(): Promise<void> {
    if (!existsSync(this.o.device)) {
      throw new CameraError('no-device', `${this.o.device} does not exist: plug in the USB camera, or set cameraDevice (ls /dev/video*)`);
    }
    const command = requireExecutable('ffmpeg', 'install ffmpeg (sudo apt install ffmpeg) or choose another camera source', this.o.path);
    const args = ['-hide_banner', '-loglevel', 'error', '-f', 'v4l2', '-input_format', 'mjpeg',
      '-video_size', `${this.o.width}x${this.o.height}`, '-i', this.o.device, '-c:v', 'copy', '-f', 'mjpeg', '-'];
    this.stream = new StreamCamera({ describe: this.describe, command, args, timeoutMs: this.o.timeoutMs });
    await this.stream.start();
  }

  /** Stops ffmpeg. */
  async stop(): Promise<void> {
    await this.stream?.stop();
    this.stream = null;
  }

  /** The next frame from the camera. */
  async capture(): Promise<Buffer> {
    if (this.stream === null) throw new CameraError('not-started', `${this.describe}: call start() first`);
    return this.stream.capture();
  }
}
