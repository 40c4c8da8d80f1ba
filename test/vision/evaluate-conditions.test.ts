import { describe, expect, it } from 'vitest';
import { createHash } from 'node:crypto';
import { cornerError, EVAL_LINES, isCardLine, linePhoto } from '../../vision/evaluate-conditions.ts';
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

  it('measures a corner error as the worst corner\'s distance over the card\'s height', () => {
    const truth: Point[] = [[0, 0], [50, 0], [50, 70], [0, 70]];
    expect(cornerError(truth, truth)).toBe(0);
    expect(cornerError(truth, [[7, 0], [50, 0], [50, 70], [0, 70]])).toBeCloseTo(0.1, 9);
  });
});
