// The memory settings of a process that reads cards. Reading a frame makes about 2.5 MB of
// short-lived objects and a few megabytes of short-lived buffers. Left to itself, V8 grows its
// young generation towards three 16 MB spaces, and the old generation fills with what the
// scavenges promote until a full collection, so a process reading frames over and over crept past
// the memory budget. Held at its starting size, the young generation is scavenged a little more
// often, and the process stays well inside it (vision/README.md has the measurements).
import v8 from 'node:v8';

/**
 * Stops V8 growing the young generation, for the whole process. CardClassifier.load calls it, so
 * it takes effect before the first frame; calling it again changes nothing.
 */
export function keepYoungGenerationSmall(): void {
  // A growth factor of 1 leaves the semi-space at its starting size. The flag is read whenever
  // the young generation would grow, so setting it after start-up takes effect.
  v8.setFlagsFromString('--semi-space-growth-factor=1');
}
