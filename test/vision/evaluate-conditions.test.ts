import { describe, expect, it } from 'vitest';
import { createHash } from 'node:crypto';
import { formatCard } from '../../device/rules/cards.ts';
import type { CardClassifier, Classification } from '../../vision/classifier.ts';
import { cornerError, EVAL_LINES, evaluateConditions, formatConditions, formatPrintings, isCardLine, linePhoto, type ConditionsReport } from '../../vision/evaluate-conditions.ts';
import { freshFacePool } from '../../vision/dataset.ts';
import { familiesOf } from '../../vision/render/fonts.ts';
import type { Point } from '../../vision/homography.ts';

const digest = (b: Uint8Array): string => createHash('sha256').update(b).digest('hex');

describe('the per-condition evaluation', () => {
  it('has a line for every condition, empty trays, non-cards and overlapping cards on a cloth; only single-card lines have a card to read', () => {
    expect(EVAL_LINES).toEqual(['plain', 'glare-spill', 'glare-cast', 'patterned-cloth', 'thumb', 'partly-off-frame', 'tilt', 'overlap', 'empty', 'not-card', 'overlap-on-cloth']);
    expect(EVAL_LINES.filter(isCardLine)).toEqual(['plain', 'glare-spill', 'glare-cast', 'patterned-cloth', 'thumb', 'partly-off-frame', 'tilt']);
  });

  it('draws each photo from the seed, the line and the index alone', async () => {
    const pool = freshFacePool(60);
    const a = await linePhoto('tilt', 3, 5, pool, 160, 120);
    const b = await linePhoto('tilt', 3, 5, pool, 160, 120);
    const c = await linePhoto('thumb', 3, 5, pool, 160, 120);
    expect(digest(a.jpeg)).toBe(digest(b.jpeg));
    expect(digest(c.jpeg)).not.toBe(digest(a.jpeg));
    expect(a.condition).toBe('tilt');
    expect((await linePhoto('overlap', 0, 5, pool, 320, 240)).card).toBeNull();
    const empty = await linePhoto('empty', 1, 5, pool, 160, 120);
    expect([empty.card, empty.quads.length, empty.condition]).toEqual([null, 0, 'patterned-cloth']);
    const notCard = await linePhoto('not-card', 2, 5, pool, 160, 120);
    expect(notCard.card).toBeNull();
    expect(notCard.quads).toHaveLength(1);
    const onCloth = await linePhoto('overlap-on-cloth', 4, 5, pool, 320, 240);
    expect([onCloth.card, onCloth.quads.length, onCloth.condition]).toEqual([null, 2, 'overlap']);
    expect(onCloth.details.pattern).toBeDefined();
  });

  it('names every confidently wrong photo by its line and index, with the card there, the card given and how sure', () => {
    const report: ConditionsReport = {
      seed: 5, styles: 'held-out', perLine: 300, photosDigest: '0123456789abcdef', answersDigest: 'fedcba9876543210',
      lines: [
        { line: 'glare-cast', photos: 300, right: 290, confidentlyWrong: 1, rejected: 9, rejectedBy: { 'low-confidence': 9 } },
        { line: 'overlap', photos: 300, right: 299, confidentlyWrong: 1, rejected: 299, rejectedBy: { 'no-card': 299 } },
      ],
      mistakes: [
        { line: 'glare-cast', index: 45, truth: 'I2', read: 'I7', confidence: 0.9999012 },
        { line: 'overlap', index: 57, truth: null, read: 'B3', confidence: 0.99995 },
      ],
      byFamily: {}, byLayout: {},
    };
    const out = formatConditions(report, 'wasm');
    expect(out).toContain('confidently wrong, photo by photo: glare-cast #45: I2 read as I7 at 0.99990; overlap #57: two cards read as B3 at 0.99995\n');
    expect(formatConditions({ ...report, mistakes: [{ line: 'not-card', index: 3, truth: null, read: 'R1', confidence: 1 }] }, 'wasm')).toContain('not-card #3: not a Red7 card read as R1 at 1.00000');
    expect(formatConditions({ ...report, mistakes: [] }, 'wasm')).toMatch(/^confidently wrong, photo by photo: none$/m);
  });

  it('names the typefaces and layouts the one-card photos were drawn in, the weakest share read first', () => {
    const tallies = { lora: { photos: 10, right: 9, confidentlyWrong: 1 }, hind: { photos: 4, right: 2, confidentlyWrong: 0 }, archivo: { photos: 5, right: 5, confidentlyWrong: 0 } };
    expect(formatPrintings(tallies)).toBe('hind 2/4, lora 9/10 (1 wrong), archivo 5/5');
    const report: ConditionsReport = {
      seed: 5, styles: 'held-out', perLine: 19, photosDigest: '0', answersDigest: '0', mistakes: [],
      lines: [{ line: 'plain', photos: 19, right: 16, confidentlyWrong: 1, rejected: 2, rejectedBy: { 'low-confidence': 2 } }],
      byFamily: tallies, byLayout: { ribbon: { photos: 19, right: 16, confidentlyWrong: 1 } },
    };
    const out = formatConditions(report, 'wasm');
    expect(out).toContain('one-card photos read right by typeface, weakest first: hind 2/4, lora 9/10 (1 wrong), archivo 5/5\n');
    expect(out).toContain('one-card photos read right by layout, weakest first: ribbon 16/19 (1 wrong)\n');
  });

  it('counts every one-card photo under its typeface and layout, and no photo without a single card', async () => {
    // A stand-in reader: right on the first and third photo of a line, a wrong card on the second.
    let n = 0;
    const pool = freshFacePool(60, 'held-out');
    const reader = {
      metadata: { training: { seed: 1 } },
      classify: async (): Promise<Classification> => ({ card: null, confidence: 0, alternatives: [] }),
    };
    const report = await evaluateConditions(reader as unknown as CardClassifier, {
      count: 3, seed: 5, styles: 'held-out', width: 320, height: 240, lines: ['plain', 'overlap'],
      photo: async (line, i) => {
        const photo = await linePhoto(line, i, 5, pool, 320, 240);
        reader.classify = async () => ({ card: photo.card === null ? 'R7' : i === 1 ? (formatCard(photo.card) === 'R7' ? 'R6' : 'R7') : formatCard(photo.card), confidence: 1, alternatives: [] });
        n++;
        return photo;
      },
    });
    expect(n).toBe(6);
    const families = Object.entries(report.byFamily), layouts = Object.values(report.byLayout);
    expect(families.reduce((k, [, t]) => k + t.photos, 0)).toBe(3);
    expect(layouts.reduce((k, t) => k + t.photos, 0)).toBe(3);
    expect(families.reduce((k, [, t]) => k + t.right, 0)).toBe(2);
    expect(families.reduce((k, [, t]) => k + t.confidentlyWrong, 0)).toBe(1);
    for (const [name] of families) expect(familiesOf('held-out')).toContain(name);
  }, 60_000);

  it('measures a corner error as the worst corner\'s distance over the card\'s height', () => {
    const truth: Point[] = [[0, 0], [50, 0], [50, 70], [0, 70]];
    expect(cornerError(truth, truth)).toBe(0);
    expect(cornerError(truth, [[7, 0], [50, 0], [50, 70], [0, 70]])).toBeCloseTo(0.1, 9);
  });
});
