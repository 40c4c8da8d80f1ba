import { describe, expect, it } from 'vitest';
import { createHash } from 'node:crypto';
import { ALL_CARDS, cardColour, parseCard } from '../../device/rules/cards.ts';
import { renderCard, renderCardSeeded } from '../../vision/render/rasterise.ts';
import { FACET_MARGIN, HUE_DRIFT, randomStyle, LAYOUTS, SHADE_MARGIN, shadeIsClear } from '../../vision/render/style.ts';
import { deltaE, PRINTED, rgbToHsv } from '../../vision/render/palette.ts';
import { COLOURS } from '../../device/rules/cards.ts';
import { cardSvg } from '../../vision/render/card-svg.ts';
import { makeRng } from '../../vision/random.ts';

const digest = (b: Uint8Array): string => createHash('sha256').update(b).digest('hex');

describe('card renderer', () => {
  it('draws the same pixels for the same card and seed', async () => {
    const a = await renderCardSeeded(parseCard('B6'), 42, 120);
    const b = await renderCardSeeded(parseCard('B6'), 42, 120);
    expect(digest(a.data)).toBe(digest(b.data));
  });

  it('draws a different look for another seed', async () => {
    const a = await renderCardSeeded(parseCard('B6'), 42, 120);
    const b = await renderCardSeeded(parseCard('B6'), 43, 120);
    expect(digest(a.data)).not.toBe(digest(b.data));
  });

  it('keeps every colour\'s hue range clear of its neighbours\', red and orange included', () => {
    for (const a of COLOURS) for (const b of COLOURS) {
      if (a === b) continue;
      const d = Math.abs(rgbToHsv(PRINTED[a].field)[0] - rgbToHsv(PRINTED[b].field)[0]) % 360;
      const gap = Math.min(d, 360 - d);
      expect(HUE_DRIFT[a] + HUE_DRIFT[b], `${a}/${b}`).toBeLessThan(gap);
    }
  });

  it('draws every field shade clearly nearer its own printed colour than any other', () => {
    const rng = makeRng(21);
    for (const card of ALL_CARDS) {
      for (let k = 0; k < 20; k++) {
        const { field } = randomStyle(card, rng);
        const colour = cardColour(card);
        const own = deltaE(field, PRINTED[colour].field);
        for (const other of COLOURS.filter((c) => c !== colour)) expect(own, `${colour} vs ${other}`).toBeLessThanOrEqual(SHADE_MARGIN * deltaE(field, PRINTED[other].field));
      }
    }
  });

  it('widens only training faces: four indices, rule strips and shapes behind the numeral', () => {
    const rng = makeRng(23);
    const seen = { fourCorners: 0, ruleStrip: 0, decor: 0 };
    for (let i = 0; i < 600; i++) {
      const card = ALL_CARDS[i % 49]!;
      const st = randomStyle(card, rng, 'training');
      if (st.fourCorners) seen.fourCorners++;
      if (st.ruleStrip !== 'none') seen.ruleStrip++;
      if (st.decor) seen.decor++;
      for (const set of ['calibration', 'held-out'] as const) {
        const other = randomStyle(card, rng, set);
        expect([other.fourCorners, other.ruleStrip, other.decor]).toEqual([false, 'none', false]);
      }
    }
    expect(Math.min(seen.fourCorners, seen.ruleStrip, seen.decor)).toBeGreaterThan(30);
  });

  it('draws every Hobby World facet nearer its own printed colour than any other', () => {
    const rng = makeRng(22);
    for (const card of ALL_CARDS) {
      for (let k = 0; k < 4; k++) {
        const st = { ...randomStyle(card, rng), layout: 'hobby' as const };
        const fills = [...cardSvg(card, st, 50, 70).matchAll(/<polygon [^>]*fill="#([0-9a-f]{6})"/g)].map((m) => m[1]!);
        expect(fills.length).toBeGreaterThanOrEqual(40);
        for (const f of fills) {
          const rgb = [0, 2, 4].map((i) => parseInt(f.slice(i, i + 2), 16)) as [number, number, number];
          expect(shadeIsClear(cardColour(card), rgb, FACET_MARGIN), `${card} facet #${f}`).toBe(true);
        }
      }
    }
  });

  it('measures colour difference in CIELAB: white to black is 100', () => {
    expect(deltaE([255, 255, 255], [0, 0, 0])).toBeCloseTo(100, 1);
    expect(deltaE([176, 31, 36], [176, 31, 36])).toBe(0);
  });

  it('draws the Hobby World second numeral only on cards without the white rule panel', () => {
    const rng = makeRng(9);
    for (let k = 0; k < 40; k++) {
      const st = { ...randomStyle(parseCard('G2'), rng), layout: 'hobby' as const, numeralShadow: 0 };
      const numerals = (cardSvg(parseCard('G2'), st, 50, 70).match(/class="numeral"/g) ?? []).length;
      if (st.ruleText) expect(numerals).toBe(1);
      else expect(numerals).toBeGreaterThanOrEqual(1);
    }
  });

  it('renders every card in every layout as a 5:7 RGBA face', async () => {
    const rng = makeRng(5);
    for (const layout of LAYOUTS) {
      for (const card of ALL_CARDS) {
        const img = await renderCard(card, { ...randomStyle(card, rng), layout }, 50);
        expect([img.width, img.height, img.channels]).toEqual([50, 70, 4]);
      }
    }
  });

  it('prints the big numeral in white and the colour around it', async () => {
    const img = await renderCard(parseCard('R4'), { ...randomStyle(parseCard('R4'), makeRng(1)), layout: 'plain', border: 0, numeralShadow: 0 }, 100);
    let white = 0, red = 0;
    for (let i = 0; i < img.width * img.height; i++) {
      const [r, g, b] = [img.data[4 * i]!, img.data[4 * i + 1]!, img.data[4 * i + 2]!];
      if (r > 230 && g > 230 && b > 230) white++;
      if (r > 120 && g < 80 && b < 80) red++;
    }
    expect(white).toBeGreaterThan(img.width * img.height * 0.015);
    expect(red).toBeGreaterThan(img.width * img.height * 0.5);
  });

  it('puts the action icon only on odd cards of the Asmadi layout', () => {
    const style = { ...randomStyle(parseCard('G7'), makeRng(3)), layout: 'asmadi' as const };
    expect(cardSvg(parseCard('G7'), style, 50, 70)).toContain('M9,9 L21,21');
    expect(cardSvg(parseCard('G6'), style, 50, 70)).not.toContain('M9,9 L21,21');
  });
});
