// The card reader on faces vision/render never drew: chromium draws every card from HTML and CSS
// (bench/browser-faces), in held-out typefaces, and the same table conditions as the held-out gate
// are laid over them. Prints the gate's report, one line per condition, with its digests.
//   tsx bench/browser-eval.ts [--count 150] [--seed 4343] [--faces 4] [--design splash|facets] [--only plain,tilt]
import { parseArgs } from 'node:util';
import { CONDITIONS } from '../vision/augment/conditions.ts';
import { CardClassifier } from '../vision/classifier.ts';
import { evaluateConditions, formatConditions, linePhoto, type EvalLine } from '../vision/evaluate-conditions.ts';
import type { FacePool } from '../vision/dataset.ts';
import { DESIGNS, type Design } from './browser-faces/face-html.ts';
import { BrowserFaces, browserFacePool } from './browser-faces/render.ts';

const { values } = parseArgs({ options: {
  count: { type: 'string', default: '150' }, seed: { type: 'string', default: '4343' }, faces: { type: 'string', default: '4' }, design: { type: 'string' }, only: { type: 'string' },
} });
const count = Number(values.count), seed = Number(values.seed), perCard = Number(values.faces);
if (![count, seed, perCard].every((n) => Number.isInteger(n) && n >= 1)) throw new Error('--count, --seed and --faces are positive whole numbers');
const design = values.design as Design | undefined;
if (design !== undefined && !DESIGNS.includes(design)) throw new Error(`--design must be one of ${DESIGNS.join(', ')}`);
// Empty trays and non-cards hold no face, so the gate's own lines measure them.
const FACE_LINES: readonly EvalLine[] = [...CONDITIONS, 'overlap-on-cloth'];
const lines = (values.only?.split(',') ?? FACE_LINES) as EvalLine[];
const unknown = lines.filter((l) => !FACE_LINES.includes(l));
if (unknown.length > 0) throw new Error(`--only takes lines among ${FACE_LINES.join(', ')} (not ${unknown.join(', ')})`);

const classifier = await CardClassifier.load();
const faces = await BrowserFaces.open();
let facePool: FacePool;
try {
  facePool = await browserFacePool(faces, seed, perCard, design);
} finally {
  await faces.close();
}
process.stderr.write(`drew ${perCard} faces of each card in chromium\n`);
const report = await evaluateConditions(classifier, {
  count, seed, styles: 'held-out', lines,
  photo: (line, i) => linePhoto(line, i, seed, facePool, 1280, 960),
  onProgress: (line, d) => process.stderr.write(`  ${line} ${d}/${count}\n`),
});
process.stdout.write(`faces drawn by chromium from HTML and CSS: ${perCard} a card, ${design ?? DESIGNS.join(' and ')} design${design ? '' : 's'}, held-out typefaces (layouts below: asmadi is the splash design, hobby the facets)\n`);
process.stdout.write(formatConditions(report, classifier.backend));
