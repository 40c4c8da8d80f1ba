// Finding programs (espeak-ng, rpicam-vid, ffmpeg) before spawning them, so a missing one is a
// sentence, not an ENOENT stack trace.
import { accessSync, constants, statSync } from 'node:fs';
import { delimiter, isAbsolute, join } from 'node:path';

/** Finds an executable by name on a search path (absolute entries only), or checks a given path; null when there is none. */
export function findExecutable(binary: string, searchPath: string): string | null {
  const candidates = binary.includes('/') ? [binary] : searchPath.split(delimiter).filter(isAbsolute).map((dir) => join(dir, binary));
  for (const candidate of candidates) {
    try {
      if (!statSync(candidate).isFile()) continue;
      accessSync(candidate, constants.X_OK);
      return candidate;
    } catch {
      // not there or not executable: try the next directory
    }
  }
  return null;
}
