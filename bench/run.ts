// `npm run bench [-- filter…]`: runs every bench/*.bench.ts suite (or those whose file name
// contains a filter), prints one table and writes bench/results.json (a filtered run keeps the
// other suites' rows).
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import os from 'node:os';
import { spawnSync } from 'node:child_process';
import type { BenchRow } from './types.ts';

const here = dirname(fileURLToPath(import.meta.url));
const filters = process.argv.slice(2);
const files = readdirSync(here)
  .filter((f) => f.endsWith('.bench.ts'))
  .filter((f) => filters.length === 0 || filters.some((w) => f.includes(w)))
  .sort();

function format(value: number): string {
  if (!Number.isFinite(value)) return String(value);
  if (Math.abs(value) >= 1000) return Math.round(value).toLocaleString('en-US');
  return value.toPrecision(3);
}

/** The rows of an earlier results.json, or none when it cannot be read (it is rewritten anyway). */
function previousRows(file: string): Array<BenchRow & { suite: string }> {
  try {
    const old = JSON.parse(readFileSync(file, 'utf8')) as { rows?: unknown };
    return Array.isArray(old.rows) ? (old.rows as Array<BenchRow & { suite: string }>).filter((r) => typeof r?.suite === 'string') : [];
  } catch {
    return [];
  }
}

/** Runs one suite in a fresh process (tsx) and returns its rows. */
function runSuite(file: string): BenchRow[] {
  const r = spawnSync(process.execPath, ['--import', 'tsx', join(here, 'run-suite.ts'), join(here, file)], {
    encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'], maxBuffer: 64 * 1024 * 1024,
  });
  const last = r.stdout.trim().split('\n').at(-1) ?? '';
  if (r.status !== 0 || !last.startsWith('[')) throw new Error(`bench ${file} failed (exit ${r.status}):\n${r.stdout.slice(-2000)}`);
  return JSON.parse(last) as BenchRow[];
}

const rows: Array<BenchRow & { suite: string }> = [];
for (const file of files) {
  const suite = file.replace(/\.bench\.ts$/, '');
  process.stderr.write(`running ${suite}…\n`);
  for (const row of runSuite(file)) rows.push({ suite, ...row });
}

const table = [['measurement', 'median', 'unit', 'target', 'note']].concat(
  rows.map((r) => [r.name, format(r.value), r.unit, r.target ?? '', r.note ?? '']),
);
const widths = table[0]!.map((_, c) => Math.max(...table.map((row) => row[c]!.length)));
for (const row of table) console.log(row.map((cell, c) => cell.padEnd(widths[c]!)).join('  ').trimEnd());

// A filtered run replaces only the rows of the suites it ran, so the file keeps the last figure of every suite.
const resultsFile = join(here, 'results.json');
const ran = new Set(rows.map((r) => r.suite));
const kept = filters.length > 0 && existsSync(resultsFile) ? previousRows(resultsFile).filter((r) => !ran.has(r.suite)) : [];
const results = {
  date: new Date().toISOString(),
  machine: { cpus: os.cpus().length, model: os.cpus()[0]?.model, memGiB: Math.round(os.totalmem() / 2 ** 30), node: process.version },
  rows: [...kept, ...rows],
};
writeFileSync(resultsFile, `${JSON.stringify(results, null, 2)}\n`);
