import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ALL_CARDS, COLOURS } from '../../../device/rules/cards.ts';
import { photoOfCard } from '../../../vision/dataset.ts';
import { makeRng } from '../../../vision/random.ts';
import { cardSvg } from '../../../vision/render/card-svg.ts';
import {
  CALIBRATION_FAMILIES, familiesOf, fontFile, HELD_OUT_FAMILIES, STYLE_SETS, textPath, TRAINING_FAMILIES, weightsOf,
} from '../../../vision/render/fonts.ts';
import { notCardSvg } from '../../../vision/render/not-card-svg.ts';
import { RULE_TEXT_EN, RULE_TEXT_RU } from '../../../vision/render/palette.ts';
import { HELD_OUT_LAYOUT, randomStyle } from '../../../vision/render/style.ts';
import { facePoolFor } from '../../../vision/train/data.ts';
import { poolSpecs } from '../../../vision/train/train.ts';

const root = resolve(import.meta.dirname, '../../..');
const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { dependencies: Record<string, string> };

describe('card fonts', () => {
  it('keeps at least 40 training families and 10 held-out ones, in three sets that share none', () => {
    expect(TRAINING_FAMILIES.length).toBeGreaterThanOrEqual(40);
    expect(HELD_OUT_FAMILIES.length).toBeGreaterThanOrEqual(10);
    const all = [...TRAINING_FAMILIES, ...CALIBRATION_FAMILIES, ...HELD_OUT_FAMILIES];
    expect(new Set(all).size).toBe(all.length);
  });

  it('loads every family from a package the project declares, inside its own node_modules', () => {
    for (const family of [...TRAINING_FAMILIES, ...CALIBRATION_FAMILIES, ...HELD_OUT_FAMILIES]) {
      expect(pkg.dependencies[`@fontsource/${family}`], family).toBeDefined();
      const weights = weightsOf(family);
      expect(weights.length, family).toBeGreaterThan(0);
      for (const w of weights) expect(fontFile(family, w)!.startsWith(join(root, 'node_modules', '@fontsource', family))).toBe(true);
    }
  });

  it('has a glyph of its own for every figure and rule letter in every family and weight (no fallback to another font)', () => {
    for (const family of [...TRAINING_FAMILIES, ...CALIBRATION_FAMILIES, ...HELD_OUT_FAMILIES]) {
      for (const weight of weightsOf(family)) {
        for (const value of '1234567') expect(textPath(value, { family, weight }, 0, 0, 100).d).toMatch(/^M/);
        for (const c of COLOURS) textPath(RULE_TEXT_EN[c], { family, weight }, 0, 0, 10);
      }
      for (const weight of weightsOf(family, 'cyrillic')) {
        for (const c of COLOURS) textPath(RULE_TEXT_RU[c], { family, weight, subset: 'cyrillic' }, 0, 0, 10);
      }
    }
  });

  it('refuses to draw a character the font has no glyph for, rather than falling back', () => {
    expect(() => textPath('♠', { family: 'jost', weight: 400 }, 0, 0, 10)).toThrow(/no glyph for "♠"/);
    expect(() => textPath('1', { family: 'jost', weight: 450 }, 0, 0, 10)).toThrow(/has no latin 450 weight/);
  });

  it('draws every face and non-card as outlines, leaving fontconfig nothing to choose', () => {
    const rng = makeRng(3);
    for (const set of STYLE_SETS) {
      for (let i = 0; i < 60; i++) {
        const card = ALL_CARDS[i % 49]!;
        expect(cardSvg(card, randomStyle(card, rng, set), 50, 70)).not.toMatch(/<text|font-family/);
      }
    }
    for (let i = 0; i < 40; i++) expect(notCardSvg(rng, 50, 70)).not.toMatch(/<text|font-family/);
  });
});

describe('the held-out styles', () => {
  it('never reach training: 5,000 training style draws use only training families and layouts', () => {
    const rng = makeRng(11);
    const seen = new Set<string>();
    for (let i = 0; i < 5_000; i++) {
      const st = randomStyle(ALL_CARDS[i % 49]!, rng);
      seen.add(st.font.family);
      expect(TRAINING_FAMILIES as readonly string[]).toContain(st.font.family);
      expect(familiesOf('training')).toContain(st.ruleFont.family);
      expect(st.layout).not.toBe(HELD_OUT_LAYOUT);
    }
    expect(seen.size).toBe(TRAINING_FAMILIES.length);
  });

  it('never reach the photos the training run renders, nor the validation photos its threshold is set on', async () => {
    const { train, validation } = poolSpecs(7, 0);
    expect(train.styles).toBe('training');
    expect(validation.styles).toBe('calibration');
    const pool = await facePoolFor(train);
    for (let i = 0; i < 60; i++) {
      const photo = await photoOfCard(pool, i, makeRng(500 + i), 96, 72);
      expect(TRAINING_FAMILIES as readonly string[]).toContain(photo.family);
      expect(photo.layout).not.toBe(HELD_OUT_LAYOUT);
    }
    const calibration = await facePoolFor(validation);
    const photo = await photoOfCard(calibration, 0, makeRng(9), 96, 72);
    expect(CALIBRATION_FAMILIES as readonly string[]).toContain(photo.family);
  });

  it('are what the held-out set draws, in its own layout some of the time', () => {
    const rng = makeRng(12);
    const layouts = new Set<string>();
    for (let i = 0; i < 2_000; i++) {
      const st = randomStyle(ALL_CARDS[i % 49]!, rng, 'held-out');
      expect(HELD_OUT_FAMILIES as readonly string[]).toContain(st.font.family);
      layouts.add(st.layout);
    }
    expect(layouts).toContain(HELD_OUT_LAYOUT);
  });
});
