// The locator alone, per table condition: how often the quad it finds lies on the drawn card's
// corners, and for overlapping cards how often it says several. It reads no model, so a locator
// change is measured in seconds; the photos are rendered once and cached as files.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { performance } from 'node:perf_hooks';
import { EVAL_LINES, cornerError, isCardLine, isOverlapLine, linePhoto, type EvalLine } from '../evaluate-conditions.ts';
import { freshFacePool } from '../dataset.ts';
import { decodeFrame } from '../frame.ts';
import type { Point } from '../homography.ts';
import { locateCard } from './locator.ts';

/** A located quad whose worst corner is within this share of the card's height counts as the card. */
export const CORNER_BOUND = 0.06;

/** One line's tally: right quads, quads off the card, several, none (for card lines); a card given where none is the answer. */
export interface LocatorLine {
  line: EvalLine;
  photos: number;
  matched: number;
  offCard: number;
  several: number;
  none: number;
}

export interface CachedPhoto {
  jpeg: Buffer;
  /** The first card's corners in frame pixels of the 1280 × 960 photo (none for empty and not-card). */
  quad: Point[] | null;
}

/** Renders (or reads back from `dir`) photo `i` of a line. */
async function cachedPhoto(dir: string, line: EvalLine, i: number, seed: number, pool: ReturnType<typeof freshFacePool>): Promise<CachedPhoto> {
  const file = join(dir, `${line}-${i}`);
  if (existsSync(`${file}.jpg`)) return { jpeg: readFileSync(`${file}.jpg`), quad: JSON.parse(readFileSync(`${file}.json`, 'utf8')) as Point[] | null };
  const photo = await linePhoto(line, i, seed, pool, 1280, 960);
  const quad = photo.card !== null || isOverlapLine(line) ? photo.quads[0]! : null;
  writeFileSync(`${file}.jpg`, photo.jpeg);
  writeFileSync(`${file}.json`, JSON.stringify(quad));
  return { jpeg: photo.jpeg, quad };
}

/** Reads a photo through the locator and tallies it on its line. */
export async function tally(report: LocatorLine, photo: CachedPhoto, times: number[]): Promise<void> {
  const image = await decodeFrame(photo.jpeg);
  const t0 = performance.now();
  const found = locateCard(image);
  times.push(performance.now() - t0);
  report.photos++;
  if (found.kind === 'several') report.several++;
  else if (found.kind === 'none') report.none++;
  else if (isCardLine(report.line) && photo.quad !== null) {
    const scale = image.width / 1280;
    const err = cornerError(photo.quad.map(([x, y]) => [x * scale, y * scale] as Point), found.quad);
    if (err <= CORNER_BOUND) report.matched++;
    else report.offCard++;
  } else report.offCard++;
}

async function main(): Promise<void> {
  const { values } = parseArgs({ options: { seed: { type: 'string', default: '5151' }, count: { type: 'string', default: '40' }, lines: { type: 'string' }, cache: { type: 'string', default: '/tmp/red7-locator-dev' } } });
  const seed = Number(values.seed), count = Number(values.count);
  if (!Number.isInteger(seed) || !Number.isInteger(count) || count < 1) throw new RangeError('--seed and --count must be whole numbers, --count at least 1');
  const lines = values.lines === undefined ? [...EVAL_LINES] : values.lines.split(',').map((s) => s.trim()) as EvalLine[];
  for (const l of lines) if (!EVAL_LINES.includes(l)) throw new RangeError(`"${l}" is not a line (${EVAL_LINES.join(', ')})`);
  const dir = join(values.cache, `held-out-${seed}`);
  mkdirSync(dir, { recursive: true });
  const pool = freshFacePool(300, 'held-out');
  const times: number[] = [];
  console.log(`locator alone: seed ${seed}, held-out styles, ${count} photos a line; a card is matched within ${100 * CORNER_BOUND} % of its height`);
  for (const line of lines) {
    const r: LocatorLine = { line, photos: 0, matched: 0, offCard: 0, several: 0, none: 0 };
    for (let i = 0; i < count; i++) await tally(r, await cachedPhoto(dir, line, i, seed, pool), times);
    const gist = isCardLine(line) ? `matched ${r.matched}, off the card ${r.offCard}` : `card given ${r.offCard}`;
    console.log(`${line.padEnd(17)} ${gist}, several ${r.several}, none ${r.none}`);
  }
  const sorted = [...times].sort((a, b) => a - b);
  console.log(`locator time per frame: median ${sorted[sorted.length >> 1]!.toFixed(1)} ms, p95 ${sorted[Math.floor(0.95 * sorted.length)]!.toFixed(1)} ms`);
}

if (import.meta.url === `file://${process.argv[1]}`) await main();
