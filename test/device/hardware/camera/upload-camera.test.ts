import { describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { UploadCamera, MAX_UPLOAD_BYTES } from '../../../../device/hardware/camera/index.ts';

describe('uploaded photo source', () => {
  it('returns the last uploaded photo on every capture', async () => {
    const camera = new UploadCamera();
    await camera.start();
    const a = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#f00' } }).png().toBuffer();
    const b = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#0f0' } }).jpeg().toBuffer();
    camera.put(a);
    expect(await camera.capture()).toEqual(a);
    camera.put(b);
    expect(await camera.capture()).toEqual(b);
    expect(await camera.capture()).toEqual(b);
  });

  it('says no photo has been uploaded yet', async () => {
    await expect(new UploadCamera().capture()).rejects.toMatchObject({ code: 'no-images', message: 'no photo has been uploaded yet' });
  });

  it('refuses uploads that are empty, too big or not JPEG/PNG', () => {
    const camera = new UploadCamera();
    expect(() => camera.put(Buffer.alloc(0))).toThrow(/empty/);
    expect(() => camera.put(Buffer.from('GIF89a....'))).toThrow(/not a JPEG or PNG/);
    const big = Buffer.alloc(MAX_UPLOAD_BYTES + 1);
    big[0] = 0xff; big[1] = 0xd8; big[2] = 0xff;
    expect(() => camera.put(big)).toThrow(/limit/);
  });
});
