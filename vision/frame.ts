// Decoding a camera frame: any JPEG or PNG up to 1920 × 1080 is shrunk (libjpeg's shrink-on-load
// makes this cheap) to a working image whose long side is WORK_SIZE, the scale the locator and
// the training scenes share.
import sharp from 'sharp';
import type { RawImage } from './image.ts';

/** The long side of the working image, in pixels. */
export const WORK_SIZE = 384;

/** Thrown for bytes that are not a decodable image. */
export class NotAnImageError extends Error {
  override name = 'NotAnImageError';
}

/** Decodes an image buffer to an RGB working image; NotAnImageError for anything sharp cannot read. */
export function decodeFrame(bytes: Uint8Array): Promise<RawImage> {
  return decodeImage(bytes, WORK_SIZE, true);
}

/**
 * Decodes an image buffer to RGB with its long side at `longSide` (`enlarge`: a smaller image is
 * scaled up to it; else it keeps its own size); NotAnImageError for anything sharp cannot read.
 */
export async function decodeImage(bytes: Uint8Array, longSide: number, enlarge: boolean): Promise<RawImage> {
  if (!(bytes instanceof Uint8Array) || bytes.length < 8) throw new NotAnImageError('not an image: fewer than 8 bytes');
  try {
    const { data, info } = await sharp(bytes, { failOn: 'error' })
      .resize(longSide, longSide, { fit: 'inside', withoutEnlargement: !enlarge, kernel: 'linear' })
      .removeAlpha()
      .toColourspace('srgb')
      .raw()
      .toBuffer({ resolveWithObject: true });
    return { data: new Uint8Array(data.buffer, data.byteOffset, data.length), width: info.width, height: info.height, channels: 3 };
  } catch (err) {
    throw new NotAnImageError(`not an image sharp can read (${(err as Error).message.split('\n')[0]})`);
  }
}
