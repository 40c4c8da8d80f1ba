import { describe, expect, it } from 'vitest';
import { createHash } from 'node:crypto';
import sharp from 'sharp';
import { parseCard } from '../../device/rules/cards.ts';
import { lit, photograph } from '../../vision/augment/scene.ts';
import { BACKGROUNDS } from '../../vision/augment/background.ts';
import { renderCardSeeded } from '../../vision/render/rasterise.ts';
import { makeRng, mixSeed } from '../../vision/random.ts';

const digest = (b: Uint8Array): string => createHash('sha256').update(b).digest('hex');

describe('scene augmentation', () => {
  it('photographs the same JPEG bytes from the same seed', async () => {
    const face = await renderCardSeeded(parseCard('I3'), 9, 120);
    const a = await photograph([face], makeRng(123), { width: 320, height: 240 });
    const b = await photograph([face], makeRng(123), { width: 320, height: 240 });
    expect(digest(a.jpeg)).toBe(digest(b.jpeg));
    expect(a.quads).toEqual(b.quads);
  });

  it('photographs a different scene from another seed', async () => {
    const face = await renderCardSeeded(parseCard('I3'), 9, 120);
    const a = await photograph([face], makeRng(123), { width: 320, height: 240 });
    const b = await photograph([face], makeRng(124), { width: 320, height: 240 });
    expect(digest(a.jpeg)).not.toBe(digest(b.jpeg));
  });

  it('keeps the whole card inside the frame at any rotation', async () => {
    const face = await renderCardSeeded(parseCard('Y5'), 1, 80);
    for (let deg = 0; deg < 360; deg += 30) {
      const s = await photograph([face], makeRng(mixSeed(7, deg)), { width: 320, height: 240, rotation: deg });
      for (const [x, y] of s.quads[0]!) {
        expect(x).toBeGreaterThan(0);
        expect(y).toBeGreaterThan(0);
        expect(x).toBeLessThan(320);
        expect(y).toBeLessThan(240);
      }
    }
  });

  it('delivers a decodable JPEG of the asked size on every background', async () => {
    for (const background of BACKGROUNDS) {
      const s = await photograph([], makeRng(1), { width: 200, height: 150, background });
      const meta = await sharp(s.jpeg).metadata();
      expect([meta.format, meta.width, meta.height]).toEqual(['jpeg', 200, 150]);
    }
  });

  it('says where it drew a glare spot, on about one photo in five', async () => {
    const face = await renderCardSeeded(parseCard('R4'), 3, 60);
    let glares = 0;
    for (let seed = 0; seed < 60; seed++) {
      const s = await photograph([face], makeRng(seed), { width: 96, height: 72 });
      if (s.glareAt === null) continue;
      glares++;
      const [x, y] = s.glareAt;
      expect(x >= 0 && x <= 96 && y >= 0 && y <= 72).toBe(true);
    }
    expect(glares).toBeGreaterThan(4);
    expect(glares).toBeLessThan(25);
  });

  it('places two cards without overlap', async () => {
    const a = await renderCardSeeded(parseCard('R1'), 1, 80);
    const b = await renderCardSeeded(parseCard('V7'), 2, 80);
    const s = await photograph([a, b], makeRng(77), { width: 640, height: 480, cardScale: [0.35, 0.45] });
    const centre = (q: ReadonlyArray<readonly [number, number]>): [number, number] => [q.reduce((t, p) => t + p[0], 0) / 4, q.reduce((t, p) => t + p[1], 0) / 4];
    const [ca, cb] = [centre(s.quads[0]!), centre(s.quads[1]!)];
    expect(Math.hypot(ca[0] - cb[0], ca[1] - cb[1])).toBeGreaterThan(0.35 * 480 * 0.8 * (5 / 7));
  });

  it('tints a glare spot with the lamp\'s colour, as a reflection of the lamp is', () => {
    // Warm light: full red, 55 % blue. A glare of 300 on a dark field keeps that ratio.
    const red = lit(20, 1, 300, 1), blue = lit(20, 1, 300, 0.55);
    expect(blue / red).toBeCloseTo(0.55, 6);
    // Without glare the surface is only its colour under the light.
    expect(lit(200, 0.5, 0, 0.8)).toBeCloseTo(80, 6);
  });
});
