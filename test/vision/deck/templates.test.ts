import { describe, expect, it } from 'vitest';
import { CROP_H, CROP_W } from '../../../vision/features.ts';
import { one, paintedCrop as crop, seven, type Paint } from '../../helpers/painted-crop.ts';
import { faceDistance, faceOf, turnFace } from '../../../vision/deck/templates.ts';

const distance = (a: Float32Array, template: Float32Array) => {
  const face = faceOf(a);
  return faceDistance(face, turnFace(face), faceOf(template));
};

describe('deck templates', () => {
  it('find a face at no distance from itself, whichever way up it lies', () => {
    const face = faceOf(crop(seven));
    expect(faceDistance(face, turnFace(face), face)).toBe(0);
    expect(faceDistance(turnFace(face), face, face)).toBe(0);
  });

  it('tell one numeral from another', () => {
    expect(distance(crop(one), crop(seven))).toBeGreaterThan(0.02);
  });

  it('keep a card nearest its own face under a warm cast and a light falling off across the card', () => {
    const lamp: Paint = (x, y) => {
      const fall = 0.55 + 0.45 * (1 - (x + y) / (CROP_W + CROP_H));
      return [fall * 1.1, fall * 0.9, fall * 0.6];
    };
    const lit = crop(one, lamp);
    expect(distance(lit, crop(one))).toBeLessThan(distance(lit, crop(seven)) / 3);
  });

  it('keep a card nearest its own face when a blown-out glare disc covers part of the numeral', () => {
    const glare: Paint = (x, y) => (Math.hypot(x - 24, y - 18) < 7 ? [4, 4, 4] : [1, 1, 1]);
    const glared = crop(seven, glare);
    expect(distance(glared, crop(seven))).toBeLessThan(distance(glared, crop(one)));
  });

  it('line up a crop the locator put two pixels out', () => {
    const moved = crop(seven, undefined, [2, -2]);
    expect(distance(moved, crop(seven))).toBeLessThan(distance(moved, crop(one)) / 3);
  });

  it('find a face turned and moved, and give up on one past the worst distance that still matters', () => {
    const moved = crop(seven, undefined, [2, -1]).reverse();
    // reverse() turns the RGB crop through 180° and each pixel's channels to BGR: put them back.
    for (let i = 0; i < moved.length; i += 3) [moved[i], moved[i + 2]] = [moved[i + 2]!, moved[i]!];
    const face = faceOf(moved), template = faceOf(crop(seven));
    const exact = faceDistance(face, turnFace(face), template);
    expect(exact).toBeLessThan(distance(moved, crop(one)) / 3);
    expect(faceDistance(face, turnFace(face), template, exact * 1.01)).toBe(exact);
    expect(faceDistance(face, turnFace(face), template, exact * 0.99)).toBe(Infinity);
  });

  it('refuse a crop of the wrong size', () => {
    expect(() => faceOf(new Float32Array(10))).toThrow(/a crop is/);
  });
});
