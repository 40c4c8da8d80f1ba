import { describe, expect, it } from 'vitest';
import { createHash } from 'node:crypto';
import { buildFacePool, freshFacePool, photoOfCard } from '../../vision/dataset.ts';
import { makeRng } from '../../vision/random.ts';
import { randomStyle } from '../../vision/render/style.ts';
import { renderCard } from '../../vision/render/rasterise.ts';
import { photograph } from '../../vision/augment/scene.ts';
import { ALL_CARDS } from '../../device/rules/cards.ts';

const digest = (b: Uint8Array): string => createHash('sha256').update(b).digest('hex');

describe('labelled photos', () => {
  it('name the layout a fresh face was drawn in, the one its seed picks', async () => {
    for (let i = 0; i < 6; i++) {
      const photo = await photoOfCard(freshFacePool(60), i, makeRng(40 + i), 96, 72);
      expect(photo.layout).toBe(randomStyle(ALL_CARDS[i]!, makeRng(40 + i)).layout);
    }
  });

  it('draw the style first and the scene after it, so a seed keeps giving the same held-out photo', async () => {
    const card = ALL_CARDS[3]!;
    const photo = await photoOfCard(freshFacePool(60), 3, makeRng(9), 96, 72);
    const rng = makeRng(9);
    const byHand = await photograph([await renderCard(card, randomStyle(card, rng), 60)], rng, { width: 96, height: 72 });
    expect(digest(photo.jpeg)).toBe(digest(byHand.jpeg));
  });

  it('leave the layout out for a face taken from a pool, which does not keep it', async () => {
    const pool = await buildFacePool(5, 1, 40);
    const photo = await photoOfCard(pool, 0, makeRng(1), 96, 72);
    expect(photo.layout).toBeUndefined();
    expect(photo.card).toBe(ALL_CARDS[0]);
  });

  it('name the layout and typeface a pooled face was drawn in, when the pool keeps them face by face', async () => {
    const pool = await buildFacePool(5, 2, 40);
    const [a, b] = pool.faces.get(ALL_CARDS[7]!)!;
    pool.printings = new Map([[a!, { layout: 'hobby', family: 'lora' }], [b!, { layout: 'asmadi', family: 'hind' }]]);
    const names = new Set<string>();
    for (let seed = 0; seed < 8; seed++) {
      const photo = await photoOfCard(pool, 7, makeRng(seed), 96, 72);
      names.add(`${photo.layout} ${photo.family}`);
    }
    expect(names).toEqual(new Set(['hobby lora', 'asmadi hind']));
  });
});
