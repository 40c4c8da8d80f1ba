// Card vision: time from a 1280 × 960 JPEG to a reading (one frame at a time, as a scan is, on the
// second pass over the frames: the companion's code is compiled by then),
// resident memory of a process with the model loaded, and the shipped weights' size. The frames
// are what a table meets: held-out typefaces under every table condition in turn. They are
// rendered here and read in a separate process (vision/bench-worker.ts) so its memory is the
// classifier's alone.
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { CardClassifier, DEFAULT_MODEL_DIR } from '../vision/classifier.ts';
import { CONDITIONS } from '../vision/augment/conditions.ts';
import { buildFacePool, deckFacePool, photoOfCard } from '../vision/dataset.ts';
import { enrolDeck } from '../vision/deck/enrol.ts';
import { DeckStore } from '../vision/deck/store.ts';
import { readMetadata } from '../vision/model-io.ts';
import { makeRng, mixSeed } from '../vision/random.ts';
import { teachingPhotos } from './teach-photos.ts';
import { median, percentile, type BenchRow } from './types.ts';

type WorkerAnswer = { backend: string; deck: string | null; times: number[]; firstTimes: number[]; read: number; rssMiB: number };

/** Reads the frames in a process of its own (vision/bench-worker.ts), through a deck when `data` is given. */
async function measure(files: string[], data?: string): Promise<WorkerAnswer> {
  const worker = join(import.meta.dirname, '../vision/bench-worker.ts');
  const { stdout } = await promisify(execFile)(process.execPath, ['--import', 'tsx', worker, ...(data ? ['--data', data] : []), ...files], { maxBuffer: 1 << 20 });
  return JSON.parse(stdout.trim().split('\n').pop()!) as WorkerAnswer;
}

/** Teaches one held-out printing as a deck (timed), then reads fresh photos of it through the deck. */
async function withDeck(dir: string): Promise<{ r: WorkerAnswer; enrolSeconds: number }> {
  const pool = await deckFacePool(mixSeed(2719, 1), 300, 'held-out');
  const classifier = await CardClassifier.load();
  const { photos } = await teachingPhotos(classifier, pool, 2719);
  const data = join(dir, 'data');
  const t0 = performance.now();
  await enrolDeck(classifier, new DeckStore(data), { name: 'bench deck', camera: null, photos });
  const enrolSeconds = (performance.now() - t0) / 1000;
  const files: string[] = [];
  for (let i = 0; i < 60; i++) {
    const file = join(dir, `deck${String(i).padStart(2, '0')}.jpg`);
    writeFileSync(file, (await photoOfCard(pool, i, makeRng(mixSeed(2720, i)), 1280, 960, undefined, CONDITIONS[i % CONDITIONS.length])).jpeg);
    files.push(file);
  }
  return { r: await measure(files, data), enrolSeconds };
}

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
    const r = await measure(files);
    const d = await withDeck(dir);
    const weights = statSync(join(DEFAULT_MODEL_DIR, 'weights.bin')).size / 1024;
    return [
      { name: `vision: 1280×960 JPEG to a reading (${r.backend})`, value: median(r.times), unit: 'ms', target: '<= 30', note: `p95 ${percentile(r.times, 95).toFixed(1)} ms, ${r.times.length} frames (held-out styles, every condition), ${r.read} read; the pass before, compiling, ${median(r.firstTimes).toFixed(1)} ms` },
      { name: 'vision: resident memory, model loaded', value: r.rssMiB, unit: 'MiB', target: '< 250', note: 'RSS of a process that only reads frames' },
      { name: `vision: reading with a deck profile (${d.r.backend})`, value: median(d.r.times), unit: 'ms', target: '<= 30', note: `p95 ${percentile(d.r.times, 95).toFixed(1)} ms, ${d.r.times.length} frames of one held-out printing taught as deck “${d.r.deck}”, every condition, ${d.r.read} read; the pass before, compiling, ${median(d.r.firstTimes).toFixed(1)} ms` },
      { name: 'vision: resident memory, model and deck loaded', value: d.r.rssMiB, unit: 'MiB', target: '< 250', note: 'RSS of a process reading through the active deck and keeping the scan strip' },
      { name: 'vision: enrolling 49 photos', value: d.enrolSeconds, unit: 's', target: '<= 60', note: 'one photo per card, located, embedded and written as a deck profile' },
      { name: 'vision: model weights', value: weights, unit: 'KiB', target: '<= 4096', note: `threshold ${readMetadata(DEFAULT_MODEL_DIR).threshold.toFixed(4)}` },
    ];
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
