// `red7 vision-eval [--count N] [--seed S] [--styles training|calibration|held-out] [--no-second-look] [--png FILE]`:
// a held-out test of the shipped model on freshly rendered photos; prints the figures and writes a
// confusion-matrix PNG. `--styles held-out` draws only typefaces and a layout training never uses.
// `--conditions [--only a,b]` reports each table condition on its own line instead (N per line).
import { writeFile } from 'node:fs/promises';
import { confusionPng, evaluate } from '../../vision/evaluate.ts';
import { EVAL_LINES, evaluateConditions, formatConditions, type EvalLine } from '../../vision/evaluate-conditions.ts';
import { parseCommandArgs, type CommandRun } from './io.ts';
import { cardValue, formatCard, type Card } from '../rules/cards.ts';
import { STYLE_SETS, type StyleSet } from '../../vision/render/fonts.ts';

/** Share of photos sent back for a rescan, per colour letter and per value. */
function rejectionsBy(confusion: number[][], key: (card: Card) => string): string {
  const tally = new Map<string, { rejected: number; total: number }>();
  confusion.forEach((row, card) => {
    const k = key(card as Card);
    const t = tally.get(k) ?? { rejected: 0, total: 0 };
    t.rejected += row[49]!;
    t.total += row.reduce((a, b) => a + b, 0);
    tally.set(k, t);
  });
  return [...tally].sort((a, b) => (a[0] < b[0] ? -1 : 1)).map(([k, t]) => `${k} ${Math.round((100 * t.rejected) / Math.max(1, t.total))} %`).join(', ');
}

/** Runs `red7 vision-eval`. */
export const run: CommandRun = async (args, io, root) => {
  const parsed = parseCommandArgs(args, {
    conditions: { type: 'boolean' }, 'no-second-look': { type: 'boolean' }, count: { type: 'string' }, seed: { type: 'string' }, styles: { type: 'string' }, only: { type: 'string' }, png: { type: 'string' },
  });
  if (!parsed.ok) {
    io.stderr.write(`red7 vision-eval: ${parsed.problem === '--conditions takes no value' ? '--conditions takes no value (use --only to pick lines)' : parsed.problem}\n`);
    return 2;
  }
  const options = parsed.values;
  const conditions = options.conditions === true;
  const count = Number(options.count ?? (conditions ? 300 : 2000));
  const seed = Number(options.seed ?? 424242);
  if (!Number.isInteger(count) || count < 1) { io.stderr.write('red7 vision-eval: --count must be a positive integer\n'); return 2; }
  if (!Number.isInteger(seed) || seed < 0) { io.stderr.write('red7 vision-eval: --seed must be a non-negative integer\n'); return 2; }
  const styles = options.styles ?? 'training';
  if (!(STYLE_SETS as readonly unknown[]).includes(styles)) { io.stderr.write(`red7 vision-eval: --styles must be one of ${STYLE_SETS.join(', ')}\n`); return 2; }
  const only = options.only;
  const lines = typeof only === 'string' ? only.split(',').map((s) => s.trim()) : [...EVAL_LINES];
  const unknown = lines.filter((l) => !(EVAL_LINES as readonly string[]).includes(l));
  if (only !== undefined && (!conditions || typeof only !== 'string' || unknown.length > 0 || lines.length === 0)) {
    io.stderr.write(`red7 vision-eval: --only takes a list of ${EVAL_LINES.join(', ')} with --conditions${unknown.length > 0 ? ` (not ${unknown.join(', ')})` : ''}\n`);
    return 2;
  }
  const pngPath = options.png ?? 'vision-confusion.png';
  const classifier = await root().classifier({ secondLook: options['no-second-look'] !== true });
  if (seed === classifier.metadata.training.seed) {
    io.stderr.write(`red7 vision-eval: seed ${seed} is the training seed; choose another for a held-out test\n`);
    return 2;
  }
  io.stdout.write(classifier.indices === null ? 'the model alone, without the second look\n' : `with the second look: the corner-index reader at ${classifier.indices.file.threshold}\n`);
  if (conditions) {
    const report = await evaluateConditions(classifier, { count, seed, styles: styles as StyleSet, lines: lines as EvalLine[], onProgress: (line, d) => io.stderr.write(`  ${line} ${d}/${count}\n`) });
    io.stdout.write(formatConditions(report, classifier.backend));
    return 0;
  }
  const r = await evaluate(classifier, { count, seed, styles: styles as StyleSet, onProgress: (d) => io.stderr.write(`  ${d}/${count}\n`) });
  const pct = (x: number): string => `${(x * 100).toFixed(2)} %`;
  io.stdout.write([
    `held-out photos: ${r.photos} (seed ${r.seed}, ${r.styles} styles, 1280×960 JPEG, backend ${classifier.backend})`,
    `read correctly:  ${r.correct} (${pct(r.accuracy)})`,
    `confident errors: ${r.confidentErrors} (${pct(r.confidentErrorRate)})`,
    `rejected for rescan: ${r.rejected} (${pct(r.rejectionRate)}) ${JSON.stringify(r.rejectedBy)}`,
    `worst pairs (truth→read): ${r.worstPairs.length === 0 ? 'none' : r.worstPairs.map((p) => `${p.truth}→${p.read}×${p.count}`).join(' ')}`,
    `rejected by value: ${rejectionsBy(r.confusion, (c) => String(cardValue(c)))}`,
    `rejected by colour: ${rejectionsBy(r.confusion, (c) => formatCard(c)[0]!)}`,
    `read correctly with a glare spot: ${r.glare.correct}/${r.glare.photos} (${pct(r.glare.correct / Math.max(1, r.glare.photos))}), without: ${r.correct - r.glare.correct}/${r.photos - r.glare.photos} (${pct((r.correct - r.glare.correct) / Math.max(1, r.photos - r.glare.photos))})`,
    `read correctly by layout: ${Object.entries(r.byLayout).sort(([a], [b]) => a.localeCompare(b)).map(([name, l]) => `${name} ${l.correct}/${l.photos} (glare ${l.glareCorrect}/${l.glarePhotos})`).join(', ')}`,
    `read correctly by font, worst first: ${Object.entries(r.byFamily).sort(([, a], [, b]) => a.correct / a.photos - b.correct / b.photos).slice(0, 12).map(([name, f]) => `${name} ${f.correct}/${f.photos}${f.confidentErrors > 0 ? ` (${f.confidentErrors} wrong)` : ''}`).join(', ')}`,
    `time per frame: median ${r.msMedian.toFixed(1)} ms, p95 ${r.msP95.toFixed(1)} ms`,
    `photos digest: ${r.photosDigest}  answers digest: ${r.answersDigest}`,
    `confusion matrix: ${pngPath}`,
  ].join('\n') + '\n');
  await writeFile(pngPath, await confusionPng(r.confusion));
  return 0;
};
