// How long a test waits for a live part (simavr, a child process, a socket, chromium) to answer
// before it calls the part broken. Sized for a loaded 2-core machine: a wait that succeeds returns
// as soon as the part answers, so the ceiling costs nothing when things work.
export const PATIENCE_MS = 20_000;
