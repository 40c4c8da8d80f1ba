import { afterEach, describe, expect, it } from 'vitest';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { UsbCamera } from '../../../../device/hardware/camera/index.ts';
import { addFake, makeFakeBin, streamingBody, type FakeBin } from './fake-bin.ts';

let bin: FakeBin | null = null;
let camera: UsbCamera | null = null;
afterEach(async () => {
  await camera?.stop();
  camera = null;
  if (bin) rmSync(bin.dir, { recursive: true, force: true });
  bin = null;
});

describe('USB camera source', () => {
  it('asks ffmpeg for MJPG from the v4l2 device and returns its frames', async () => {
    bin = await makeFakeBin();
    const device = join(bin.dir, 'video0');
    writeFileSync(device, '');
    addFake(bin, 'ffmpeg', streamingBody(bin));
    camera = new UsbCamera({ device, width: 800, height: 600, path: bin.path });
    await camera.start();
    expect(await camera.capture()).toEqual(bin.jpeg);
    const args = readFileSync(bin.argsFile, 'utf8');
    expect(args).toContain('-f v4l2 -input_format mjpeg -video_size 800x600');
    expect(args).toContain(`-i ${device}`);
  });

  it('says the device is missing when there is no such /dev/video', async () => {
    camera = new UsbCamera({ device: '/dev/video-none-here' });
    await expect(camera.start()).rejects.toMatchObject({ code: 'no-device', message: expect.stringMatching(/does not exist: plug in the USB camera/) });
  });

  it('says ffmpeg is missing when it is not installed', async () => {
    bin = await makeFakeBin();
    const device = join(bin.dir, 'video0');
    writeFileSync(device, '');
    camera = new UsbCamera({ device, path: bin.path });
    await expect(camera.start()).rejects.toThrow(/ffmpeg was not found on PATH: install ffmpeg/);
  });

  it('gives up on a camera that sends nothing, with a message', async () => {
    bin = await makeFakeBin();
    const device = join(bin.dir, 'video0');
    writeFileSync(device, '');
    addFake(bin, 'ffmpeg', 'sleep 5');
    camera = new UsbCamera({ device, path: bin.path, timeoutMs: 400 });
    await camera.start();
    await expect(camera.capture()).rejects.toThrow(/no frame within 400 ms/);
  });
});
