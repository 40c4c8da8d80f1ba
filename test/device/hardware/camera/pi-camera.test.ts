import { afterEach, describe, expect, it } from 'vitest';
import { readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { CameraError, PiCamera, parseAwbGains } from '../../../../device/hardware/camera/index.ts';
import { addFake, makeFakeBin, streamingBody, type FakeBin } from './fake-bin.ts';

let bin: FakeBin | null = null;
let camera: PiCamera | null = null;
afterEach(async () => {
  await camera?.stop();
  camera = null;
  if (bin) rmSync(bin.dir, { recursive: true, force: true });
  bin = null;
});

describe('Pi camera source', () => {
  it('takes a still with rpicam-still and fixed white-balance gains', async () => {
    bin = await makeFakeBin();
    addFake(bin, 'rpicam-still', `cat "${join(bin.dir, 'frame.jpg')}"`);
    camera = new PiCamera({ mode: 'still', awbGains: '2.1,1.4', width: 640, height: 480, path: bin.path });
    await camera.start();
    expect(await camera.capture()).toEqual(bin.jpeg);
    const args = readFileSync(bin.argsFile, 'utf8');
    expect(args).toContain('--awbgains 2.1,1.4');
    expect(args).toContain('--width 640 --height 480');
    expect(args).toContain('-o -');
  });

  it('streams MJPEG from rpicam-vid and returns whole frames', async () => {
    bin = await makeFakeBin();
    addFake(bin, 'rpicam-vid', streamingBody(bin));
    camera = new PiCamera({ mode: 'video', path: bin.path });
    await camera.start();
    const a = await camera.capture();
    const b = await camera.capture();
    expect(a).toEqual(bin.jpeg);
    expect(b).toEqual(bin.jpeg);
    const args = readFileSync(bin.argsFile, 'utf8');
    expect(args).toContain('--codec mjpeg');
    expect(args).toContain('--awbgains 1.8,1.6');
  });

  it('says which package to install when rpicam-apps is missing', async () => {
    bin = await makeFakeBin();
    camera = new PiCamera({ mode: 'still', path: bin.path });
    await expect(camera.start()).rejects.toThrow(/rpicam-still was not found on PATH: install the Raspberry Pi camera apps/);
    camera = new PiCamera({ mode: 'video', path: bin.path });
    await expect(camera.start()).rejects.toMatchObject({ code: 'missing-binary' });
  });

  it('reports a missing camera clearly when rpicam-still finds none', async () => {
    bin = await makeFakeBin();
    addFake(bin, 'rpicam-still', `echo "ERROR: *** no cameras available ***" >&2; exit 255`);
    camera = new PiCamera({ mode: 'still', path: bin.path });
    await camera.start();
    await expect(camera.capture()).rejects.toMatchObject({ code: 'no-device', message: expect.stringMatching(/no camera is connected/) });
  });

  it('reports a stream that died instead of waiting for ever', async () => {
    bin = await makeFakeBin();
    addFake(bin, 'rpicam-vid', `echo "failed to open camera" >&2; exit 1`);
    camera = new PiCamera({ mode: 'video', path: bin.path, timeoutMs: 1500 });
    await camera.start();
    await new Promise((r) => setTimeout(r, 300));
    await expect(camera.capture()).rejects.toThrow(/failed to open camera/);
  });

  it('refuses to capture before start', async () => {
    camera = new PiCamera({ mode: 'still' });
    await expect(camera.capture()).rejects.toBeInstanceOf(CameraError);
  });

  it('checks the white-balance gains text', () => {
    expect(parseAwbGains('1.8,1.6')).toEqual([1.8, 1.6]);
    expect(() => parseAwbGains('warm')).toThrow(/red,blue/);
    expect(() => new PiCamera({ awbGains: '1.8' })).toThrow(/red,blue/);
  });
});
