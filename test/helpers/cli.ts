// Runs the `red7` command in-process with string streams, or as a real child process.
import { spawnSync } from 'node:child_process';
import { PassThrough, Readable } from 'node:stream';
import { main } from '../../device/cli.ts';

/** Runs `red7 <args>` in-process with the given stdin (and where its configuration comes from); returns its exit code and output. */
export async function red7(args: string[], stdin = '', config: { workDir?: string; env?: NodeJS.ProcessEnv } = {}): Promise<{ code: number; stdout: string; stderr: string }> {
  const out = new PassThrough();
  const err = new PassThrough();
  let stdout = '';
  let stderr = '';
  out.on('data', (d) => (stdout += d));
  err.on('data', (d) => (stderr += d));
  const code = await main(args, { stdin: Readable.from([stdin]), stdout: out, stderr: err, ...config });
  return { code, stdout, stderr };
}

/** Runs `red7 <args>` as a user would, through bin/red7.js in a child process. */
export function red7Process(args: string[], stdin = '', env: NodeJS.ProcessEnv = {}): { code: number; stdout: string; stderr: string } {
  const r = spawnSync(process.execPath, ['bin/red7.js', ...args], { input: stdin, encoding: 'utf8', env: { ...process.env, ...env }, timeout: 60_000 });
  return { code: r.status ?? -1, stdout: r.stdout, stderr: r.stderr };
}

/** The JSON values of the output's lines. */
export const jsonLines = (text: string): unknown[] => text.trim().split('\n').filter(Boolean).map((l) => JSON.parse(l));
