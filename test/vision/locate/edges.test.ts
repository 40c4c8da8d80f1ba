import { describe, expect, it } from 'vitest';
import { ALL_CARDS } from '../../../device/rules/cards.ts';
import { photograph } from '../../../vision/augment/scene.ts';
import { decodeFrame } from '../../../vision/frame.ts';
import type { Point } from '../../../vision/homography.ts';
import { blankImage, type RawImage } from '../../../vision/image.ts';
import { cardFromEdges } from '../../../vision/locate/edges.ts';
import { locateCard } from '../../../vision/locate/locator.ts';
import { CORNER_BOUND } from '../../../vision/locate/measure.ts';
import { makeRng, mixSeed } from '../../../vision/random.ts';
import { renderCard } from '../../../vision/render/rasterise.ts';
import { randomStyle } from '../../../vision/render/style.ts';
import { locateLinePhotos } from './located-photos.ts';

const W = 384, H = 288;
type Rgb = readonly [number, number, number];

/** A working-size frame painted pixel by pixel. */
function paint(colour: (x: number, y: number) => Rgb): RawImage {
  const img = blankImage(W, H);
  for (let y = 0; y < H; y++) {
    for (let x = 0; x < W; x++) img.data.set(colour(x + 0.5, y + 0.5), (y * W + x) * 3);
  }
  return img;
}

/** A card of 70 × 98 pixels (63:88) turned 25° about (190, 150): TL, TR, BR, BL. */
const CARD: Point[] = (() => {
  const a = (25 * Math.PI) / 180, c = Math.cos(a), s = Math.sin(a);
  return ([[-35, -49], [35, -49], [35, 49], [-35, 49]] as const).map(([x, y]) => [190 + x * c - y * s, 150 + x * s + y * c] as Point);
})();

function insideCard(x: number, y: number): boolean {
  let sign = 0;
  for (let k = 0; k < 4; k++) {
    const a = CARD[k]!, b = CARD[(k + 1) % 4]!;
    const side = Math.sign((b[0] - a[0]) * (y - a[1]) - (b[1] - a[1]) * (x - a[0]));
    if (sign !== 0 && side !== 0 && side !== sign) return false;
    if (side !== 0) sign = side;
  }
  return true;
}

/** Violet dots on a violet ground, and a violet card a little darker than the ground with a pale numeral: cloth by colour. */
const dotted = (x: number, y: number): Rgb => {
  if (insideCard(x, y)) return Math.hypot(x - 190, y - 150) < 18 ? [215, 205, 230] : [88, 52, 120];
  return Math.hypot((x % 22) - 11, (y % 22) - 11) < 5 ? [70, 40, 100] : [120, 80, 150];
};

const GINGHAM: readonly Rgb[] = [[235, 230, 220], [150, 190, 150], [60, 120, 70]];

/** A gingham turned 20°: a light ground, bands each way, their crossings darkest. */
const gingham = (x: number, y: number): Rgb => {
  const a = (20 * Math.PI) / 180, u = x * Math.cos(a) + y * Math.sin(a), v = -x * Math.sin(a) + y * Math.cos(a);
  const bands = (Math.floor(u / 14) % 2 === 0 ? 1 : 0) + (Math.floor(v / 14) % 2 === 0 ? 1 : 0);
  return GINGHAM[bands]!;
};

describe('a card found from its straight edges', () => {
  it('outlines a card in its cloth\'s colours, its short side first', () => {
    const quad = cardFromEdges(paint(dotted));
    expect(quad).not.toBeNull();
    // Either way up: the locator cannot tell a card's top from its bottom.
    const turned = [CARD[2]!, CARD[3]!, CARD[0]!, CARD[1]!];
    const error = (truth: Point[]) => Math.max(...quad!.map((p, k) => Math.hypot(p[0] - truth[k]![0], p[1] - truth[k]![1])));
    expect(Math.min(error(CARD), error(turned))).toBeLessThan(3);
  });

  it('finds no card in a gingham, whose lines run on past any corner', () => {
    expect(cardFromEdges(paint(gingham))).toBeNull();
  });

  it('finds no card in a plain frame or one too small to hold a card', () => {
    expect(cardFromEdges(paint(() => [90, 90, 90]))).toBeNull();
    expect(cardFromEdges(blankImage(3, 3))).toBeNull();
  });
});

describe('the locator on patterned cloths in the cards\' own colours', () => {
  it('finds cards that are cloth by colour from their edges, corners within 6 % of their height', async () => {
    // A red 4 with a dark strip on a pale floral cloth and an ochre 2 with a border among
    // ochre flowers: the colour levels found no card in either.
    const results = await locateLinePhotos('patterned-cloth', [26, 158], 7373);
    expect(results.map((r) => r.found.kind === 'card' && r.error <= CORNER_BOUND)).toEqual([true, true]);
  }, 120_000);

  it('still finds nothing on empty gingham tables', async () => {
    // Each of these once gave a quad of the gingham's lines before a side had to stop at its corners.
    const results = await locateLinePhotos('empty', [27, 33, 111, 173, 235, 289], 7373);
    expect(results.map((r) => r.found.kind)).toEqual(Array(6).fill('none'));
  }, 120_000);
});

/** Photo i of two overlapping held-out cards on a patterned cloth, drawn from a seed of these tests' own. */
async function pairOnCloth(i: number): Promise<Uint8Array> {
  const rng = makeRng(mixSeed(5151, i));
  const lower = ALL_CARDS[i % 49]!, upper = ALL_CARDS[((i % 49) + rng.int(1, 48)) % 49]!;
  const faces = [await renderCard(lower, randomStyle(lower, rng, 'held-out'), 300), await renderCard(upper, randomStyle(upper, rng, 'held-out'), 300)];
  return (await photograph(faces, rng, { width: 1280, height: 960, condition: 'overlap', cloth: true })).jpeg;
}

describe('two overlapping cards on a patterned cloth', () => {
  it('are not taken for the upper card by its edges', async () => {
    // #74: a yellow 1 over a yellow 4 on dots, the 4's colour beside the 1's outline; #187: a red 5
    // over an orange 6, both in the floral cloth's colours, the 6's side running into the 5's
    // outline. The colour levels refuse both pairs; the edges once outlined the upper card.
    for (const i of [74, 187]) {
      const image = await decodeFrame(await pairOnCloth(i));
      expect(locateCard(image).kind).not.toBe('card');
    }
  }, 120_000);
});
