// The camera interface every source implements: constructors do nothing, start() acquires
// the device or process, capture() returns one JPEG (or PNG) frame, stop() releases it.
import { sniffImage } from '../../../shared/image-type.ts';

/** One source of frames of the scan tray. */
export interface CameraSource {
  /** A line for the console and logs: what this source is. */
  readonly describe: string;
  start(): Promise<void>;
  stop(): Promise<void>;
  /** One frame as encoded image bytes (JPEG from cameras; JPEG or PNG from files). */
  capture(): Promise<Buffer>;
}

export type CameraErrorCode = 'missing-binary' | 'no-device' | 'not-started' | 'capture-failed' | 'no-images' | 'not-an-image';

/** A camera failure with a code the caller can act on and a message a person can. */
export class CameraError extends Error {
  override name = 'CameraError';
  constructor(readonly code: CameraErrorCode, message: string) {
    super(message);
  }
}

/** True for bytes that start like a JPEG or a PNG, the frames a camera delivers. */
export function looksLikeImage(bytes: Uint8Array): boolean {
  const type = sniffImage(bytes);
  return type === 'image/jpeg' || type === 'image/png';
}
