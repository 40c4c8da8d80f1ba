// Every suite's throwaway folders (data folders, PIN files, chromium profiles) go under one folder
// made for the run and removed after it, so a run leaves nothing behind in the machine's /tmp.
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';

export const RUN_PREFIX = 'red7-test-run-';

export default function setup(): () => void {
  const previous = process.env.TMPDIR;
  // Each vitest project runs the global setup; the first one's folder serves them all.
  if (previous !== undefined && basename(previous).startsWith(RUN_PREFIX)) return () => {};
  const run = mkdtempSync(join(tmpdir(), RUN_PREFIX));
  // Open to every user like /tmp itself: a test runs the CLI as an unprivileged user, whose tsx caches here.
  chmodSync(run, 0o1777);
  // Forked workers and the companions they spawn inherit the variable, and os.tmpdir() reads it.
  process.env.TMPDIR = run;
  return () => {
    if (previous === undefined) delete process.env.TMPDIR;
    else process.env.TMPDIR = previous;
    rmSync(run, { recursive: true, force: true });
  };
}
