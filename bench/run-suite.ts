// Runs one benchmark suite and prints its rows as JSON on the last line. bench/run.ts starts
// each suite in a process of its own, so no suite measures code the JIT shaped for another.
import type { BenchSuite } from './types.ts';

const file = process.argv[2];
if (file === undefined) {
  console.error('usage: tsx bench/run-suite.ts SUITE.bench.ts');
  process.exit(2);
}
const mod = (await import(file)) as { default: BenchSuite };
const rows = await mod.default();
process.stdout.write(`\n${JSON.stringify(rows)}\n`);
process.exit(0);
