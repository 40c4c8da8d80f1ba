// The memory settings of a process that reads cards. Reading a frame makes a few megabytes of
// short-lived objects and buffers.
// - The young generation: left to itself, V8 grows it towards three 16 MB spaces, and the old
//   generation fills with what the scavenges promote until a full collection, so a process
//   reading frames over and over crept past the memory budget. Held at its starting size, it is
//   scavenged a little more often, and the process stays well inside the budget.
// - The old generation: after a full collection V8 sets the next one's limit at what survived
//   times a factor it picks from how fast the collector ran. On a busy machine it often left less
//   room than the young generation holds, so marking ran almost all the time on the other core.
//   A fixed factor of 2 keeps full collections a few frames apart.
// vision/README.md has the measurements.
import v8 from 'node:v8';

/** The old generation grows to this multiple of what its last full collection kept before the next. */
export const OLD_GENERATION_GROWTH = 2;

/**
 * Sets V8's heap for reading frames, for the whole process. The companion and the bench's reader
 * call it before their first frame; calling it again changes nothing.
 */
export function setHeapForReading(): void {
  // Both flags are read whenever V8 resizes a generation, so setting them after start-up takes effect.
  // A growth factor of 1 leaves the semi-space at its starting size.
  v8.setFlagsFromString('--semi-space-growth-factor=1');
  v8.setFlagsFromString(`--heap-growing-percent=${Math.round((OLD_GENERATION_GROWTH - 1) * 100)}`);
}
