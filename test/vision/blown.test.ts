import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { blownShare, CARD_ADVICE, cardAdvice, FRAME_ADVICE, frameAdvice } from '../../vision/blown.ts';
import { photoOfCard, freshFacePool } from '../../vision/dataset.ts';
import { decodeFrame } from '../../vision/frame.ts';
import { readFrame } from '../../vision/pipeline.ts';
import { makeRng, mixSeed } from '../../vision/random.ts';
import { LOCATED } from '../../vision/views.ts';
import { lampOnEmptyTray } from '../helpers/lamp.ts';

/** The share by definition: pixels inside some 5 × 5 square blown out throughout. */
function bruteShare(v: number[], w: number, h: number): number {
  let covered = 0;
  for (let y = 0; y < h; y++) for (let x = 0; x < w; x++) {
    let hit = false;
    for (let cy = y - 2; cy <= y + 2 && !hit; cy++) for (let cx = x - 2; cx <= x + 2 && !hit; cx++) {
      if (cx < 2 || cy < 2 || cx > w - 3 || cy > h - 3) continue;
      let all = true;
      for (let dy = -2; dy <= 2 && all; dy++) for (let dx = -2; dx <= 2; dx++) if (v[(cy + dy) * w + cx + dx]! < 250) { all = false; break; }
      hit = all;
    }
    if (hit) covered++;
  }
  return covered / (w * h);
}

describe('blown-out share', () => {
  it('counts a blown-out square and not a white stroke narrower than it', () => {
    const w = 40, h = 56, v = new Array<number>(w * h).fill(90);
    for (let y = 10; y < 40; y++) for (let x = 8; x < 11; x++) v[y * w + x] = 255; // a stroke 3 pixels wide
    expect(blownShare(v, w, h)).toBe(0);
    for (let y = 20; y < 27; y++) for (let x = 25; x < 32; x++) v[y * w + x] = 250; // a 7 × 7 core
    expect(blownShare(v, w, h)).toBe(49 / (w * h));
  });

  it('is the share of pixels inside a blown-out 5 × 5 square, for any image', () => {
    fc.assert(fc.property(fc.integer({ min: 1, max: 14 }), fc.integer({ min: 1, max: 14 }), fc.infiniteStream(fc.boolean()), (w, h, bits) => {
      const it = bits[Symbol.iterator]();
      const v = Array.from({ length: w * h }, () => (it.next().value || it.next().value ? 255 : 100));
      expect(blownShare(v, w, h)).toBe(bruteShare(v, w, h));
    }), { numRuns: 200 });
  });

  it('refuses values that do not make the image it is told of', () => {
    expect(() => blownShare([1, 2, 3], 2, 2)).toThrow(/3 values do not make a 2 × 2 image/);
    expect(() => blownShare([], 0, 0)).toThrow(RangeError);
    expect(() => blownShare([1, 2], 1.5, 1)).toThrow(RangeError);
  });
});

describe('advice for a blown-out frame', () => {
  it('advises moving the lamp when a frame with no card holds a blown-out patch, and says nothing of a plain empty table', async () => {
    expect(frameAdvice(await decodeFrame(await lampOnEmptyTray()))).toBe(FRAME_ADVICE);
    expect(frameAdvice(await decodeFrame(await lampOnEmptyTray(0)))).toBeNull();
  });

  it('advises tilting the card when the lamp blew out part of its face, and not for a card under even light', async () => {
    const pool = freshFacePool(20);
    const advice = async (condition: 'glare-spill' | 'plain', i: number) => {
      const photo = await photoOfCard(pool, i, makeRng(mixSeed(4711, i)), 1280, 960, undefined, condition);
      const reading = await readFrame(photo.jpeg, [LOCATED]);
      if (reading.kind !== 'card') throw new Error(`photo ${i} (${condition}): no card located`);
      return { advice: cardAdvice(reading.image, reading.quad), glare: photo.glareAt !== null };
    };
    let advisedUnderGlare = 0, plainWithout = 0, advisedWithout = 0;
    for (let i = 0; i < 6; i++) if ((await advice('glare-spill', i)).advice === CARD_ADVICE) advisedUnderGlare++;
    for (let i = 0; i < 12; i++) {
      const r = await advice('plain', i);
      if (r.glare) continue;
      plainWithout++;
      if (r.advice !== null) advisedWithout++;
    }
    expect(advisedUnderGlare).toBeGreaterThanOrEqual(5);
    expect(plainWithout).toBeGreaterThanOrEqual(6);
    expect(advisedWithout).toBe(0);
  }, 120_000);
});
