// The views the classifier reads a located card through. The locator's corners are a pixel or
// two out (median 0.8 % of the card's height, p90 2.8 %), and a corner numeral that sits at the
// crop's edge reads differently when the crop moves by that much. So the card is read through a
// few crops around the located one (a little smaller, a little bigger, nudged along each diagonal),
// each both ways up, and the answers are joined by a geometric mean: a class the views agree on
// keeps its probability, one that only some views like loses some of it. The arithmetic mean read
// fewer cards, because it blurs the views' agreement into lower confidence for every card. The
// joined answer is then squared (JOIN_POWER below); vision/README.md has the measurements.
import type { Point } from './homography.ts';

/** A crop around the located quad: scaled about its centre, then moved along its edges (in card widths and heights). */
export interface View {
  scale: number;
  dx: number;
  dy: number;
}

/** The located quad itself: training reads only this view. */
export const LOCATED: View = { scale: 1, dx: 0, dy: 0 };

/** Every view the classifier reads, the located one first. */
export const VIEWS: readonly View[] = [
  LOCATED,
  { scale: 0.96, dx: 0, dy: 0 },
  { scale: 1.04, dx: 0, dy: 0 },
  { scale: 1, dx: 0.02, dy: 0.02 },
  { scale: 1, dx: -0.02, dy: -0.02 },
  { scale: 1, dx: 0.02, dy: -0.02 },
  { scale: 1, dx: -0.02, dy: 0.02 },
];

/** The quad (TL, TR, BR, BL) of a view of a located quad. */
export function viewQuad(quad: readonly Point[], view: View): Point[] {
  const cx = (quad[0]![0] + quad[1]![0] + quad[2]![0] + quad[3]![0]) / 4;
  const cy = (quad[0]![1] + quad[1]![1] + quad[2]![1] + quad[3]![1]) / 4;
  // The card's mean edge vectors: across (TL→TR, BL→BR) and down (TL→BL, TR→BR).
  const ax = (quad[1]![0] - quad[0]![0] + quad[2]![0] - quad[3]![0]) / 2, ay = (quad[1]![1] - quad[0]![1] + quad[2]![1] - quad[3]![1]) / 2;
  const bx = (quad[3]![0] - quad[0]![0] + quad[2]![0] - quad[1]![0]) / 2, by = (quad[3]![1] - quad[0]![1] + quad[2]![1] - quad[1]![1]) / 2;
  const ox = view.dx * ax + view.dy * bx, oy = view.dx * ay + view.dy * by;
  return quad.map(([x, y]) => [cx + (x - cx) * view.scale + ox, cy + (y - cy) * view.scale + oy] as Point);
}

/** The model's three heads for a batch of rows: colour (7 per row), value (7 per row), is-a-card (1 per row). */
export interface HeadOutputs {
  colour: ArrayLike<number>;
  value: ArrayLike<number>;
  isCard: ArrayLike<number>;
}

/** A photo's joined answer. */
export interface JoinedHeads {
  colour: Float64Array;
  value: Float64Array;
  isCard: number;
}

/** Keeps a zero probability from sending its log to −∞ (one view's certainty must not veto the rest outright). */
const FLOOR = 1e-7;

/**
 * The power the joined colour and value distributions are raised to before they are renormalised
 * (a temperature of 1/2). The geometric mean counts the seven views as one reading; they are
 * more than one, since each moves the crop, though far from seven independent ones. Squaring
 * sits between, and it changes which photos clear the threshold: a head torn between two
 * answers keeps its doubt, while one whose small doubt is spread over several answers (a row or
 * two of a glare photo drawn elsewhere) grows surer. Squared, the same weights read more cards
 * at every number of confident errors the threshold allows (vision/README.md).
 */
export const JOIN_POWER = 2;

/**
 * Joins one photo's rows, which start at row `first`: `views` views, each upright then turned.
 * Each view's two ways up are averaged (the locator cannot tell top from bottom); the views are
 * then joined by the geometric mean of each head, raised to JOIN_POWER and renormalised.
 * Is-a-card is the plain mean.
 */
export function joinViews(heads: HeadOutputs, first: number, views: number): JoinedHeads {
  if (!Number.isInteger(views) || views < 1) throw new Error(`views must be a whole number ≥ 1, not ${views}`);
  const rows = 2 * views;
  const join = (out: ArrayLike<number>): Float64Array => {
    const logs = new Float64Array(7);
    for (let v = 0; v < views; v++) {
      const up = (first + 2 * v) * 7, turned = up + 7;
      for (let j = 0; j < 7; j++) logs[j]! += (JOIN_POWER * Math.log((out[up + j]! + out[turned + j]!) / 2 + FLOOR)) / views;
    }
    const p = logs.map(Math.exp);
    const sum = p.reduce((a, b) => a + b, 0);
    return p.map((x) => x / sum);
  };
  let isCard = 0;
  for (let r = 0; r < rows; r++) isCard += heads.isCard[first + r]! / rows;
  return { colour: join(heads.colour), value: join(heads.value), isCard };
}
