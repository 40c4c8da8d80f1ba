import type { Readable, Writable } from 'node:stream';
import { createInterface } from 'node:readline';
import { parseArgs, type ParseArgsConfig } from 'node:util';
import type { Parts, PartsOptions } from '../wiring/parts.ts';

/** The streams a `red7` sub-command talks to, and where its configuration comes from; tests pass their own. */
export interface CommandIo {
  stdin: Readable;
  stdout: Writable;
  stderr: Writable;
  /** The environment (RED7_* settings); process.env by default. */
  env?: NodeJS.ProcessEnv;
  /** The folder red7.config.json and relative paths are read from; the process's by default. */
  workDir?: string;
}

/** The composition root of this command's process: built on first use, stopped when the command ends. */
export type PartsRoot = (options?: Pick<PartsOptions, 'logTo'>) => Parts;

/** A `red7` sub-command: takes its arguments, returns the process exit code. */
export type CommandRun = (args: string[], io: CommandIo, parts: PartsRoot) => Promise<number>;

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

type Options = NonNullable<ParseArgsConfig['options']>;
type Parsed<O extends Options> = ReturnType<typeof parseArgs<{ options: O; allowPositionals: true; strict: true }>>;

/**
 * Parses options with node:util's parseArgs (strict: an unknown option, a missing value or a
 * value given to a flag is a problem), and at most `positionals` positional arguments. The
 * problem is one line for people: "unknown option --x", "--wav needs a file name", "unexpected y".
 */
export function parseCommandArgs<O extends Options>(
  args: string[],
  options: O,
  settings: { positionals?: number; needs?: Partial<Record<keyof O & string, string>> } = {},
): { ok: true; values: Parsed<O>['values']; positionals: string[] } | { ok: false; problem: string } {
  let parsed: Parsed<O>;
  try {
    parsed = parseArgs({ args, options, allowPositionals: true, strict: true }) as Parsed<O>;
  } catch (err) {
    const e = err as Error & { code?: string };
    const name = /'--([\w-]+)/.exec(e.message)?.[1] ?? '';
    if (e.code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION') return { ok: false, problem: `unknown option ${/'([^']+)'/.exec(e.message)?.[1] ?? ''}` };
    if (e.code === 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE') {
      if (options[name]?.type === 'boolean') return { ok: false, problem: `--${name} takes no value` };
      return { ok: false, problem: `--${name} needs ${settings.needs?.[name as keyof O & string] ?? 'a value'}` };
    }
    return { ok: false, problem: e.message.split('\n')[0]! };
  }
  const extra = parsed.positionals.slice(settings.positionals ?? 0);
  if (extra.length > 0) {
    // "--advanced yes": a value given to a flag reads as a stray argument; say what it is.
    const flag = /^--([\w-]+)$/.exec(args[args.indexOf(extra[0]!) - 1] ?? '')?.[1];
    if (flag !== undefined && options[flag]?.type === 'boolean') return { ok: false, problem: `--${flag} takes no value` };
    return { ok: false, problem: `unexpected ${extra.join(' ')}` };
  }
  return { ok: true, values: parsed.values, positionals: parsed.positionals };
}
