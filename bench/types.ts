/** One line of the benchmark table. */
export interface BenchRow {
  /** What was measured, e.g. "rules: leader evaluations". */
  name: string;
  /** The median (or the single figure) of the measurement. */
  value: number;
  unit: string;
  /** The target, written as it reads, e.g. ">= 4000000" or "< 20". */
  target?: string;
  /** Extra figures: p99, samples, machine notes. */
  note?: string;
}

/** A benchmark suite: runs its measurements and returns the rows. */
export type BenchSuite = () => Promise<BenchRow[]>;

/** The median of a list of numbers. */
export function median(xs: number[]): number {
  return percentile(xs, 50);
}

/** The p-th percentile (nearest rank) of a list of numbers. */
export function percentile(xs: number[], p: number): number {
  if (xs.length === 0) return Number.NaN;
  const sorted = [...xs].sort((a, b) => a - b);
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[rank]!;
}

/**
 * Runs `fn` and returns the wall-clock and the CPU seconds this process spent. Throughput is
 * quoted per CPU second as well: this 2-core machine is shared, and another job on the other
 * core would otherwise be measured as a slowdown of ours.
 */
export function timed<T>(fn: () => T): { result: T; wall: number; cpu: number } {
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  const result = fn();
  const wall = (performance.now() - t0) / 1000;
  const used = process.cpuUsage(cpu0);
  return { result, wall, cpu: (used.user + used.system) / 1e6 };
}
