import { describe, expect, it } from 'vitest';
import type { EvalLine } from '../../../vision/evaluate-conditions.ts';
import type { Point } from '../../../vision/homography.ts';
import { CORNER_BOUND } from '../../../vision/locate/measure.ts';
import { locateLinePhotos, type LocatedPhoto } from './located-photos.ts';

/** Photos drawn as `red7 vision-eval --conditions --styles held-out` draws them, from a seed of these tests' own. */
const SEED = 7373;

/** Locates photos 0..n−1 of a line (or the photos listed), at these tests' seed unless told. */
function locateLine(line: EvalLine, n: number | readonly number[], seed = SEED): Promise<LocatedPhoto[]> {
  return locateLinePhotos(line, typeof n === 'number' ? Array.from({ length: n }, (_, k) => k) : n, seed);
}

/** Which of the drawn card's corners (TL, TR, BR, BL: 0–1 and 2–3 are its short sides) lies nearest a point. */
function nearestCorner(truth: readonly Point[], p: Point): number {
  let best = 0;
  for (let k = 1; k < 4; k++) if (Math.hypot(truth[k]![0] - p[0], truth[k]![1] - p[1]) < Math.hypot(truth[best]![0] - p[0], truth[best]![1] - p[1])) best = k;
  return best;
}

/** Whether TL→TR lies on one of the card's short sides (either way up), so the crop is never turned a quarter. */
function shortSideFirst(r: LocatedPhoto): boolean {
  const quad = r.found.kind === 'card' ? r.found.quad : [];
  const side = [nearestCorner(r.truth, quad[0]!), nearestCorner(r.truth, quad[1]!)].sort().join('');
  return side === '01' || side === '23';
}

function within(results: readonly LocatedPhoto[]): number {
  return results.filter((r) => r.found.kind === 'card' && r.error <= CORNER_BOUND).length;
}

describe('card locator under table conditions', () => {
  it('finds a card under a thumb or finger that reaches in from the frame\'s edge, its corners within 6 % of its height', async () => {
    // The hand is cut out where it meets the frame's edge and the card's rectangle fitted to what
    // is left (12 of these 24 before, when the finger was only eroded away; 22 since).
    const results = await locateLine('thumb', 24);
    expect(within(results)).toBeGreaterThanOrEqual(20);
  }, 240_000);

  it('does not take the skin of a thumb over a card for a second card\'s colour', async () => {
    // These three thumbs lie over a card of another hue, once refused as several cards; the
    // hand reaches in from the frame's edge, so its skin does not count as a second card.
    const results = await locateLine('thumb', [29, 49, 78]);
    expect(within(results)).toBe(3);
  }, 240_000);

  it('finds a card whose lamp reflection spills onto the table, its corners within 6 % of its height', async () => {
    // The glare is taken out of the mask and the card's rectangle fitted to its own edges; before
    // that the locator found 3 of these 24 cards, since then 18.
    const results = await locateLine('glare-spill', 24);
    expect(within(results)).toBeGreaterThanOrEqual(14);
  }, 240_000);

  it('does not take the warm rim of a glare or a card\'s pale panel for a second card', async () => {
    // Cards fitted round a glare spot, once refused as several cards for the second hue their
    // panel or the glare's rim shows; their outline away from the glare is their quad's.
    const results = await locateLine('glare-spill', [1, 45, 57, 58]);
    expect(within(results)).toBe(4);
  }, 240_000);

  it('does not take the glare\'s rim for a second card on a card eroded free of it either', async () => {
    // A glare disc over a card's edge (a violet 4 and a green 6), or by the thumb on a blue 5:
    // erosion frees the card from the disc, and the rim's hue left inside its quad once made it
    // two cards.
    const results = [...await locateLine('glare-spill', [119, 185], 7373), ...await locateLine('thumb', [225], 5151)];
    expect(within(results)).toBe(3);
  }, 120_000);

  it('finds a card whose outline the glare broke from the straight sides it still shows', async () => {
    // Two of these were refused as several cards (the spill's disc taken for a second one) and
    // one had a corner out in the glare; the card's sides where no glare lies make its quad.
    const results = await locateLine('glare-spill', [10, 26, 59]);
    expect(within(results)).toBe(3);
  }, 120_000);

  it('finds a card that erosion refused for the lamp spill beside it, by fitting it again without the glare', async () => {
    // The eroded card of each of these two was refused for the spill's disc beside it ("none");
    // the disc holds a clipped white core along the card's outline, so the card is fitted without it.
    const results = await locateLine('glare-spill', [4, 76]);
    expect(within(results)).toBe(2);
  }, 120_000);

  it('does not take a card of the table\'s own colour, only brighter, for a lamp\'s glare', async () => {
    // Glare is the table's colour washed out by a lamp's light: brighter than the table's own
    // light allows, a pixel must have lost some of that colour. A green card on a dark green cloth
    // (photo 66 of one seed) and a violet card on a dark grey one (photo 98 of another) were
    // taken out with the glare, whole or in part.
    const [green] = await locateLine('glare-spill', [66], 5151);
    const [teal] = await locateLine('glare-spill', [98], 6262);
    expect(within([green!, teal!])).toBe(2);
  }, 120_000);

  it('finds a card on a patterned cloth, its corners within 6 % of its height', async () => {
    // The cloth is told by its colours and their mixtures, not by one median colour: 17 of these
    // 24 cards were found by the median alone, 22 since.
    const results = await locateLine('patterned-cloth', 24);
    expect(within(results)).toBeGreaterThanOrEqual(20);
  }, 240_000);

  it('fits a card\'s sides past the flowers of a cloth that join its blob', async () => {
    // Petals touching the card pull the corners fitted to its blob out onto the cloth (a blue 3
    // and a green 7 among flowers, a yellow 4 beside orange ones); each side is fitted again to
    // the straight run most of its edge pixels lie on.
    const found = [...await locateLine('patterned-cloth', [260, 290], 5151), ...await locateLine('patterned-cloth', [189], 6262), ...await locateLine('patterned-cloth', [221], 7373)];
    expect(within(found)).toBe(4);
  }, 120_000);

  it('puts the corners of a card cut by the frame\'s edge where the whole card lies, outside the frame', async () => {
    // The cut side is the frame's; the sides running into it are extended to a card's 5:7. The
    // cut card's colour in the frame's border is no part of the table's spread: 17 of these 24
    // cards were found with it, 20 since.
    const results = await locateLine('partly-off-frame', 24);
    expect(within(results)).toBeGreaterThanOrEqual(18);
    const outside = results.filter((r) => r.found.kind === 'card' && r.error <= CORNER_BOUND && r.found.quad.some(([x, y]) => x < 0 || y < 0 || x > 384 || y > 288));
    expect(outside.length).toBeGreaterThan(0);
  }, 240_000);

  it('finds a card the frame cuts across a corner even when the cut blob is no card\'s shape, from its four sides met beyond the edge', async () => {
    // Photo 41 of another seed: a white-bordered red card cut at the top left, which was "none".
    const [r] = await locateLine('partly-off-frame', [41], 5151);
    expect(r!.found.kind).toBe('card');
    expect(r!.error).toBeLessThanOrEqual(CORNER_BOUND);
  }, 60_000);

  it('finds a card whose whole far side is beyond the frame\'s edge from the three sides it shows', async () => {
    // Photos of another seed, each once "none": a violet 6 cut at the left edge, an indigo 2 and an indigo 4 cut at the bottom.
    const results = await locateLine('partly-off-frame', [84, 106, 120], 6262);
    expect(results.map((r) => r.found.kind)).toEqual(['card', 'card', 'card']);
    expect(results.every((r) => r.error <= CORNER_BOUND)).toBe(true);
  }, 60_000);

  it('finds a card seen by a camera tilted 25–45°, its corners within 6 % of its height and its long axis read as its height', async () => {
    // A filled quadrilateral of any proportions from about 1:2 to square is taken for a tilted card
    // when its outline lies on its quad: 32 of these 40 cards were found before, 37 since.
    const results = await locateLine('tilt', 40);
    const found = results.filter((r) => r.found.kind === 'card' && r.error <= CORNER_BOUND);
    expect(found.length).toBeGreaterThanOrEqual(35);
    for (const r of found) expect(shortSideFirst(r)).toBe(true);
  }, 240_000);

  it('finds a nearly square tilted card whose axes of inertia point off its corners, from the largest quad on its outline', async () => {
    // Three cards (of another seed) foreshortened to nearly square, once "no card".
    const results = await locateLine('tilt', [31, 98, 104], 5151);
    expect(within(results)).toBe(3);
    for (const r of results) expect(shortSideFirst(r)).toBe(true);
  }, 120_000);

  it('says several cards, or none, for two overlapping cards far more often than it gives one', async () => {
    const results = await locateLine('overlap', 24);
    expect(results.filter((r) => r.found.kind === 'card').length).toBeLessThanOrEqual(2);
    expect(results.filter((r) => r.found.kind === 'several').length).toBeGreaterThan(0);
  }, 240_000);

  it('says several cards when only a sliver of the card underneath shows beside the top one', async () => {
    // Two photos (of another seed) where the top card is found whole, one with a yellow card's edge below it, one with a green card's corner.
    const results = await locateLine('overlap', [11, 59], 5151);
    expect(results.map((r) => r.found.kind)).toEqual(['several', 'several']);
  }, 120_000);

  it('does not take a card whose own colours come near the table\'s for two cards, since its quad\'s corners lie on the card', async () => {
    // A yellow card on olive wood, and two cards with a glare spot by their edge on a light table,
    // once refused as several cards for the table-like bays inside their quads.
    const [wood] = await locateLine('plain', [137], 5151);
    const [cast] = await locateLine('glare-cast', [134], 5151);
    const [spill] = await locateLine('glare-spill', [90], 5151);
    expect(within([wood!, cast!, spill!])).toBe(3);
  }, 120_000);

  it('says several cards for two cards of one colour fitted as one quad, which has a corner out on the table', async () => {
    const pairs = [...(await locateLine('overlap', [0, 13, 18, 32], 6262)), ...(await locateLine('overlap', [24], 9292))];
    expect(pairs.map((r) => r.found.kind)).toEqual(['several', 'several', 'several', 'several', 'several']);
  }, 120_000);

  it('says several cards for most overlapping pairs on a patterned cloth that the colours took for one card', async () => {
    // The 26 of this seed's first 120 pairs on a cloth that the colours took for one card (23 on
    // a table known for a cloth); the cloth-pair network refuses 14 of them, none before it.
    const ids = [8, 12, 16, 21, 27, 30, 35, 37, 39, 42, 48, 50, 57, 71, 72, 73, 75, 77, 82, 89, 90, 95, 96, 102, 110, 117];
    const results = await locateLine('overlap-on-cloth', ids);
    expect(results.filter((r) => r.found.kind === 'several').length).toBeGreaterThanOrEqual(12);
  }, 240_000);

  it('says several cards when a smaller sliver shows beside a card whose outline strays from its quad', async () => {
    // A violet 5 on a red card and an indigo 4 on a yellow one, once read with confidence 0.999 and more.
    const [violet] = await locateLine('overlap', [139], 6262);
    const [indigo] = await locateLine('overlap', [291], 7373);
    expect([violet!.found.kind, indigo!.found.kind]).toEqual(['several', 'several']);
  }, 120_000);
});
