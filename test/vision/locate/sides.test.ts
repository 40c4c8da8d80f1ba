import { describe, expect, it } from 'vitest';
import type { Point } from '../../../vision/homography.ts';
import { CARD_ASPECT } from '../../../vision/locate/geometry.ts';
import { sidedQuads, straightRuns } from '../../../vision/locate/sides.ts';
import { MASK_FACTOR } from '../../../vision/locate/table.ts';

/** Edge pixel centres of a card of width `w` turned by `angle` about (cx, cy), a point every pixel along the sides `keep` names (0 top, 1 right, 2 bottom, 3 left). */
function cardEdge(cx: number, cy: number, w: number, angle: number, keep: readonly number[] = [0, 1, 2, 3]): { edge: Point[]; corners: Point[] } {
  const h = w * CARD_ASPECT, c = Math.cos(angle), s = Math.sin(angle);
  const at = (x: number, y: number): Point => [cx + x * c - y * s, cy + x * s + y * c];
  const corners = [at(-w / 2, -h / 2), at(w / 2, -h / 2), at(w / 2, h / 2), at(-w / 2, h / 2)];
  const edge: Point[] = [];
  for (const k of keep) {
    const a = corners[k]!, b = corners[(k + 1) % 4]!, n = Math.ceil(2 * Math.hypot(b[0] - a[0], b[1] - a[1]));
    for (let j = 0; j < n; j++) edge.push([a[0] + ((b[0] - a[0]) * j) / n, a[1] + ((b[1] - a[1]) * j) / n]);
  }
  return { edge, corners };
}

/** Points every pixel along an arc of a circle: a glare disc's round outline. */
function arc(cx: number, cy: number, r: number, from: number, to: number): Point[] {
  const out: Point[] = [];
  for (let t = from; t < to; t += 1 / r) out.push([cx + r * Math.cos(t), cy + r * Math.sin(t)]);
  return out;
}

/** The largest distance from each expected corner (mask pixels) to the nearest corner of a quad (frame pixels). */
function worstCorner(quad: readonly Point[], corners: readonly Point[]): number {
  return Math.max(...corners.map((c) => Math.min(...quad.map((p) => Math.hypot(p[0] / MASK_FACTOR - c[0], p[1] / MASK_FACTOR - c[1])))));
}

describe('straight runs of an outline', () => {
  it('finds the four sides of a card, longest first', () => {
    const { edge } = cardEdge(90, 70, 40, 0.3);
    const runs = straightRuns(edge, 12);
    expect(runs.length).toBeGreaterThanOrEqual(4);
    expect(runs[0]!.count).toBeGreaterThan(runs[3]!.count);
    // The two long sides come first, parallel to each other.
    expect(Math.abs(runs[0]!.dir[0] * runs[1]!.dir[0] + runs[0]!.dir[1] * runs[1]!.dir[1])).toBeGreaterThan(0.99);
  });

  it('finds only runs far shorter than a card\'s side along a glare disc\'s round outline', () => {
    // A disc of radius 16 beside a card 40 wide: a band 2.4 pixels wide holds about 17 pixels of its arc.
    const runs = straightRuns(arc(90, 70, 16, 0, 2 * Math.PI), Math.round(40 / 3));
    for (const r of runs) expect(r.to - r.from).toBeLessThan(0.5 * 40);
  });
});

describe('a card from its straight sides', () => {
  it('puts a short side that glare hides where the card\'s 5:7 puts it', () => {
    // The card's bottom is under a glare disc: its outline there is the disc's arc.
    const { edge, corners } = cardEdge(90, 70, 40, 0.4, [0, 1, 3]);
    const shown = edge.filter(([x, y]) => Math.hypot(x - corners[2]![0], y - corners[2]![1]) > 12 && Math.hypot(x - corners[3]![0], y - corners[3]![1]) > 12);
    const quads = sidedQuads([...shown, ...arc((corners[2]![0] + corners[3]![0]) / 2, (corners[2]![1] + corners[3]![1]) / 2, 20, 0, Math.PI)], 40);
    expect(quads.length).toBeGreaterThan(0);
    expect(worstCorner(quads[0]!.quad, corners)).toBeLessThan(1.5);
  });

  it('puts a long side that glare hides at the card\'s width from the other', () => {
    const { edge, corners } = cardEdge(100, 72, 44, -0.2, [0, 2, 3]);
    const quads = sidedQuads(edge, 44);
    expect(quads.length).toBeGreaterThan(0);
    expect(worstCorner(quads[0]!.quad, corners)).toBeLessThan(1.5);
  });

  it('keeps a card whole when a glare disc joined to one corner swells its blob', () => {
    const { edge, corners } = cardEdge(90, 70, 40, 0.7);
    const swollen = [...edge.filter(([x, y]) => Math.hypot(x - corners[1]![0], y - corners[1]![1]) > 10), ...arc(corners[1]![0] + 8, corners[1]![1] - 4, 16, -2.2, 2.0)];
    const quads = sidedQuads(swollen, 40);
    expect(worstCorner(quads[0]!.quad, corners)).toBeLessThan(1.5);
  });

  it('orders the corners as the locator does: the short side first, clockwise on screen', () => {
    const { edge } = cardEdge(90, 70, 40, 1.1);
    const q = sidedQuads(edge, 40)[0]!.quad;
    const side = (k: number): number => Math.hypot(q[(k + 1) % 4]![0] - q[k]![0], q[(k + 1) % 4]![1] - q[k]![1]);
    expect(side(0)).toBeLessThan(side(1));
    let area = 0;
    for (let i = 0; i < 4; i++) area += q[i]![0] * q[(i + 1) % 4]![1] - q[(i + 1) % 4]![0] * q[i]![1];
    expect(area).toBeGreaterThan(0);
  });

  it('makes no card of two sides alone, or of a few scattered points', () => {
    const { edge } = cardEdge(90, 70, 40, 0.2, [1, 3]);
    expect(sidedQuads(edge, 40)).toEqual([]);
    expect(sidedQuads([[1, 1], [50, 3], [20, 90], [70, 60]], 40)).toEqual([]);
  });
});
