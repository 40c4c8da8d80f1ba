// The held-out test per table condition behind `red7 vision-eval --conditions`: fresh photos
// under every named condition, plus empty trays and non-cards, each read through the full
// classify path and counted on its own line, with digests of the photos and the answers so a
// run can be checked for the same set and the same readings on another machine.
import { createHash } from 'node:crypto';
import { formatCard } from '../device/rules/cards.ts';
import { CONDITIONS, type Condition } from './augment/conditions.ts';
import type { CardClassifier, Classification } from './classifier.ts';
import { freshFacePool, photoOfCard, photoOfNotCard, photoOfNothing, type FacePool, type LabelledPhoto } from './dataset.ts';
import { decodeFrame } from './frame.ts';
import type { Point } from './homography.ts';
import { locateCard } from './locate/locator.ts';
import { makeRng, mixSeed } from './random.ts';
import type { StyleSet } from './render/fonts.ts';

/**
 * The lines of the report: each condition's cards, then empty trays and non-cards, then two
 * overlapping cards on a patterned cloth (whose colours hide the lower card's outline). A new
 * line goes last: a line's photos are drawn from its place in this list.
 */
export const EVAL_LINES = [...CONDITIONS, 'empty', 'not-card', 'overlap-on-cloth'] as const;
export type EvalLine = (typeof EVAL_LINES)[number];

/** The conditions a non-card is photographed under, in turn (a non-card lies alone, so not overlap). */
const NOT_CARD_CONDITIONS = CONDITIONS.filter((c) => c !== 'overlap');

/** Whether a line's photos show two overlapping cards, where the only right answer is a refusal. */
export function isOverlapLine(line: EvalLine): boolean {
  return line === 'overlap' || line === 'overlap-on-cloth';
}

/** Whether a line's photos hold one card to read (every condition but overlap). */
export function isCardLine(line: EvalLine): boolean {
  return !isOverlapLine(line) && line !== 'empty' && line !== 'not-card';
}

/** Photo `i` of a line: its own generator from the seed, the line and the index alone. */
export async function linePhoto(line: EvalLine, i: number, seed: number, pool: FacePool, width: number, height: number): Promise<LabelledPhoto> {
  const rng = makeRng(mixSeed(mixSeed(mixSeed(seed, 23), EVAL_LINES.indexOf(line)), i));
  if (line === 'empty') return photoOfNothing(rng, width, height, i % 2 === 0 ? 'plain' : 'patterned-cloth');
  if (line === 'not-card') return photoOfNotCard(pool, rng, width, height, undefined, NOT_CARD_CONDITIONS[i % NOT_CARD_CONDITIONS.length]);
  if (line === 'overlap-on-cloth') return photoOfCard(pool, i, rng, width, height, undefined, 'overlap', { cloth: true });
  return photoOfCard(pool, i, rng, width, height, undefined, line as Condition);
}

/** Worst distance from a drawn corner to the nearest found one, as a share of the card's drawn height. */
export function cornerError(truth: readonly Point[], found: readonly Point[]): number {
  const height = Math.hypot(truth[0]![0] - truth[3]![0], truth[0]![1] - truth[3]![1]);
  return Math.max(...truth.map(([x, y]) => Math.min(...found.map(([u, v]) => Math.hypot(x - u, y - v))))) / height;
}

export interface LineReport {
  line: EvalLine;
  photos: number;
  /** The card read (or, where no card is the answer, no card given). */
  right: number;
  /** A card given that is not the one there, or any card where none is the answer. */
  confidentlyWrong: number;
  rejected: number;
  rejectedBy: Record<string, number>;
  /** Where one card is the answer: the locator's worst-corner error over the photos it located, median and p90 (share of the card's height). */
  corners?: { located: number; median: number; p90: number };
}

export interface ConditionsReport {
  seed: number;
  styles: StyleSet;
  perLine: number;
  lines: LineReport[];
  /** Every photo given a card it does not show, by line and index (linePhoto draws it again). */
  mistakes: ConfidentMistake[];
  /**
   * The one-card lines together, by the numerals' typeface and by the face's layout: which
   * printings the figures rest on, and which of them the reader struggles with.
   */
  byFamily: Record<string, PrintingTally>;
  byLayout: Record<string, PrintingTally>;
  /** sha256 (first 16 hex digits) of every photo's bytes in order, and of every answer's card and reason. */
  photosDigest: string;
  answersDigest: string;
}

/** One-card photos of one typeface or layout: how many, read right, and given a wrong card. */
export interface PrintingTally {
  photos: number;
  right: number;
  confidentlyWrong: number;
}

/** A photo given a card it does not show: its line and index, the card there (null: none, or two), the card given and how sure. */
export interface ConfidentMistake {
  line: EvalLine;
  index: number;
  truth: string | null;
  read: string;
  confidence: number;
}

export interface ConditionsOptions {
  /** Photos per line. */
  count: number;
  seed: number;
  /** The families and layouts the faces are drawn from (training when absent). */
  styles?: StyleSet;
  width?: number;
  height?: number;
  lines?: readonly EvalLine[];
  onProgress?: (line: EvalLine, done: number) => void;
  /** Where the photos come from (linePhoto unless told: a saved set can be read again). */
  photo?: (line: EvalLine, i: number) => Promise<LabelledPhoto>;
  /** Called with every photo and its answer (to keep the failures for a look). */
  onPhoto?: (line: EvalLine, i: number, photo: LabelledPhoto, answer: Classification) => void | Promise<void>;
}

function quantile(xs: number[], q: number): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(q * s.length))] ?? Number.NaN;
}

/** Renders `count` photos of each line and reads each with the classifier. */
export async function evaluateConditions(classifier: CardClassifier, o: ConditionsOptions): Promise<ConditionsReport> {
  if (o.seed === classifier.metadata.training.seed) throw new Error(`seed ${o.seed} is the training seed; a held-out test needs another`);
  const width = o.width ?? 1280, height = o.height ?? 960;
  const styles = o.styles ?? 'training';
  const pool = freshFacePool(300, styles);
  const photosHash = createHash('sha256'), answersHash = createHash('sha256');
  const lines: LineReport[] = [];
  const mistakes: ConfidentMistake[] = [];
  const byFamily: Record<string, PrintingTally> = {}, byLayout: Record<string, PrintingTally> = {};
  for (const line of o.lines ?? EVAL_LINES) {
    const report: LineReport = { line, photos: 0, right: 0, confidentlyWrong: 0, rejected: 0, rejectedBy: {} };
    const errors: number[] = [];
    let located = 0;
    for (let i = 0; i < o.count; i++) {
      const photo = o.photo ? await o.photo(line, i) : await linePhoto(line, i, o.seed, pool, width, height);
      photosHash.update(photo.jpeg);
      const r = await classifier.classify(photo.jpeg);
      answersHash.update(`${line}\t${i}\t${r.card ?? '-'}\t${r.reason ?? ''}\n`);
      await o.onPhoto?.(line, i, photo, r);
      report.photos++;
      const truth = photo.card === null ? null : formatCard(photo.card);
      const read = r.card === null ? 'none' : r.card === truth ? 'right' : 'wrong';
      if (r.card === null) {
        report.rejected++;
        report.rejectedBy[r.reason ?? 'unknown'] = (report.rejectedBy[r.reason ?? 'unknown'] ?? 0) + 1;
        if (truth === null) report.right++;
      } else if (read === 'right') report.right++;
      else {
        report.confidentlyWrong++;
        mistakes.push({ line, index: i, truth, read: r.card, confidence: r.confidence });
      }
      if (photo.card !== null) {
        tallyPrinting(byFamily, photo.family ?? 'unknown', read);
        tallyPrinting(byLayout, photo.layout ?? 'unknown', read);
        const image = await decodeFrame(photo.jpeg);
        const found = locateCard(image);
        if (found.kind === 'card') {
          located++;
          const scale = image.width / width;
          errors.push(cornerError(photo.quads[0]!.map(([x, y]) => [x * scale, y * scale] as Point), found.quad));
        }
      }
      if (o.onProgress && (i + 1) % 50 === 0) o.onProgress(line, i + 1);
    }
    if (isCardLine(line)) {
      report.corners = { located, median: quantile(errors, 0.5), p90: quantile(errors, 0.9) };
    }
    lines.push(report);
  }
  return {
    seed: o.seed, styles, perLine: o.count, lines, mistakes, byFamily, byLayout,
    photosDigest: photosHash.digest('hex').slice(0, 16), answersDigest: answersHash.digest('hex').slice(0, 16),
  };
}

function tallyPrinting(tallies: Record<string, PrintingTally>, name: string, read: 'right' | 'wrong' | 'none'): void {
  const t = (tallies[name] ??= { photos: 0, right: 0, confidentlyWrong: 0 });
  t.photos++;
  if (read === 'right') t.right++;
  else if (read === 'wrong') t.confidentlyWrong++;
}

/** Tallies as one line: `name right/photos (wrong n)`, worst share read first, so the weak printings lead. */
export function formatPrintings(tallies: Record<string, PrintingTally>): string {
  return Object.entries(tallies)
    .sort(([a, x], [b, y]) => x.right / x.photos - y.right / y.photos || a.localeCompare(b))
    .map(([name, t]) => `${name} ${t.right}/${t.photos}${t.confidentlyWrong > 0 ? ` (${t.confidentlyWrong} wrong)` : ''}`)
    .join(', ');
}

/** A confident mistake as the report prints it: `glare-cast #45: I2 read as I7 at 0.99990`. */
export function describeConfidentMistake(m: ConfidentMistake): string {
  const there = m.truth ?? (isOverlapLine(m.line) ? 'two cards' : m.line === 'empty' ? 'nothing' : 'not a Red7 card');
  return `${m.line} #${m.index}: ${there} read as ${m.read} at ${m.confidence.toFixed(5)}`;
}

/** The report as the command prints it: a line per condition, then the digests. */
export function formatConditions(r: ConditionsReport, backend: string): string {
  const pct = (k: number, n: number): string => `${((100 * k) / Math.max(1, n)).toFixed(2)} %`;
  const rows = r.lines.map((l) => {
    const by = Object.entries(l.rejectedBy).sort(([a], [b]) => a.localeCompare(b)).map(([k, n]) => `${k} ${n}`).join(', ');
    const corners = l.corners ? `; corners located ${l.corners.located}, median ${(100 * l.corners.median).toFixed(2)} %, p90 ${(100 * l.corners.p90).toFixed(2)} % of the card's height` : '';
    return `${l.line.padEnd(17)} ${l.photos} photos: right ${l.right} (${pct(l.right, l.photos)}), confidently wrong ${l.confidentlyWrong} (${pct(l.confidentlyWrong, l.photos)}), rejected ${l.rejected}${by === '' ? '' : ` (${by})`}${corners}`;
  });
  return [
    `held-out photos per condition: ${r.perLine} (seed ${r.seed}, ${r.styles} styles, 1280×960 JPEG, backend ${backend}); for overlap, empty, not-card and overlap-on-cloth, right means no card given`,
    ...rows,
    `confidently wrong, photo by photo: ${r.mistakes.length === 0 ? 'none' : r.mistakes.map(describeConfidentMistake).join('; ')}`,
    ...(Object.keys(r.byFamily).length === 0 ? [] : [
      `one-card photos read right by typeface, weakest first: ${formatPrintings(r.byFamily)}`,
      `one-card photos read right by layout, weakest first: ${formatPrintings(r.byLayout)}`,
    ]),
    `photos digest: ${r.photosDigest}  answers digest: ${r.answersDigest}`,
  ].join('\n') + '\n';
}
