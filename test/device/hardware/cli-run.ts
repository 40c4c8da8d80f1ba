// Runs a `red7` sub-command in-process with string streams (for the gpio and say command tests).
import { PassThrough, Readable } from 'node:stream';
import { main } from '../../../device/cli.ts';

/** Runs `red7 <args>`; returns its exit code and output. */
export async function runRed7(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  const out = new PassThrough();
  const err = new PassThrough();
  let stdout = '';
  let stderr = '';
  out.on('data', (d) => (stdout += d));
  err.on('data', (d) => (stderr += d));
  const code = await main(args, { stdin: Readable.from(['']), stdout: out, stderr: err });
  return { code, stdout, stderr };
}
