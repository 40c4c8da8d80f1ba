// A thumb or finger holding the card down: a rounded bar of skin coming in from outside the
// card over one corner or an edge, with a nail, a cylinder's shading and a soft shadow on what
// lies under it. It covers a drawn share of the card but never the points it is told to keep
// clear (the big numeral's centre), so the card stays readable to a person.
import type { Point } from '../homography.ts';
import type { Rng } from '../random.ts';
import { facePoint, facePoints } from './placement.ts';

/** Skin tones from light to dark; a thumb's tone is drawn anywhere along the chain. */
const SKIN: Array<[number, number, number]> = [[250, 222, 200], [236, 192, 160], [222, 170, 120], [196, 134, 90], [150, 95, 60], [105, 66, 44], [68, 44, 32]];

/** What was drawn: the share of the card hidden, where the tip is, how wide the digit is (frame pixels) and its tone (0 light … 1 dark). */
export interface Thumb {
  covered: number;
  tip: Point;
  dir: Point;
  width: number;
  tone: number;
  over: 'corner' | 'edge';
}

function skinTone(t: number): [number, number, number] {
  const x = t * (SKIN.length - 1), i = Math.min(SKIN.length - 2, Math.floor(x)), f = x - i;
  const a = SKIN[i]!, b = SKIN[i + 1]!;
  return [a[0] + (b[0] - a[0]) * f, a[1] + (b[1] - a[1]) * f, a[2] + (b[2] - a[2]) * f];
}

/** Distance from p to the ray from `tip` along unit `dir`, and how far along it p lies. */
function toRay(p: Point, tip: Point, dir: Point): [distance: number, along: number] {
  const dx = p[0] - tip[0], dy = p[1] - tip[1];
  const s = dx * dir[0] + dy * dir[1];
  if (s <= 0) return [Math.hypot(dx, dy), s];
  return [Math.abs(dx * dir[1] - dy * dir[0]), s];
}

/** Half the digit's width `along` from its tip: it widens towards the hand. */
function halfWidth(width: number, along: number): number {
  return (width / 2) * (1 + 0.4 * Math.min(1, Math.max(0, along / (2.5 * width))));
}

/** Whether a point lies under a digit of `width` whose tip is at `tip`, pointing back along `dir`. */
function under(p: Point, tip: Point, dir: Point, width: number): boolean {
  const [d, along] = toRay(p, tip, dir);
  return d < halfWidth(width, along);
}

/** The share of a card's area under the digit. */
export function shareUnder(card: readonly Point[], tip: Point, dir: Point, width: number): number {
  const pts = facePoints(card);
  return pts.filter((p) => under(p, tip, dir, width)).length / pts.length;
}

/**
 * Tries a thumb gets to find its place. A card with two places to keep clear (a layout the photo
 * does not know) can need many, and a thumb that finds none stops the photograph.
 */
const THUMB_TRIES = 200;

/**
 * Places a thumb over the card (`coverage` of its area, drawn from [lo, hi]) keeping `clear`
 * (points of the face, u across and v down in [0, 1]) out from under it; null when THUMB_TRIES
 * tries find no such place.
 */
export function placeThumb(card: readonly Point[], rng: Rng, clear: readonly Point[], coverage: [number, number]): Thumb | null {
  const side = (k: number): number => Math.hypot(card[(k + 1) % 4]![0] - card[k]![0], card[(k + 1) % 4]![1] - card[k]![1]);
  const short = (side(0) + side(2)) / 2;
  const cx = (card[0]![0] + card[1]![0] + card[2]![0] + card[3]![0]) / 4, cy = (card[0]![1] + card[1]![1] + card[2]![1] + card[3]![1]) / 4;
  const keep = clear.map(([u, v]) => facePoint(card, u, v));
  for (let attempt = 0; attempt < THUMB_TRIES; attempt++) {
    const over = rng.chance(0.5) ? 'corner' : 'edge';
    const k = rng.int(0, 3);
    const a = card[k]!, b = card[(k + 1) % 4]!, f = over === 'corner' ? 0 : rng.range(0.2, 0.8);
    const target: Point = [a[0] + (b[0] - a[0]) * f, a[1] + (b[1] - a[1]) * f];
    const out = Math.atan2(target[1] - cy, target[0] - cx) + rng.range(-0.6, 0.6);
    const dir: Point = [Math.cos(out), Math.sin(out)];
    const width = rng.range(0.22, 0.45) * short;
    const want = rng.range(coverage[0], coverage[1]);
    // The deeper the tip reaches in, the more it hides: bisect the depth for the share wanted.
    let lo = -width, hi = 1.2 * short;
    for (let it = 0; it < 20; it++) {
      const mid = (lo + hi) / 2;
      if (shareUnder(card, [target[0] - dir[0] * mid, target[1] - dir[1] * mid], dir, width) < want) lo = mid;
      else hi = mid;
    }
    const tip: Point = [target[0] - dir[0] * hi, target[1] - dir[1] * hi];
    const covered = shareUnder(card, tip, dir, width);
    if (covered > coverage[1] || covered < coverage[0] * 0.8) continue;
    // The numeral's centre stays a quarter of the card's width clear of the digit's edge, so most of the numeral shows.
    if (keep.some((p) => { const [d, along] = toRay(p, tip, dir); return d < halfWidth(width, along) + 0.25 * short; })) continue;
    return { covered, tip, dir, width, tone: rng.next(), over };
  }
  return null;
}

/** Draws a placed thumb, and its shadow, into an RGB float buffer. */
export function drawThumb(buf: Float32Array, width: number, height: number, thumb: Thumb, rng: Rng): void {
  const { tip, dir, width: w } = thumb;
  const skin = skinTone(thumb.tone);
  const nail: [number, number, number] = [skin[0] * 0.55 + 235 * 0.45, skin[1] * 0.55 + 200 * 0.45, skin[2] * 0.55 + 190 * 0.45];
  const shadowAt: Point = [tip[0] + rng.range(-0.15, 0.15) * w, tip[1] + rng.range(-0.15, 0.15) * w];
  const shadowDepth = rng.range(0.5, 0.8), soft = rng.range(0.08, 0.25) * w;
  const nailLength = rng.range(0.35, 0.5) * w, nailWidth = rng.range(0.25, 0.34) * w;
  for (let y = 0, o = 0; y < height; y++) {
    for (let x = 0; x < width; x++, o += 3) {
      // Its shadow first: the same bar, shifted and softened, darkening what is under it.
      const [sd, sa] = toRay([x + 0.5, y + 0.5], shadowAt, dir);
      const sh = halfWidth(w, sa);
      if (sd < sh + soft) {
        const k = 1 - (1 - shadowDepth) * Math.min(1, (sh + soft - sd) / (2 * soft));
        buf[o] = buf[o]! * k; buf[o + 1] = buf[o + 1]! * k; buf[o + 2] = buf[o + 2]! * k;
      }
      const [d, along] = toRay([x + 0.5, y + 0.5], tip, dir);
      const hw = halfWidth(w, along);
      const a = Math.min(1, hw - d + 0.5);
      if (a <= 0) continue;
      // A cylinder lit from above: brightest along its middle.
      const shade = 0.72 + 0.28 * Math.sqrt(Math.max(0, 1 - (d / hw) ** 2));
      let c = skin;
      if (along > 0.05 * w && along < 0.05 * w + nailLength) {
        const across = Math.abs((x + 0.5 - tip[0]) * dir[1] - (y + 0.5 - tip[1]) * dir[0]);
        const e = ((along - 0.05 * w - nailLength / 2) / (nailLength / 2)) ** 2 + (across / nailWidth) ** 2;
        if (e < 1) c = nail;
      }
      for (let ch = 0; ch < 3; ch++) buf[o + ch] = buf[o + ch]! * (1 - a) + c[ch]! * shade * a;
    }
  }
}
