import { describe, expect, it } from 'vitest';
import { freshFacePool, photoOfCard } from '../../vision/dataset.ts';
import { cutByFrame, hardToRead } from '../../vision/hard.ts';
import { readFrame } from '../../vision/pipeline.ts';
import { makeRng, mixSeed } from '../../vision/random.ts';
import { LOCATED } from '../../vision/views.ts';

describe('a card cut by the frame', () => {
  const frame = { width: 384, height: 288 };
  it('is one whose located corners lie beyond the frame\'s edge', () => {
    expect(cutByFrame([[-20, 10], [60, 10], [60, 120], [-20, 120]], frame)).toBe(true);
    expect(cutByFrame([[300, 200], [400, 200], [400, 300], [300, 300]], frame)).toBe(true);
  });

  it('is not one lying inside the frame or flush with its edge', () => {
    expect(cutByFrame([[10, 10], [90, 10], [90, 122], [10, 122]], frame)).toBe(false);
    expect(cutByFrame([[-1, 0], [80, 0], [80, 112], [-1, 112]], frame)).toBe(false);
  });
});

describe('a card hard to read surely', () => {
  const pool = freshFacePool(20);
  const located = async (condition: 'plain' | 'partly-off-frame', i: number) => {
    const photo = await photoOfCard(pool, i, makeRng(mixSeed(5309, i)), 1280, 960, undefined, condition);
    const reading = await readFrame(photo.jpeg, [LOCATED]);
    return reading.kind === 'card' ? { hard: hardToRead(reading.image, reading.quad), glare: photo.glareAt !== null } : null;
  };

  it('is a card the frame cuts', async () => {
    let cut = 0, hard = 0;
    for (let i = 0; i < 4; i++) {
      const r = await located('partly-off-frame', i);
      if (r === null) continue;
      cut++;
      if (r.hard) hard++;
    }
    expect(cut).toBeGreaterThanOrEqual(3);
    expect(hard).toBe(cut);
  }, 60_000);

  it('is seldom a whole card under even light (only a white panel bright enough to blow out)', async () => {
    let even = 0, hard = 0;
    for (let i = 0; i < 8; i++) {
      const r = await located('plain', i);
      if (r === null || r.glare) continue;
      even++;
      if (r.hard) hard++;
    }
    expect(even).toBeGreaterThanOrEqual(6);
    expect(hard).toBeLessThanOrEqual(1);
  }, 60_000);
});
