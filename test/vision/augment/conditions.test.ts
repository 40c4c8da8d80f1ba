import { describe, expect, it } from 'vitest';
import { createHash } from 'node:crypto';
import sharp from 'sharp';
import { parseCard } from '../../../device/rules/cards.ts';
import { CONDITIONS, checkMix, drawCondition, parseMix, type Condition } from '../../../vision/augment/conditions.ts';
import { PATTERNS, paintCloth } from '../../../vision/augment/cloth.ts';
import { castGains } from '../../../vision/augment/lamp.ts';
import { placeThumb } from '../../../vision/augment/occluder.ts';
import { facePoint, insideQuad, shareHidden, shareOutside } from '../../../vision/augment/placement.ts';
import { facesFor, NUMERAL_CENTRE, photograph, randomQuad } from '../../../vision/augment/scene.ts';
import { freshFacePool, photoOfCard, photoOfNothing } from '../../../vision/dataset.ts';
import { homographyFromPoints, type Point } from '../../../vision/homography.ts';
import { makeRng, mixSeed } from '../../../vision/random.ts';
import { renderCardSeeded } from '../../../vision/render/rasterise.ts';

const digest = (b: Uint8Array): string => createHash('sha256').update(b).digest('hex');
const W = 320, H = 240;

async function facesUnder(condition: Condition): Promise<Awaited<ReturnType<typeof renderCardSeeded>>[]> {
  const faces = [await renderCardSeeded(parseCard('G3'), 4, 80), await renderCardSeeded(parseCard('R6'), 5, 80)];
  return faces.slice(0, facesFor(condition));
}

/** The camera's tilt from the plane normal a card's quad implies, given the focal length and principal point that made it. */
function tiltOf(quad: readonly Point[], focal: number, principal: Point): number {
  const rect: Point[] = [[0, 0], [5, 0], [5, 7], [0, 7]];
  const hm = homographyFromPoints(rect, quad.map(([x, y]) => [(x - principal[0]) / focal, (y - principal[1]) / focal] as Point));
  const r1 = [hm[0]!, hm[3]!, hm[6]!], r2 = [hm[1]!, hm[4]!, hm[7]!];
  const n = [r1[1]! * r2[2]! - r1[2]! * r2[1]!, r1[2]! * r2[0]! - r1[0]! * r2[2]!, r1[0]! * r2[1]! - r1[1]! * r2[0]!];
  return (Math.acos(Math.abs(n[2]!) / Math.hypot(n[0]!, n[1]!, n[2]!)) * 180) / Math.PI;
}

describe('table conditions', () => {
  it('photograph a plain scene byte for byte as before when plain is asked for by name', async () => {
    const [face] = await facesUnder('plain');
    for (let seed = 0; seed < 4; seed++) {
      const a = await photograph([face!], makeRng(seed), { width: W, height: H });
      const b = await photograph([face!], makeRng(seed), { width: W, height: H, condition: 'plain' });
      expect(digest(b.jpeg)).toBe(digest(a.jpeg));
      expect(b.condition).toBe('plain');
      expect(b.details).toEqual({});
    }
  });

  it('draw every condition from the seed alone: the same seed gives the same bytes, another seed another photo', async () => {
    for (const condition of CONDITIONS) {
      const faces = await facesUnder(condition);
      const a = await photograph(faces, makeRng(mixSeed(3, 1)), { width: W, height: H, condition });
      const b = await photograph(faces, makeRng(mixSeed(3, 1)), { width: W, height: H, condition });
      const c = await photograph(faces, makeRng(mixSeed(3, 2)), { width: W, height: H, condition });
      expect(digest(a.jpeg), condition).toBe(digest(b.jpeg));
      expect(a.details, condition).toEqual(b.details);
      expect(digest(c.jpeg), condition).not.toBe(digest(a.jpeg));
    }
  });

  it('refuse a condition given the wrong number of faces', async () => {
    const faces = await facesUnder('overlap');
    await expect(photograph([faces[0]!], makeRng(1), { width: W, height: H, condition: 'overlap' })).rejects.toThrow(/2 face/);
    await expect(photograph(faces, makeRng(1), { width: W, height: H, condition: 'thumb' })).rejects.toThrow(/1 face/);
    await expect(photograph([], makeRng(1), { width: W, height: H, condition: 'tilt' })).rejects.toThrow(/1 face/);
  });

  it('tilt the camera 25–45°, as the card\'s projection shows', async () => {
    const [face] = await facesUnder('tilt');
    const tilts: number[] = [];
    for (let seed = 0; seed < 12; seed++) {
      const s = await photograph([face!], makeRng(mixSeed(9, seed)), { width: W, height: H, condition: 'tilt' });
      const { tilt, focal, principal } = s.details;
      expect(tilt).toBeGreaterThanOrEqual(25);
      expect(tilt).toBeLessThanOrEqual(45);
      expect(tiltOf(s.quads[0]!, focal!, principal!)).toBeCloseTo(tilt!, 3);
      expect(s.quads[0]!.every(([x, y]) => x > 0 && y > 0 && x < W && y < H)).toBe(true);
      tilts.push(tilt!);
    }
    expect(Math.max(...tilts) - Math.min(...tilts)).toBeGreaterThan(8);
  });

  it('cut 3–15 % of the card off at the frame\'s edge under partly-off-frame', async () => {
    const [face] = await facesUnder('partly-off-frame');
    for (let seed = 0; seed < 12; seed++) {
      const s = await photograph([face!], makeRng(mixSeed(10, seed)), { width: W, height: H, condition: 'partly-off-frame' });
      expect(s.details.outside).toBeGreaterThanOrEqual(0.025);
      expect(s.details.outside).toBeLessThanOrEqual(0.155);
      expect(shareOutside(s.quads[0]!, W, H)).toBe(s.details.outside);
    }
  });

  it('hide 20–70 % of the lower card under the upper one, two different cards, and expect no card back', async () => {
    const pool = freshFacePool(60);
    for (let i = 0; i < 8; i++) {
      const p = await photoOfCard(pool, i, makeRng(mixSeed(11, i)), W, H, undefined, 'overlap');
      expect(p.card).toBeNull();
      expect(p.cards).toHaveLength(2);
      expect(p.cards[0]).not.toBe(p.cards[1]);
      expect(p.quads).toHaveLength(2);
      expect(p.details.hidden).toBeGreaterThanOrEqual(0.19);
      expect(p.details.hidden).toBeLessThanOrEqual(0.71);
      expect(shareHidden(p.quads[0]!, p.quads[1]!)).toBe(p.details.hidden);
    }
  });

  it('put a thumb over a corner or an edge, covering up to a fifth of the card and never the numeral\'s centre', () => {
    const overs = new Set<string>();
    for (let seed = 0; seed < 40; seed++) {
      const rng = makeRng(mixSeed(12, seed));
      const card = randomQuad(rng, 1280, 960, [0.35, 0.8])!;
      const thumb = placeThumb(card, rng, [NUMERAL_CENTRE], [0.04, 0.2]);
      expect(thumb).not.toBeNull();
      overs.add(thumb!.over);
      expect(thumb!.covered).toBeGreaterThanOrEqual(0.03);
      expect(thumb!.covered).toBeLessThanOrEqual(0.2);
      // The tip is near the card, and the numeral's centre is not under the digit.
      const [cx, cy] = facePoint(card, 0.5, 0.5);
      const toCentre = Math.hypot(thumb!.tip[0] - cx, thumb!.tip[1] - cy);
      expect(toCentre).toBeGreaterThan(thumb!.width / 2);
      const grown = card.map(([x, y]) => [cx + (x - cx) * 1.5, cy + (y - cy) * 1.5] as Point);
      expect(insideQuad(grown, thumb!.tip)).toBe(true);
    }
    expect([...overs].sort()).toEqual(['corner', 'edge']);
  });

  it('find a place for a thumb that keeps both of the numeral\'s possible places clear, on cards where twenty tries found none', () => {
    // The Hobby World numeral's place, kept clear beside the middle when the layout is not known.
    const clear: Point[] = [NUMERAL_CENTRE, [0.25, 0.22]];
    for (const seed of [3698, 8803, 10207, 10733, 11960]) {
      const rng = makeRng(mixSeed(99, seed));
      const card = randomQuad(rng, 384, 288, [0.35, 0.8])!;
      const thumb = placeThumb(card, rng, clear, [0.04, 0.2]);
      expect(thumb, `seed ${seed}`).not.toBeNull();
      for (const [u, v] of clear) {
        const [px, py] = facePoint(card, u, v);
        expect(Math.hypot(thumb!.tip[0] - px, thumb!.tip[1] - py), `seed ${seed}`).toBeGreaterThan(thumb!.width / 2);
      }
    }
  });

  it('photograph a thumb that hides the share of the card it says', async () => {
    const [face] = await facesUnder('thumb');
    const s = await photograph([face!], makeRng(13), { width: W, height: H, condition: 'thumb' });
    expect(s.details.covered).toBeGreaterThan(0.03);
    expect(s.details.covered).toBeLessThanOrEqual(0.2);
  });

  it('spill a glare clipped to white across the card\'s edge onto the table', async () => {
    const [face] = await facesUnder('glare-spill');
    let both = 0;
    for (let seed = 0; seed < 6; seed++) {
      const s = await photograph([face!], makeRng(mixSeed(14, seed)), { width: W, height: H, condition: 'glare-spill' });
      const { data, info } = await sharp(s.jpeg).raw().toBuffer({ resolveWithObject: true });
      let onCard = 0, onTable = 0;
      for (let y = 0; y < info.height; y++) for (let x = 0; x < info.width; x++) {
        const o = (y * info.width + x) * 3;
        if (data[o]! < 245 || data[o + 1]! < 245 || data[o + 2]! < 245) continue;
        if (insideQuad(s.quads[0]!, [x + 0.5, y + 0.5])) onCard++;
        else onTable++;
      }
      if (onCard > 0 && onTable > 0) both++;
    }
    expect(both).toBeGreaterThanOrEqual(5);
  });

  it('light a glare spot with a strong warm or cool lamp, white balance fixed for daylight', async () => {
    const [face] = await facesUnder('glare-cast');
    for (let seed = 0; seed < 10; seed++) {
      const s = await photograph([face!], makeRng(mixSeed(15, seed)), { width: W, height: H, condition: 'glare-cast' });
      const k = s.details.kelvin!;
      expect((k >= 2000 && k <= 2700) || (k >= 9000 && k <= 12000)).toBe(true);
      expect(s.glareAt).not.toBeNull();
    }
    const [wr, , wb] = castGains(2000), [cr, , cb] = castGains(12000);
    expect(wb / wr).toBeLessThan(0.3);
    expect(cb / cr).toBeGreaterThan(1.2);
    expect(castGains(5500).map((g) => Number(g.toFixed(6)))).toEqual([1, 1, 1]);
  });

  it('lay patterned cloths, each far from one colour, and photograph an empty table on one', async () => {
    for (const pattern of PATTERNS) {
      const buf = new Float32Array(160 * 120 * 3);
      expect(paintCloth(buf, 160, 120, makeRng(16), pattern)).toBe(pattern);
      let sum = 0, sq = 0;
      for (let i = 0; i < buf.length; i += 3) { const l = (buf[i]! + buf[i + 1]! + buf[i + 2]!) / 3; sum += l; sq += l * l; }
      const n = buf.length / 3, sd = Math.sqrt(sq / n - (sum / n) ** 2);
      expect(sd, pattern).toBeGreaterThan(10);
    }
    const empty = await photoOfNothing(makeRng(17), W, H, 'patterned-cloth');
    expect(PATTERNS).toContain(empty.details.pattern);
    expect(empty.quads).toHaveLength(0);
  });
});

describe('a training mix of conditions', () => {
  it('draws each condition about as often as its probability, the rest plain', () => {
    const mix = checkMix({ thumb: 0.2, tilt: 0.1, overlap: 0.05 });
    const rng = makeRng(18);
    const counts: Record<string, number> = {};
    for (let i = 0; i < 4000; i++) { const c = drawCondition(mix, rng); counts[c] = (counts[c] ?? 0) + 1; }
    expect(counts.thumb! / 4000).toBeCloseTo(0.2, 1);
    expect(counts.tilt! / 4000).toBeCloseTo(0.1, 1);
    expect(counts.overlap! / 4000).toBeCloseTo(0.05, 1);
    expect(counts.plain! / 4000).toBeCloseTo(0.65, 1);
    expect(Object.keys(counts).sort()).toEqual(['overlap', 'plain', 'thumb', 'tilt']);
  });

  it('refuses unknown names, probabilities out of range and mixes adding up to more than one', () => {
    expect(() => checkMix({ fog: 0.1 } as never)).toThrow(/not a table condition/);
    expect(() => checkMix({ thumb: -0.1 })).toThrow(/\[0, 1\]/);
    expect(() => checkMix({ thumb: Number.NaN })).toThrow(/\[0, 1\]/);
    expect(() => checkMix({ thumb: 0.6, tilt: 0.6 })).toThrow(/more than 1/);
    expect(() => checkMix(null as never)).toThrow(/object/);
  });

  it('reads a mix from a flag and refuses a malformed one', () => {
    expect(parseMix('thumb=0.1, tilt=0.2')).toEqual({ thumb: 0.1, tilt: 0.2 });
    expect(() => parseMix('thumb')).toThrow(/condition=probability/);
    expect(() => parseMix('thumb=x')).toThrow(/not a probability/);
    expect(() => parseMix('fog=0.1')).toThrow(/not a table condition/);
    expect(() => parseMix('thumb=0.7,tilt=0.7')).toThrow(/more than 1/);
  });
});
