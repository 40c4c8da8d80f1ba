// Finding camera programs on PATH before spawning them, so a missing rpicam-still or ffmpeg is a
// sentence ("install rpicam-apps"), not an ENOENT stack trace.
import { accessSync, constants } from 'node:fs';
import { delimiter, join } from 'node:path';
import { CameraError } from './types.ts';

/** The full path of an executable on PATH, or a CameraError naming the package to install. */
export function findExecutable(name: string, installHint: string, path = process.env.PATH ?? ''): string {
  for (const dir of path.split(delimiter)) {
    if (dir === '') continue;
    const candidate = join(dir, name);
    try {
      accessSync(candidate, constants.X_OK);
      return candidate;
    } catch {
      // not in this directory
    }
  }
  throw new CameraError('missing-binary', `${name} was not found on PATH: ${installHint}`);
}
