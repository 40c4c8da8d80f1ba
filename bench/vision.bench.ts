// Card vision: time from a 1280 × 960 JPEG to a reading (one frame at a time, as a scan is),
// resident memory of a process with the model loaded, and the shipped weights' size. The frames
// are what a table meets: held-out typefaces under every table condition in turn. They are
// rendered here and read in a separate process (vision/bench-worker.ts) so its memory is the
// classifier's alone.
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { DEFAULT_MODEL_DIR } from '../vision/classifier.ts';
import { CONDITIONS } from '../vision/augment/conditions.ts';
import { buildFacePool, photoOfCard } from '../vision/dataset.ts';
import { readMetadata } from '../vision/model-io.ts';
import { makeRng, mixSeed } from '../vision/random.ts';
import { median, percentile, type BenchRow } from './types.ts';

export default async function visionBench(): Promise<BenchRow[]> {
  const dir = mkdtempSync(join(tmpdir(), 'red7-vision-bench-'));
  try {
    const pool = await buildFacePool(mixSeed(2718, 1), 2, 300, 0, 'held-out');
    const files: string[] = [];
    for (let i = 0; i < 60; i++) {
      const file = join(dir, `frame${String(i).padStart(2, '0')}.jpg`);
      writeFileSync(file, (await photoOfCard(pool, i, makeRng(mixSeed(2718, i)), 1280, 960, undefined, CONDITIONS[i % CONDITIONS.length])).jpeg);
      files.push(file);
    }
    const worker = join(import.meta.dirname, '../vision/bench-worker.ts');
    const { stdout } = await promisify(execFile)(process.execPath, ['--import', 'tsx', worker, ...files], { maxBuffer: 1 << 20 });
    const r = JSON.parse(stdout.trim().split('\n').pop()!) as { backend: string; times: number[]; read: number; rssMiB: number };
    const weights = statSync(join(DEFAULT_MODEL_DIR, 'weights.bin')).size / 1024;
    return [
      { name: `vision: 1280×960 JPEG to a reading (${r.backend})`, value: median(r.times), unit: 'ms', target: '<= 30', note: `p95 ${percentile(r.times, 95).toFixed(1)} ms, ${r.times.length} frames (held-out styles, every condition), ${r.read} read` },
      { name: 'vision: resident memory, model loaded', value: r.rssMiB, unit: 'MiB', target: '< 250', note: 'RSS of a process that only reads frames' },
      { name: 'vision: model weights', value: weights, unit: 'KiB', target: '<= 4096', note: `threshold ${readMetadata(DEFAULT_MODEL_DIR).threshold.toFixed(4)}` },
    ];
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
