// Chromium draws a face from HTML and CSS: the real browser, as bench/browser-eval.ts runs it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeCard } from '../../../device/rules/cards.ts';
import { makeRng } from '../../../vision/random.ts';
import { PRINTED } from '../../../vision/render/palette.ts';
import { FACE_H, FACE_W, drawPrinting } from '../../../bench/browser-faces/face-html.ts';
import { BrowserFaces, browserDeckPool } from '../../../bench/browser-faces/render.ts';

let faces: BrowserFaces;
beforeAll(async () => { faces = await BrowserFaces.open(); });
afterAll(async () => { await faces?.close(); });

const pixel = (img: { data: Uint8Array; width: number }, x: number, y: number) => [...img.data.subarray((y * img.width + x) * 4, (y * img.width + x) * 4 + 4)];

describe('faces drawn by chromium', () => {
  it('come out the face’s size, opaque within and clear beyond the rounded corners', async () => {
    const rng = makeRng(11);
    const img = await faces.draw(makeCard('green', 4), drawPrinting(rng, 'questrial', 'splash'), rng);
    expect([img.width, img.height, img.channels]).toEqual([FACE_W, FACE_H, 4]);
    expect(pixel(img, 0, 0)[3]).toBe(0);
    expect(pixel(img, FACE_W - 1, FACE_H - 1)[3]).toBe(0);
    expect(pixel(img, FACE_W / 2, FACE_H / 3)[3]).toBe(255);
  });

  it('paint a faceted face in shades of the card’s own colour', async () => {
    const rng = makeRng(12);
    const img = await faces.draw(makeCard('blue', 2), drawPrinting(rng, 'archivo', 'facets'), rng);
    // Right of the corner numeral and above the rule's panel lies only the faceted field.
    const [r, g, b] = pixel(img, FACE_W - 40, FACE_H / 2);
    const [pr, pg, pb] = PRINTED.blue.field;
    expect(Math.hypot(r! - pr, g! - pg, b! - pb)).toBeLessThan(90);
  });

  it('teach a deck one face per card, all in one printing', async () => {
    const { pool, printing } = await browserDeckPool(faces, 3, 'fredoka');
    expect(pool.faces.size).toBe(49);
    expect([...pool.faces.values()].every((list) => list.length === 1)).toBe(true);
    expect(pool.printing).toEqual({ family: 'fredoka', layout: printing.design === 'splash' ? 'asmadi' : 'hobby' });
  }, 120_000);
});
