import { describe, expect, it } from 'vitest';
import { handPixels, type Planes } from '../../../vision/locate/hand.ts';

const W = 40, H = 30;

/** A frame of one colour (c1, c2, brightness) with rectangles painted over it; returns the planes and a painter. */
function frame(): { planes: Planes; paint: (x0: number, y0: number, x1: number, y1: number, colour: [number, number, number]) => number[] } {
  const planes: Planes = { l: new Float32Array(W * H).fill(80), c1: new Float32Array(W * H), c2: new Float32Array(W * H), w: W, h: H };
  const paint = (x0: number, y0: number, x1: number, y1: number, [c1, c2, l]: [number, number, number]): number[] => {
    const painted: number[] = [];
    for (let y = y0; y < y1; y++) for (let x = x0; x < x1; x++) {
      const i = y * W + x;
      planes.c1[i] = c1; planes.c2[i] = c2; planes.l[i] = l;
      painted.push(i);
    }
    return painted;
  };
  return { planes, paint };
}

const BLUE_CARD: [number, number, number] = [-0.1, -0.9, 70];
const LIGHT_SKIN: [number, number, number] = [0.29, 0.42, 170];
const DARK_SKIN: [number, number, number] = [0.41, 0.41, 48];

function count(mask: Uint8Array | null): number {
  return mask === null ? 0 : mask.reduce((a, b) => a + b, 0);
}

describe('a hand reaching into a blob from the frame\'s edge', () => {
  it('is the blob\'s skin-coloured part joined to the frame\'s edge, and not the card it lies over', () => {
    const { planes, paint } = frame();
    const card = paint(10, 8, 30, 24, BLUE_CARD);
    const finger = paint(14, 0, 19, 12, LIGHT_SKIN);
    const blob = [...new Set([...card, ...finger])];
    const hand = handPixels(blob, planes);
    expect(count(hand)).toBe(finger.length);
    expect(card.filter((i) => !finger.includes(i)).every((i) => hand![i] === 0)).toBe(true);
  });

  it('is found for a dark skin tone as for a light one', () => {
    const { planes, paint } = frame();
    const card = paint(10, 8, 30, 24, BLUE_CARD);
    const finger = paint(0, 14, 14, 19, DARK_SKIN);
    expect(count(handPixels([...new Set([...card, ...finger])], planes))).toBe(finger.length);
  });

  it('keeps its shading: a finger lit brighter along its middle is one hand', () => {
    const { planes, paint } = frame();
    const card = paint(10, 8, 30, 24, BLUE_CARD);
    const edges = paint(14, 0, 19, 12, LIGHT_SKIN);
    paint(16, 0, 17, 12, [LIGHT_SKIN[0], LIGHT_SKIN[1], LIGHT_SKIN[2] / 0.72]);
    expect(count(handPixels([...new Set([...card, ...edges])], planes))).toBe(edges.length);
  });

  it('is none for a card cut by the frame, whose own colour meets the edge', () => {
    const { planes, paint } = frame();
    const card = paint(0, 5, 20, 25, [0.7, 0.65, 120]);
    paint(6, 10, 12, 20, [0, 0, 230]);
    expect(handPixels(card, planes)).toBeNull();
  });

  it('is none when what meets the frame\'s edge is not skin\'s colour (a blue sleeve, a green card)', () => {
    const { planes, paint } = frame();
    const card = paint(10, 8, 30, 24, [0.9, 0.4, 100]);
    const sleeve = paint(14, 0, 19, 12, BLUE_CARD);
    expect(handPixels([...new Set([...card, ...sleeve])], planes)).toBeNull();
  });

  it('is none for a blob that does not meet the frame\'s edge', () => {
    const { planes, paint } = frame();
    const card = paint(10, 8, 30, 24, BLUE_CARD);
    const finger = paint(14, 4, 19, 12, LIGHT_SKIN);
    expect(handPixels([...new Set([...card, ...finger])], planes)).toBeNull();
  });

  it('is none when the skin would be most of the blob (a bare hand, a face, a wooden box)', () => {
    const { planes, paint } = frame();
    const palm = paint(0, 0, 30, 30, LIGHT_SKIN);
    const card = paint(30, 10, 36, 18, BLUE_CARD);
    expect(handPixels([...palm, ...card], planes)).toBeNull();
  });
});
