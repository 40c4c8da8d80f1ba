// The camera programs (rpicam-still, rpicam-vid, ffmpeg) are found before they are spawned, and a
// missing one is a CameraError naming the package to install.
import { findExecutable } from '../executables.ts';
import { CameraError } from './types.ts';

/** The full path of an executable on PATH, or a CameraError naming the package to install. */
export function requireExecutable(name: string, installHint: string, path = process.env.PATH ?? ''): string {
  const found = findExecutable(name, path);
  if (found === null) throw new CameraError('missing-binary', `${name} was not found on PATH: ${installHint}`);
  return found;
}
