import { describe, expect, it } from 'vitest';
import { sniffImage } from '../../shared/image-type.ts';

const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');
const JPEG = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10]);

describe('sniffImage', () => {
  it('knows JPEG, PNG and WebP by their first bytes and nothing else', () => {
    expect(sniffImage(JPEG)).toBe('image/jpeg');
    expect(sniffImage(PNG)).toBe('image/png');
    expect(sniffImage(Buffer.from('RIFF\0\0\0\0WEBPVP8 '))).toBe('image/webp');
    expect(sniffImage(Buffer.from('GIF89a'))).toBeNull();
  });

  it('answers null for short, empty and truncated input instead of reading past the end', () => {
    expect(sniffImage(new Uint8Array())).toBeNull();
    expect(sniffImage(JPEG.subarray(0, 2))).toBeNull();
    expect(sniffImage(PNG.subarray(0, 7))).toBeNull();
    expect(sniffImage(Buffer.from('RIFF\0\0\0\0WEB'))).toBeNull();
  });

  it('reads a plain Uint8Array as well as a Buffer', () => {
    expect(sniffImage(new Uint8Array(JPEG))).toBe('image/jpeg');
  });
});
