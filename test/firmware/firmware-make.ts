// Runs the firmware's make targets for the vitest suites, so `npm test` covers the C side too.
import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

/** The firmware folder. */
export const FIRMWARE_DIR = fileURLToPath(new URL('../../firmware/', import.meta.url));

const run = promisify(execFile);

/** Runs `make -C firmware [target]` and returns its stdout; throws with make's whole output on failure. */
export async function make(target?: string): Promise<string> {
  try {
    const args = ['-C', FIRMWARE_DIR, ...(target ? [target] : [])];
    const { stdout } = await run('make', args, { maxBuffer: 16 * 1024 * 1024 });
    return stdout;
  } catch (error) {
    const e = error as { stdout?: string; stderr?: string; message: string };
    throw new Error(`make ${target ?? '(all)'} failed: ${e.message}\n${e.stdout ?? ''}\n${e.stderr ?? ''}`);
  }
}
