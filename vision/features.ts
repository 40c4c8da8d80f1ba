// From a located card to the model's input. The quad is warped to an upright crop, then every
// pixel is divided by the colour of the card's whitest pixels: the big numeral is white on every
// published card, so this cancels the room light's colour and brightness (a white-referenced
// normalisation). The numeral is then found as the biggest white stroke shape and resampled to
// a fixed box, as MNIST centres its digits, so a small dense network can read it wherever the
// edition prints it. The model reads: the numeral box, a coarse whiteness map of the whole card
// (corner icons of odd cards), a colour grid and the field colour's statistics, and then the
// whole crop's whiteness, its white top-hat (the strokes) and its ink (chroma short of the
// field's, which a glare spot does not wash out) as a three-channel image for a small
// convolutional branch, and the crop's white-referenced chroma at half size for a colour tower.
import type { RawImage } from './image.ts';
import { kthSmallest } from './order.ts';
import { homographyFromPoints, type Point } from './homography.ts';

/** The upright crop, in pixels (portrait, 5:7). */
export const CROP_H = 56;
export const CROP_W = 40;
/** The numeral box. */
export const NUM = 16;
/** The coarse whiteness map (crop shrunk by 4). */
const MAP_H = CROP_H / 4, MAP_W = CROP_W / 4;
/** The coarse colour grid over the crop. */
export const GRID_H = 4;
export const GRID_W = 3;
/** Length of the hand-made part of the feature vector. */
export const HAND_LENGTH = NUM * NUM + 5 + MAP_H * MAP_W + GRID_H * GRID_W * 5 + 6;
/** Channels of the image the convolutional branch reads, per pixel: whiteness, its white top-hat, then ink (see inkMap). */
export const IMAGE_CHANNELS = 3;
/** The chroma image: the crop at half size, two chroma channels per pixel (red−green, yellow−blue). */
export const CHROMA_H = CROP_H / 2;
export const CHROMA_W = CROP_W / 2;
export const CHROMA_CHANNELS = 2;
/** Where the chroma image starts in the feature vector. */
export const CHROMA_AT = HAND_LENGTH + CROP_H * CROP_W * IMAGE_CHANNELS;
/**
 * Length of the feature vector the model reads: the hand-made part, then the crop's image
 * (CROP_H × CROP_W × IMAGE_CHANNELS, channels innermost), then the chroma image.
 */
export const FEATURE_LENGTH = CHROMA_AT + CHROMA_H * CHROMA_W * CHROMA_CHANNELS;
/** Top-hat level above which a pixel belongs to a stroke, when the numeral box is looked for. */
const STROKE_THRESHOLD = 0.35;
/** What the model reads, as named in metadata.json: a model trained on other features must not load. */
export const INPUT_KIND = 'stroke-box+colour+whiteness-tophat-ink-image';
/** Below this chroma everywhere in the square (a white panel, a border, a glare core) ink cannot be told and reads 0. */
const INK_MIN_CHROMA = 0.06;

const SUPER = 2;

/** Warps the quad (TL, TR, BR, BL) of an RGB image to a CROP_H × CROP_W float RGB crop (0–255). */
export function warpCrop(img: RawImage, quad: readonly Point[]): Float32Array {
  const hm = homographyFromPoints([[0, 0], [CROP_W, 0], [CROP_W, CROP_H], [0, CROP_H]], quad);
  const out = new Float32Array(CROP_H * CROP_W * 3);
  const { width: w, height: h, channels: c, data: d } = img;
  // project() written out, the same arithmetic (keep the two alike): allocating the [x, y] pair it
  // returns for every sample of every frame was a large share of the warp's time.
  const h0 = hm[0]!, h1 = hm[1]!, h2 = hm[2]!, h3 = hm[3]!, h4 = hm[4]!, h5 = hm[5]!, h6 = hm[6]!, h7 = hm[7]!, h8 = hm[8]!;
  // The products with each sample column's and row's position are the same numbers wherever
  // they are worked out, so they are worked out once: h0·qx + h1·qy + h2 still adds them in
  // that order. A grid of SUPER × SUPER bilinear samples per crop pixel stands in for an area filter.
  const cols = CROP_W * SUPER, rows = CROP_H * SUPER;
  const ax0 = new Float64Array(cols), ax3 = new Float64Array(cols), ax6 = new Float64Array(cols);
  for (let x = 0; x < CROP_W; x++) for (let sx = 0; sx < SUPER; sx++) {
    const qx = x + (sx + 0.5) / SUPER, k = x * SUPER + sx;
    ax0[k] = h0 * qx; ax3[k] = h3 * qx; ax6[k] = h6 * qx;
  }
  const ay1 = new Float64Array(rows), ay4 = new Float64Array(rows), ay7 = new Float64Array(rows);
  for (let y = 0; y < CROP_H; y++) for (let sy = 0; sy < SUPER; sy++) {
    const qy = y + (sy + 0.5) / SUPER, k = y * SUPER + sy;
    ay1[k] = h1 * qy; ay4[k] = h4 * qy; ay7[k] = h7 * qy;
  }
  const xMax = w - 1.001, yMax = h - 1.001, n = SUPER * SUPER;
  for (let y = 0; y < CROP_H; y++) {
    for (let x = 0; x < CROP_W; x++) {
      let r = 0, g = 0, b = 0;
      for (let sy = 0; sy < SUPER; sy++) {
        const ky = y * SUPER + sy, b1 = ay1[ky]!, b4 = ay4[ky]!, b7 = ay7[ky]!;
        for (let sx = 0; sx < SUPER; sx++) {
          const kx = x * SUPER + sx;
          const q = ax6[kx]! + b7 + h8, px = (ax0[kx]! + b1 + h2) / q, py = (ax3[kx]! + b4 + h5) / q;
          const fx = Math.min(xMax, Math.max(0, px - 0.5)), fy = Math.min(yMax, Math.max(0, py - 0.5));
          const ix = fx | 0, iy = fy | 0, ax = fx - ix, ay = fy - iy, bx = 1 - ax, by = 1 - ay;
          const o = (iy * w + ix) * c, o2 = o + w * c;
          r += (d[o]! * bx + d[o + c]! * ax) * by + (d[o2]! * bx + d[o2 + c]! * ax) * ay;
          g += (d[o + 1]! * bx + d[o + c + 1]! * ax) * by + (d[o2 + 1]! * bx + d[o2 + c + 1]! * ax) * ay;
          b += (d[o + 2]! * bx + d[o + c + 2]! * ax) * by + (d[o2 + 2]! * bx + d[o2 + c + 2]! * ax) * ay;
        }
      }
      const i = (y * CROP_W + x) * 3;
      out[i] = r / n; out[i + 1] = g / n; out[i + 2] = b / n;
    }
  }
  return out;
}

type Colour = [number, number, number];

/** A pixel whose weakest channel is at least this is blown out: the sensor clipped every channel. */
export const CLIPPED = 250;

/**
 * The white reference: mean colour of the 4 % of crop pixels whose weakest channel is strongest,
 * leaving out blown-out pixels (every channel clipped) while enough others remain. A glare core
 * clips to pure white whatever the lamp's colour, so under a warm lamp it would cancel the cast
 * that the numeral shows and turn the field's hue.
 */
export function whiteReference(crop: Float32Array): Colour {
  return whiteReferences(crop)[0];
}

/**
 * The white reference of the crop and of the crop turned through 180° (turnCrop). They pick the
 * same pixels, summed in opposite orders, so they are equal unless a sum rounded. None does when
 * every channel summed is at least 1/64, as on any crop with something white in it: each is then
 * a float32 multiple of 2^-29, and 2,240 of them stay below 2^20, within a double's 53 bits.
 */
function whiteReferences(crop: Float32Array): [upright: Colour, turned: Colour] {
  const n = crop.length / 3;
  const mins = new Float32Array(n);
  let clipped = 0;
  for (let i = 0; i < n; i++) {
    mins[i] = Math.min(crop[3 * i]!, crop[3 * i + 1]!, crop[3 * i + 2]!);
    if (mins[i]! >= CLIPPED) clipped++;
  }
  if (n - clipped >= Math.ceil(n * 0.04)) for (let i = 0; i < n; i++) if (mins[i]! >= CLIPPED) mins[i] = -1;
  const cut = kthSmallest(mins, Math.floor(n * 0.96));
  let r = 0, g = 0, b = 0, k = 0;
  for (let i = 0; i < n; i++) {
    if (mins[i]! >= cut) { r += crop[3 * i]!; g += crop[3 * i + 1]!; b += crop[3 * i + 2]!; k++; }
  }
  let tr = 0, tg = 0, tb = 0;
  for (let i = n - 1; i >= 0; i--) {
    if (mins[i]! >= cut) { tr += crop[3 * i]!; tg += crop[3 * i + 1]!; tb += crop[3 * i + 2]!; }
  }
  return [
    [Math.max(20, r / k), Math.max(20, g / k), Math.max(20, b / k)],
    [Math.max(20, tr / k), Math.max(20, tg / k), Math.max(20, tb / k)],
  ];
}

function median(xs: Float32Array): number {
  return xs.length === 0 ? 0 : kthSmallest(xs, xs.length >> 1);
}

/** Area of a component's box that the component covers once its enclosed holes are filled in. */
function solidity(label: Int32Array, id: number, x0: number, y0: number, x1: number, y1: number): number {
  const bw = x1 - x0 + 1, bh = y1 - y0 + 1;
  const outside = new Uint8Array(bw * bh);
  const stack: number[] = [];
  const push = (x: number, y: number): void => {
    const k = (y - y0) * bw + (x - x0);
    if (outside[k] || label[y * CROP_W + x] === id) return;
    outside[k] = 1;
    stack.push(k);
  };
  for (let x = x0; x <= x1; x++) { push(x, y0); push(x, y1); }
  for (let y = y0; y <= y1; y++) { push(x0, y); push(x1, y); }
  while (stack.length > 0) {
    const k = stack.pop()!, x = (k % bw) + x0, y = ((k / bw) | 0) + y0;
    if (x > x0) push(x - 1, y);
    if (x < x1) push(x + 1, y);
    if (y > y0) push(x, y - 1);
    if (y < y1) push(x, y + 1);
  }
  let out = 0;
  for (let k = 0; k < outside.length; k++) out += outside[k]!;
  return 1 - out / (bw * bh);
}

/** The box (x0, y0, x1, y1, exclusive) of the biggest white stroke shape: the numeral. */
export function numeralBox(white: Float32Array, threshold: number): [number, number, number, number] | null {
  const m = new Uint8Array(CROP_H * CROP_W);
  for (let y = 1; y < CROP_H - 1; y++) for (let x = 1; x < CROP_W - 1; x++) {
    m[y * CROP_W + x] = white[y * CROP_W + x]! > threshold ? 1 : 0;
  }
  const label = new Int32Array(CROP_H * CROP_W);
  // Each pixel is pushed once. The mask's outer ring is 0, so every set pixel's eight neighbours
  // lie inside the crop and need no bounds checks.
  const stack = new Int32Array(CROP_H * CROP_W);
  let best: [number, number, number, number] | null = null;
  let bestSize = -Infinity;
  let id = 0;
  for (let s = 0; s < m.length; s++) {
    if (!m[s] || label[s]) continue;
    id++;
    let sp = 0;
    label[s] = id; stack[sp++] = s;
    let area = 0, x0 = CROP_W, y0 = CROP_H, x1 = 0, y1 = 0;
    while (sp > 0) {
      const i = stack[--sp]!, x = i % CROP_W, y = (i / CROP_W) | 0;
      area++;
      if (x < x0) x0 = x; if (x > x1) x1 = x; if (y < y0) y0 = y; if (y > y1) y1 = y;
      for (let j = i - CROP_W - 1; j <= i + CROP_W - 1; j += CROP_W) {
        if (m[j] && !label[j]) { label[j] = id; stack[sp++] = j; }
        if (m[j + 1] && !label[j + 1]) { label[j + 1] = id; stack[sp++] = j + 1; }
        if (m[j + 2] && !label[j + 2]) { label[j + 2] = id; stack[sp++] = j + 2; }
      }
    }
    const bw = x1 - x0 + 1, bh = y1 - y0 + 1;
    // Pieces of a white card border lie along the crop's edge; a numeral stands clear of it, so
    // a shape touching the edge only counts when nothing else does (it ranks below any that does not).
    const touches = x0 <= 2 || y0 <= 2 || x1 >= CROP_W - 3 || y1 >= CROP_H - 3;
    const size = Math.max(bw, bh) - (touches ? CROP_H : 0);
    if (area < 10 || Math.max(bw, bh) < 8 || size <= bestSize) continue;
    // A white card border is a ring round the whole crop, not a numeral.
    if (bw > 0.85 * CROP_W || bh > 0.85 * CROP_H) continue;
    // Strokes fill little of their box; a glare spot is a filled disc, and the Russian edition's
    // white rule panel is a filled box once the holes of its text are filled in.
    if (area / (bw * bh) > 0.72 || solidity(label, id, x0, y0, x1, y1) > 0.85) continue;
    best = [x0, y0, x1 + 1, y1 + 1];
    bestSize = size;
  }
  return best;
}

/** The crop turned through 180°: the same as warping the turned quad, without sampling again. */
export function turnCrop(crop: Float32Array): Float32Array {
  const out = new Float32Array(crop.length);
  const n = crop.length / 3;
  for (let i = 0; i < n; i++) {
    const j = n - 1 - i;
    out[3 * j] = crop[3 * i]!; out[3 * j + 1] = crop[3 * i + 1]!; out[3 * j + 2] = crop[3 * i + 2]!;
  }
  return out;
}

/**
 * What a crop's features are made from, pixel by pixel: its channels over the white reference,
 * its whiteness, the whiteness above the field, the strokes and the ink; and the whiteness
 * threshold and the field's colour (medians over the non-white pixels).
 * None of it depends on which way up the crop is read: turned through 180°, every plane is
 * reversed and every number stays (see turnPlanes).
 */
interface Planes {
  nr: Float32Array; ng: Float32Array; nb: Float32Array; white: Float32Array;
  above: Float32Array; strokes: Float32Array; ink: Float32Array;
  threshold: number; fieldColour: Colour;
}

function planesOf(crop: Float32Array, [wr, wg, wb]: Colour): Planes {
  const n = CROP_H * CROP_W;
  const white = new Float32Array(n), nr = new Float32Array(n), ng = new Float32Array(n), nb = new Float32Array(n);
  for (let i = 0; i < n; i++) {
    nr[i] = Math.min(1.3, crop[3 * i]! / wr); ng[i] = Math.min(1.3, crop[3 * i + 1]! / wg); nb[i] = Math.min(1.3, crop[3 * i + 2]! / wb);
    white[i] = Math.min(nr[i]!, ng[i]!, nb[i]!);
  }
  const field = median(white);
  const threshold = field + 0.5 * Math.max(0.2, 1 - field);
  // The whiteness above the field, 0–1, and its strokes: what is white and narrower than the
  // top-hat's square. A glare spot and a rule panel are wide, so they drop out of the strokes.
  const scale = 1 / Math.max(0.2, 1 - field);
  const above = new Float32Array(n);
  for (let i = 0; i < n; i++) above[i] = Math.min(1, Math.max(0, (white[i]! - field) * scale));
  const strokes = whiteTopHat(above);
  // The field colour: medians over the non-white pixels.
  const fr = new Float32Array(n), fg = new Float32Array(n), fb = new Float32Array(n);
  let nf = 0;
  for (let i = 0; i < n; i++) if (white[i]! < threshold) { fr[nf] = nr[i]!; fg[nf] = ng[i]!; fb[nf] = nb[i]!; nf++; }
  const fieldColour: Colour = [median(fr.subarray(0, nf)), median(fg.subarray(0, nf)), median(fb.subarray(0, nf))];
  return { nr, ng, nb, white, above, strokes, ink: inkMap(nr, ng, nb), threshold, fieldColour };
}

/**
 * The planes of the crop turned through 180°, given the upright crop's planes and the same white
 * reference: each plane reversed. Every step of planesOf is a pixel's own arithmetic, an order
 * statistic of the same values (the medians) or a square window's maximum or minimum, and the
 * window is symmetric, so this is what planesOf makes of the turned crop, to the bit.
 */
function turnPlanes(p: Planes): Planes {
  const turn = (a: Float32Array): Float32Array => a.slice().reverse();
  return {
    nr: turn(p.nr), ng: turn(p.ng), nb: turn(p.nb), white: turn(p.white), above: turn(p.above), strokes: turn(p.strokes), ink: turn(p.ink),
    threshold: p.threshold, fieldColour: p.fieldColour,
  };
}

/** The model's input for a crop (see the file comment for its parts). */
export function cropFeatures(crop: Float32Array): Float32Array {
  return featuresOf(planesOf(crop, whiteReference(crop)));
}

/**
 * The model's input for a crop and for the crop turned through 180°: the same as cropFeatures of
 * each, with the turned crop's planes taken from the upright's (see turnPlanes), which halves the
 * work. Should the two white references differ (a sum rounded), the turned crop is worked out
 * on its own.
 */
export function cropFeaturesBothWays(crop: Float32Array): [upright: Float32Array, turned: Float32Array] {
  const [up, turned] = whiteReferences(crop);
  const planes = planesOf(crop, up);
  const same = up[0] === turned[0] && up[1] === turned[1] && up[2] === turned[2];
  return [featuresOf(planes), featuresOf(same ? turnPlanes(planes) : planesOf(turnCrop(crop), turned))];
}

function featuresOf(p: Planes): Float32Array {
  const { nr, ng, nb, white, above, strokes, ink, threshold } = p;
  const n = CROP_H * CROP_W;
  const f = new Float32Array(FEATURE_LENGTH);
  let o = 0;
  // The numeral box is looked for among the strokes first: in the whiteness, a glare spot beside
  // the numeral merges with it or outranks it. The box is squared around its centre with a margin,
  // then area-sampled as strokes + whiteness − 1: a stroke reads 1, the field −1, and a glare
  // core 0 (white but wide: whatever it hides cannot be told), so the network does not read a
  // glare-swallowed stroke as field.
  const box = numeralBox(strokes, STROKE_THRESHOLD) ?? numeralBox(white, threshold) ?? [CROP_W / 4, CROP_H / 4, (3 * CROP_W) / 4, (3 * CROP_H) / 4];
  const [bx0, by0, bx1, by1] = box;
  const side = Math.max(bx1 - bx0, by1 - by0) * 1.1;
  const cx = (bx0 + bx1) / 2, cy = (by0 + by1) / 2;
  // A sample's column depends on x and sx alone, its row on y and sy alone: each is worked out once.
  const sampleX = new Int32Array(NUM * 3), sampleY = new Int32Array(NUM * 3);
  for (let x = 0; x < NUM; x++) for (let sx = 0; sx < 3; sx++) sampleX[x * 3 + sx] = Math.floor(cx - side / 2 + ((x + (sx + 0.5) / 3) * side) / NUM);
  for (let y = 0; y < NUM; y++) for (let sy = 0; sy < 3; sy++) sampleY[y * 3 + sy] = Math.floor(cy - side / 2 + ((y + (sy + 0.5) / 3) * side) / NUM);
  for (let y = 0; y < NUM; y++) for (let x = 0; x < NUM; x++) {
    let s = 0;
    for (let sy = 0; sy < 3; sy++) for (let sx = 0; sx < 3; sx++) {
      const px = sampleX[x * 3 + sx]!, py = sampleY[y * 3 + sy]!;
      // Outside the crop reads as field.
      s += px >= 0 && py >= 0 && px < CROP_W && py < CROP_H ? strokes[py * CROP_W + px]! + above[py * CROP_W + px]! - 1 : -1;
    }
    f[o++] = s / 9;
  }
  f[o++] = (bx1 - bx0) / CROP_W; f[o++] = (by1 - by0) / CROP_H;
  f[o++] = cx / CROP_W - 0.5; f[o++] = cy / CROP_H - 0.5; f[o++] = (bx1 - bx0) / Math.max(1, by1 - by0) - 0.7;
  // Coarse whiteness map: where the white things are (icons of odd cards, panels, corner numerals).
  for (let y = 0; y < MAP_H; y++) for (let x = 0; x < MAP_W; x++) {
    let s = 0;
    for (let dy = 0; dy < 4; dy++) for (let dx = 0; dx < 4; dx++) s += white[(y * 4 + dy) * CROP_W + x * 4 + dx]!;
    f[o++] = (s / 16) * 2 - 1;
  }
  // Colour grid: white-normalised RGB and chromaticity per cell.
  for (let gy = 0; gy < GRID_H; gy++) for (let gx = 0; gx < GRID_W; gx++) {
    let r = 0, g = 0, b = 0, k = 0;
    for (let y = Math.floor((gy * CROP_H) / GRID_H); y < Math.floor(((gy + 1) * CROP_H) / GRID_H); y++) {
      for (let x = Math.floor((gx * CROP_W) / GRID_W); x < Math.floor(((gx + 1) * CROP_W) / GRID_W); x++) {
        const i = y * CROP_W + x;
        r += nr[i]!; g += ng[i]!; b += nb[i]!; k++;
      }
    }
    r /= k; g /= k; b /= k;
    const s = r + g + b + 1e-3;
    f[o++] = r * 2 - 1; f[o++] = g * 2 - 1; f[o++] = b * 2 - 1;
    f[o++] = (r / s) * 6 - 2; f[o++] = (g / s) * 6 - 2;
  }
  // The field colour, and its hue as a point on the circle.
  const [mr, mg, mb] = p.fieldColour;
  const max = Math.max(mr, mg, mb), min = Math.min(mr, mg, mb);
  const hue = Math.atan2(Math.sqrt(3) * (mg - mb), 2 * mr - mg - mb);
  f[o++] = mr * 2 - 1; f[o++] = mg * 2 - 1; f[o++] = mb * 2 - 1;
  f[o++] = Math.cos(hue); f[o++] = Math.sin(hue); f[o++] = max > 0 ? (max - min) / max : 0;
  // The whole crop's whiteness above the field, its strokes and its ink: the convolutional branch
  // reads the numeral from these wherever it is, so a numeral the box finder missed is still seen.
  for (let i = 0; i < n; i++) { f[o++] = above[i]!; f[o++] = strokes[i]!; f[o++] = ink[i]!; }
  // The colour tower's input: white-referenced red−green and yellow−blue, each 2 × 2 block
  // averaged. Colour is a property of areas, not edges, so half size loses nothing it needs.
  for (let y = 0; y < CHROMA_H; y++) for (let x = 0; x < CHROMA_W; x++) {
    let rg = 0, yb = 0;
    for (let dy = 0; dy < 2; dy++) for (let dx = 0; dx < 2; dx++) {
      const i = (2 * y + dy) * CROP_W + 2 * x + dx;
      rg += Math.max(-1, Math.min(1, nr[i]! - ng[i]!));
      yb += Math.max(-1, Math.min(1, (nr[i]! + ng[i]!) / 2 - nb[i]!));
    }
    f[o++] = rg / 4; f[o++] = yb / 4;
  }
  return f;
}

/**
 * Ink: how far short of the field's chroma nearby a pixel's chroma falls, 0 (field) to 1 (white
 * or grey, a numeral's stroke). A glare spot adds the lamp's light to every channel alike, which
 * raises a pixel's whiteness but leaves the spread between its channels as it was, so on a glare
 * spot's flank the field still reads 0 and a stroke still reads 1, where the whiteness of both
 * has risen towards white. The field's chroma is the largest within the 7 × 7 square (the
 * top-hat's size), since strokes are narrower than it; where there is none (a panel, a border, a
 * clipped glare core) the answer is unknown and reads 0.
 */
export function inkMap(nr: Float32Array, ng: Float32Array, nb: Float32Array): Float32Array {
  const chroma = new Float32Array(nr.length);
  for (let i = 0; i < nr.length; i++) chroma[i] = Math.max(nr[i]!, ng[i]!, nb[i]!) - Math.min(nr[i]!, ng[i]!, nb[i]!);
  const near = squareFilter(chroma, true);
  const out = new Float32Array(nr.length);
  for (let i = 0; i < nr.length; i++) out[i] = near[i]! < INK_MIN_CHROMA ? 0 : Math.max(0, 1 - chroma[i]! / near[i]!);
  return out;
}

/**
 * The maximum (or minimum) over a 7 × 7 window, clipped at the crop's edges; separable. This
 * was most of a crop's feature time, so it is written for the one size the features use, with
 * each window's six neighbours read out in full, and compared with `>` and `<` rather than
 * Math.max and Math.min, which also order −0 below +0 and pass NaN on: neither reaches it (every
 * input is a crop value over a white reference of at least 20, or a difference or clamp of such
 * values), so the values are the same bytes. Timed alternately over 14 crops, the three filters
 * of a crop took about half their time before.
 */
function squareFilter(image: Float32Array, max: boolean): Float32Array {
  const rows = new Float32Array(image.length), out = new Float32Array(image.length);
  windowPass(image, rows, CROP_W, 1, CROP_H, CROP_W, max);
  windowPass(rows, out, CROP_H, CROP_W, CROP_W, 1, max);
  return out;
}

/** One direction of squareFilter: `lines` lines of `len` pixels, `step` apart along a line and `stride` between lines. */
function windowPass(src: Float32Array, dst: Float32Array, len: number, step: number, lines: number, stride: number, max: boolean): void {
  for (let l = 0; l < lines; l++) for (let i = 0; i < len; i++) {
    const o = l * stride + i * step;
    let v = src[o]!;
    if (i >= 3 && i < len - 3) {
      const a = src[o - 3 * step]!, b = src[o - 2 * step]!, c = src[o - step]!, d = src[o + step]!, e = src[o + 2 * step]!, f = src[o + 3 * step]!;
      if (max) { if (a > v) v = a; if (b > v) v = b; if (c > v) v = c; if (d > v) v = d; if (e > v) v = e; if (f > v) v = f; }
      else { if (a < v) v = a; if (b < v) v = b; if (c < v) v = c; if (d < v) v = d; if (e < v) v = e; if (f < v) v = f; }
    } else {
      for (let k = Math.max(0, i - 3); k <= Math.min(len - 1, i + 3); k++) {
        const u = src[l * stride + k * step]!;
        if (max ? u > v : u < v) v = u;
      }
    }
    dst[o] = v;
  }
}

/**
 * The white top-hat: each pixel minus the image's opening by a 7 × 7 square (the largest value a
 * square that size can sit under). What survives is white and narrower than the square: a
 * numeral's strokes. A glare spot, a rule panel and a white border are wide and come out near 0,
 * however bright they are, so under glare the strokes beside the spot stay while the spot goes.
 */
export function whiteTopHat(image: Float32Array): Float32Array {
  const opened = squareFilter(squareFilter(image, false), true);
  const out = new Float32Array(image.length);
  for (let i = 0; i < image.length; i++) out[i] = image[i]! - opened[i]!;
  return out;
}
