import type { Readable, Writable } from 'node:stream';
import { createInterface } from 'node:readline';

/** The streams a `red7` sub-command talks to; tests pass their own. */
export interface CommandIo {
  stdin: Readable;
  stdout: Writable;
  stderr: Writable;
}

/** A `red7` sub-command: takes its arguments, returns the process exit code. */
export type CommandRun = (args: string[], io: CommandIo) => Promise<number>;

/** Writes one JSON value as a line. */
export function writeJsonLine(out: Writable, value: unknown): void {
  out.write(`${JSON.stringify(value)}\n`);
}

/** Yields the non-empty lines of a stream, one at a time, in order. */
export async function* readLines(input: Readable): AsyncGenerator<string> {
  const rl = createInterface({ input, crlfDelay: Infinity });
  for await (const line of rl) {
    if (line.trim() !== '') yield line;
  }
}

/** Parses `--name value` and `--flag` options; positional arguments are kept in order. */
export function parseOptions(args: string[]): { options: Map<string, string | true>; positional: string[] } {
  const options = new Map<string, string | true>();
  const positional: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    if (arg.startsWith('--')) {
      const eq = arg.indexOf('=');
      if (eq > 0) {
        options.set(arg.slice(2, eq), arg.slice(eq + 1));
      } else {
        const next = args[i + 1];
        if (next !== undefined && !next.startsWith('--')) {
          options.set(arg.slice(2), next);
          i++;
        } else {
          options.set(arg.slice(2), true);
        }
      }
    } else {
      positional.push(arg);
    }
  }
  return { options, positional };
}
