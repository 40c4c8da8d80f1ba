// A single uploaded photo as the camera (the dashboard's "upload a photo"): every capture
// returns the last image put in, until another replaces it.
import { CameraError, looksLikeImage, type CameraSource } from './types.ts';

/** Largest upload accepted, bytes: a 1920 × 1080 JPEG is well under this. */
export const MAX_UPLOAD_BYTES = 15 * 1024 * 1024;

/** A CameraSource fed by uploads. */
export class UploadCamera implements CameraSource {
  readonly describe = 'uploaded photo';
  private image: Buffer | null = null;

  /** Nothing to acquire. */
  async start(): Promise<void> {}

  /** Forgets the photo. */
  async stop(): Promise<void> {
    this.image = null;
  }

  /** Replaces the photo; a CameraError for anything that is not a JPEG or PNG of sensible size. */
  put(bytes: Uint8Array): void {
    if (!(bytes instanceof Uint8Array) || bytes.length === 0) throw new CameraError('not-an-image', 'the upload is empty');
    if (bytes.length > MAX_UPLOAD_BYTES) throw new CameraError('not-an-image', `the upload is ${bytes.length} bytes; the limit is ${MAX_UPLOAD_BYTES}`);
    if (!looksLikeImage(bytes)) throw new CameraError('not-an-image', 'the upload is not a JPEG or PNG image');
    this.image = Buffer.from(bytes);
  }

  /** The uploaded photo. */
  async capture(): Promise<Buffer> {
    if (this.image === null) throw new CameraError('no-images', 'no photo has been uploaded yet');
    return this.image;
  }
}
