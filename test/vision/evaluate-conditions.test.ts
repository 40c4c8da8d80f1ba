import { describe, expect, it } from 'vitest';
import { createHash } from 'node:crypto';
import { cornerError, EVAL_LINES, formatConditions, isCardLine, linePhoto, type ConditionsReport } from '../../vision/evaluate-conditions.ts';
import { freshFacePool } from '../../vision/dataset.ts';
import type { Point } from '../../vision/homography.ts';

const digest = (b: Uint8Array): string => createHash('sha256').update(b).digest('hex');

describe('the per-condition evaluation', () => {
  it('has a line for every condition, empty trays and non-cards; only single-card lines have a card to read', () => {
    expect(EVAL_LINES).toEqual(['plain', 'glare-spill', 'glare-cast', 'patterned-cloth', 'thumb', 'partly-off-frame', 'tilt', 'overlap', 'empty', 'not-card']);
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
    };
    const out = formatConditions(report, 'wasm');
    expect(out).toContain('confidently wrong, photo by photo: glare-cast #45: I2 read as I7 at 0.99990; overlap #57: two cards read as B3 at 0.99995\n');
    expect(formatConditions({ ...report, mistakes: [{ line: 'not-card', index: 3, truth: null, read: 'R1', confidence: 1 }] }, 'wasm')).toContain('not-card #3: not a Red7 card read as R1 at 1.00000');
    expect(formatConditions({ ...report, mistakes: [] }, 'wasm')).toMatch(/^confidently wrong, photo by photo: none$/m);
  });

  it('measures a corner error as the worst corner\'s distance over the card\'s height', () => {
    const truth: Point[] = [[0, 0], [50, 0], [50, 70], [0, 70]];
    expect(cornerError(truth, truth)).toBe(0);
    expect(cornerError(truth, [[7, 0], [50, 0], [50, 70], [0, 70]])).toBeCloseTo(0.1, 9);
  });
});
