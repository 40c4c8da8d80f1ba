// The command line of a training script: whole-number flags with defaults and text flags, checked;
// a bad flag or value is a one-line message and exit code 2, as the other commands answer.
import { parseArgs } from 'node:util';

/** Parses `argv` (the process's unless given): `numbers` maps each whole-number flag (≥ 1) to its default. */
export function trainingOptions<N extends string, T extends string>(numbers: Record<N, number>, texts: readonly T[], argv?: string[]): { num: Record<N, number>; text: Partial<Record<T, string>> } {
  let values: Record<string, string | undefined>;
  try {
    values = parseArgs({ args: argv, options: Object.fromEntries([...Object.keys(numbers), ...texts].map((name) => [name, { type: 'string' as const }])) }).values;
  } catch (err) {
    console.error((err as Error).message);
    process.exit(2);
  }
  const num = {} as Record<N, number>;
  for (const name of Object.keys(numbers) as N[]) {
    const v = values[name];
    const n = v === undefined ? numbers[name] : Number(v);
    if (!Number.isInteger(n) || n < 1) {
      console.error(`--${name} must be a whole number ≥ 1, not "${String(v)}"`);
      process.exit(2);
    }
    num[name] = n;
  }
  const text = {} as Partial<Record<T, string>>;
  for (const name of texts) if (values[name] !== undefined) text[name] = values[name];
  return { num, text };
}
