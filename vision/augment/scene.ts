// Puts a rendered card (or nothing, or several cards, or a distractor) on a table and
// photographs it: any rotation, off-axis perspective, scale, shadow, room light of any colour
// temperature, glare, blur, sensor noise and JPEG. Every draw comes from the seed.
import sharp from 'sharp';
import type { RawImage } from '../image.ts';
import { homographyFromPoints, type Point } from '../homography.ts';
import type { Rng } from '../random.ts';
import { BACKGROUNDS, paintBackground, type BackgroundKind } from './background.ts';
import { paintCloth, type Pattern } from './cloth.ts';
import { NOISE_MASK, noiseTable } from './noise.ts';
import type { Condition } from './conditions.ts';
import { castLamp, glareOnCard, spillLamp, type Glare, type Lamp } from './lamp.ts';
import { drawThumb, placeThumb } from './occluder.ts';
import { offFrameQuad, overlappingQuad, tiltedQuad } from './placement.ts';

/** A card face placed in a scene: its image and where its corners land (TL, TR, BR, BL of the face). */
export interface Placement {
  face: RawImage;
  quad: Point[];
}

/** How strongly each photographic effect may act (1 = the full training range). */
export interface SceneOptions {
  width: number;
  height: number;
  background?: BackgroundKind;
  /** Card height as a fraction of the frame height: [min, max]. */
  cardScale?: [number, number];
  /** Fixed rotation in degrees (tests); random through 360° when absent. */
  rotation?: number;
  /** The share of photos with a glare spot on the card (GLARE_SHARE, the camera's, when absent). */
  glareShare?: number;
  /** The table condition to photograph under ('plain' when absent): see conditions.ts. */
  condition?: Condition;
  /** Points of the first face (u across, v down, in [0, 1]) a thumb must leave uncovered: the big numeral's centre. */
  clear?: Point[];
  /** Lay the cards on a patterned cloth whatever the condition (two overlapping cards on a cloth, say). */
  cloth?: boolean;
}

/** Where a thumb may never reach unless told otherwise: the middle of the face, where most layouts put the numeral. */
export const NUMERAL_CENTRE: Point = [0.5, 0.5];

/** How many faces each condition photographs: a card, or for `overlap` the lower and the upper card. */
export function facesFor(condition: Condition): number {
  return condition === 'overlap' ? 2 : 1;
}

/** What the condition put in the photo, for tests and for the evaluation's labels. */
export interface ConditionDetails {
  /** patterned-cloth: which pattern the table has. */
  pattern?: Pattern;
  /** thumb: the share of the card it covers. */
  covered?: number;
  /** partly-off-frame: the share of the card outside the frame. */
  outside?: number;
  /** tilt: the camera's tilt in degrees, and the focal length and principal point that undo the projection. */
  tilt?: number;
  focal?: number;
  principal?: Point;
  /** overlap: the share of the lower card (the first quad) the upper one hides. */
  hidden?: number;
  /** glare-cast: the lamp's colour temperature. */
  kelvin?: number;
}

/** How often a photo from the scan tray's camera has a glare spot on the card. */
export const GLARE_SHARE = 0.22;

/** Picks a card position: full 360° rotation, a scale, and a perspective jitter of the corners. */
export function randomQuad(rng: Rng, width: number, height: number, scale: [number, number], avoid: Point[][] = [], rotation?: number): Point[] | null {
  for (let attempt = 0; attempt < 30; attempt++) {
    const ch = rng.range(scale[0], scale[1]) * Math.min(width, height);
    const cw = (ch * 5) / 7;
    // The angle is drawn even when fixed, so a fixed rotation leaves the rest of the scene unchanged.
    const drawn = rng.range(0, Math.PI * 2);
    const theta = rotation === undefined ? drawn : (rotation * Math.PI) / 180;
    const c = Math.cos(theta), s = Math.sin(theta);
    const half = Math.hypot(cw, ch) / 2;
    const cx = rng.range(half * 0.9, width - half * 0.9), cy = rng.range(half * 0.9, height - half * 0.9);
    const tilt = rng.range(0, 0.06) * ch;
    const quad: Point[] = [[-cw / 2, -ch / 2], [cw / 2, -ch / 2], [cw / 2, ch / 2], [-cw / 2, ch / 2]].map(([x, y]) =>
      [cx + x! * c - y! * s + rng.normal() * tilt * 0.5, cy + x! * s + y! * c + rng.normal() * tilt * 0.5] as Point);
    const inside = quad.every(([x, y]) => x > 2 && y > 2 && x < width - 3 && y < height - 3);
    const apart = avoid.every((q) => {
      const [ax, ay] = centroid(q);
      return Math.hypot(ax - cx, ay - cy) > (half + Math.hypot(q[0]![0] - q[2]![0], q[0]![1] - q[2]![1]) / 2) * 1.05;
    });
    if (inside && apart) return quad;
  }
  return null;
}

function centroid(q: readonly Point[]): [number, number] {
  return [q.reduce((a, p) => a + p[0], 0) / q.length, q.reduce((a, p) => a + p[1], 0) / q.length];
}

/** Draws a face (RGBA) into an RGB float buffer through its quad, with anti-aliased edges. */
function drawFace(buf: Float32Array, width: number, height: number, p: Placement, shade: number, coverage: Float32Array): void {
  const { face, quad } = p;
  const fw = face.width, fh = face.height;
  const h = homographyFromPoints(quad, [[0, 0], [fw, 0], [fw, fh], [0, fh]]);
  const [h0, h1, h2, h3, h4, h5, h6, h7, h8] = h as unknown as number[];
  const xs = quad.map((q) => q[0]), ys = quad.map((q) => q[1]);
  const x0 = Math.max(0, Math.floor(Math.min(...xs))), x1 = Math.min(width - 1, Math.ceil(Math.max(...xs)));
  const y0 = Math.max(0, Math.floor(Math.min(...ys))), y1 = Math.min(height - 1, Math.ceil(Math.max(...ys)));
  const pxPerUnit = Math.hypot(quad[1]![0] - quad[0]![0], quad[1]![1] - quad[0]![1]) / fw;
  const d = face.data;
  for (let y = y0; y <= y1; y++) {
    const py = y + 0.5;
    for (let x = x0; x <= x1; x++) {
      const px = x + 0.5;
      const wq = h6! * px + h7! * py + h8!;
      const u = (h0! * px + h1! * py + h2!) / wq, v = (h3! * px + h4! * py + h5!) / wq;
      const edge = Math.min(u, fw - u, v, fh - v) * pxPerUnit + 0.5;
      if (edge <= 0) continue;
      const uu = Math.min(fw - 1, Math.max(0, u - 0.5)), vv = Math.min(fh - 1, Math.max(0, v - 0.5));
      const ix = uu | 0, iy = vv | 0, fx = uu - ix, fy = vv - iy;
      const b00 = (iy * fw + ix) * 4;
      const b10 = b00 + (ix + 1 < fw ? 4 : 0), b01 = b00 + (iy + 1 < fh ? fw * 4 : 0), b11 = b01 + (b10 - b00);
      const w00 = (1 - fx) * (1 - fy), w10 = fx * (1 - fy), w01 = (1 - fx) * fy, w11 = fx * fy;
      const alpha = d[b00 + 3]! * w00 + d[b10 + 3]! * w10 + d[b01 + 3]! * w01 + d[b11 + 3]! * w11;
      const a = Math.min(1, edge) * (alpha / 255);
      if (a <= 0) continue;
      coverage[y * width + x] = Math.max(coverage[y * width + x]!, a);
      const o = (y * width + x) * 3, k = shade * a;
      for (let c = 0; c < 3; c++) {
        buf[o + c] = buf[o + c]! * (1 - a) + (d[b00 + c]! * w00 + d[b10 + c]! * w10 + d[b01 + c]! * w01 + d[b11 + c]! * w11) * k;
      }
    }
  }
}

/** Darkens the table under a card's offset outline: the card's own cast shadow. */
function dropShadow(buf: Float32Array, width: number, height: number, quad: Point[], rng: Rng): void {
  const dx = rng.range(-0.04, 0.04) * height, dy = rng.range(-0.04, 0.04) * height;
  const k = rng.range(0.45, 0.85);
  const shadowQuad = quad.map(([x, y]) => [x + dx, y + dy] as Point);
  const inv = homographyFromPoints(shadowQuad, [[0, 0], [1, 0], [1, 1], [0, 1]]);
  const xs = shadowQuad.map((q) => q[0]), ys = shadowQuad.map((q) => q[1]);
  const soft = rng.range(0.01, 0.08);
  for (let y = Math.max(0, Math.floor(Math.min(...ys))); y <= Math.min(height - 1, Math.ceil(Math.max(...ys))); y++) {
    for (let x = Math.max(0, Math.floor(Math.min(...xs))); x <= Math.min(width - 1, Math.ceil(Math.max(...xs))); x++) {
      const wq = inv[6]! * x + inv[7]! * y + inv[8]!;
      const u = (inv[0]! * x + inv[1]! * y + inv[2]!) / wq, v = (inv[3]! * x + inv[4]! * y + inv[5]!) / wq;
      const e = Math.min(u, 1 - u, v, 1 - v);
      if (e <= 0) continue;
      const f = 1 - (1 - k) * Math.min(1, e / soft);
      const o = (y * width + x) * 3;
      buf[o] = buf[o]! * f; buf[o + 1] = buf[o + 1]! * f; buf[o + 2] = buf[o + 2]! * f;
    }
  }
}

/**
 * One channel of a surface under the room light: its colour times the light's brightness `f`,
 * plus the glare `add`, all in the light's colour (`gain` for this channel). The glare is the
 * lamp mirrored in the gloss, so it has the lamp's colour: a tungsten glare is orange to the
 * camera, not white (a white one misled the white reference into reading red cards as orange).
 */
export function lit(value: number, f: number, add: number, gain: number): number {
  return (value * f + add) * gain;
}

/** Room light: colour temperature gains, brightness, a gradient, maybe a cast shadow and a glare spot. */
function light(buf: Float32Array, width: number, height: number, rng: Rng, glareAt: Point | null, glareSize: number, glareMask: Float32Array, lamp: Lamp = {}): void {
  // Colour temperature 2700–7500 K as rough camera-space gains (fixed white balance keeps the cast).
  const t = rng.range(0, 1);
  const warm = t < 0.55 ? (0.55 - t) / 0.55 : 0, cool = t > 0.55 ? (t - 0.55) / 0.45 : 0;
  const tint = rng.range(-0.06, 0.06);
  const gains = lamp.gains ?? [1 - 0.12 * cool, (1 - 0.2 * warm - 0.05 * cool) * (1 + tint), (1 - 0.45 * warm) * (1 + 0.1 * cool)];
  const bright = rng.range(0.55, 1.3);
  const gx = rng.range(-0.4, 0.4) / width, gy = rng.range(-0.4, 0.4) / height;
  // A cast shadow (a hand, the camera arm): a soft half-plane.
  const shadow = rng.chance(0.2);
  const sa = rng.range(0, Math.PI * 2), sc = Math.cos(sa), ss = Math.sin(sa);
  const so = rng.range(0.2, 0.8) * width, sk = rng.range(0.55, 0.85), ssoft = rng.range(0.02, 0.15) * width;
  const glare = glareAt !== null;
  const drawn = rng.range(120, 350), gi = lamp.intensity ?? drawn, gr2 = 2 * glareSize * glareSize;
  const spill = lamp.spill;
  for (let y = 0, i = 0; y < height; y++) {
    for (let x = 0; x < width; x++, i += 3) {
      let f = bright * (1 + gx * (x - width / 2) + gy * (y - height / 2));
      if (shadow) {
        const dd = (x - width / 2) * sc + (y - height / 2) * ss + width / 2 - so;
        if (dd > -ssoft) f *= 1 - (1 - sk) * Math.min(1, (dd + ssoft) / (2 * ssoft));
      }
      let add = 0;
      if (glare) {
        const q = ((x - glareAt[0]) ** 2 + (y - glareAt[1]) ** 2) / gr2;
        if (q < 9) {
          const m = glareMask[i / 3]!;
          add = gi * Math.exp(-q) * (spill === undefined ? m : m + (1 - m) * spill);
        }
      }
      buf[i] = lit(buf[i]!, f, add, gains[0]!);
      buf[i + 1] = lit(buf[i + 1]!, f, add, gains[1]!);
      buf[i + 2] = lit(buf[i + 2]!, f, add, gains[2]!);
    }
  }
}

/** What a scene holds, for tests and labels. */
export interface Scene {
  jpeg: Buffer;
  quads: Point[][];
  /** Where the glare spot is centred, or null when the photo has none. */
  glareAt: Point | null;
  condition: Condition;
  details: ConditionDetails;
}

/** Photographs faces placed on a random table: returns the JPEG as a camera would deliver it. */
export async function photograph(faces: RawImage[], rng: Rng, opts: SceneOptions): Promise<Scene> {
  const { width, height } = opts;
  const condition = opts.condition ?? 'plain';
  if (condition !== 'plain' && !(condition === 'patterned-cloth' && faces.length === 0) && faces.length !== facesFor(condition)) {
    throw new RangeError(`the ${condition} condition photographs ${facesFor(condition)} face(s), not ${faces.length}`);
  }
  const details: ConditionDetails = {};
  const buf = new Float32Array(width * height * 3);
  if (condition === 'patterned-cloth' || opts.cloth === true) details.pattern = paintCloth(buf, width, height, rng);
  else paintBackground(buf, width, height, opts.background ?? rng.pick(BACKGROUNDS), rng);
  const quads = placeCards(faces.length, rng, opts, condition, details);
  // Glare is a reflection on the glossy card, so it is masked to the first card's face.
  const glareMask = new Float32Array(width * height);
  const scratch = new Float32Array(faces.length > 1 ? width * height : 0);
  for (let i = 0; i < faces.length; i++) {
    if (rng.chance(0.5)) dropShadow(buf, width, height, quads[i]!, rng);
    drawFace(buf, width, height, { face: faces[i]!, quad: quads[i]! }, rng.range(0.85, 1.05), i === 0 ? glareMask : scratch);
  }
  if (condition === 'thumb') {
    const thumb = placeThumb(quads[0]!, rng, opts.clear ?? [NUMERAL_CENTRE], [0.04, 0.2]);
    if (thumb === null) throw new Error('found no place for a thumb that keeps the numeral clear');
    drawThumb(buf, width, height, thumb, rng);
    details.covered = thumb.covered;
  }
  let glare: Glare | null = null;
  let lamp: Lamp = {};
  if (quads.length > 0 && (condition === 'glare-cast' || condition === 'glare-spill')) {
    ({ lamp, glare } = condition === 'glare-cast' ? castLamp(rng, quads[0]!) : spillLamp(rng, quads[0]!));
    if (lamp.kelvin !== undefined) details.kelvin = lamp.kelvin;
  } else if (quads.length > 0 && rng.chance(opts.glareShare ?? GLARE_SHARE)) glare = glareOnCard(rng, quads[0]!, [0.03, 0.12]);
  const glareAt = glare?.at ?? null, glareSize = glare?.size ?? 0;
  light(buf, width, height, rng, glareAt, glareSize, glareMask, lamp);
  const noise = rng.range(0, 7);
  const table = noiseTable(rng);
  const bytes = new Uint8Array(width * height * 3);
  const stride = 2 * rng.int(1000, 20000) + 1;
  let t = rng.int(0, NOISE_MASK);
  for (let i = 0; i < bytes.length; i++) {
    t = (t + stride) & NOISE_MASK;
    const v = buf[i]! + table[t]! * noise;
    bytes[i] = v <= 0 ? 0 : v >= 255 ? 255 : v | 0;
  }
  let img = sharp(bytes, { raw: { width, height, channels: 3 } });
  const blur = rng.next();
  if (blur < 0.35) img = img.blur(Math.max(0.3, rng.range(0.3, 1.3) * (width / 384)));
  else if (blur < 0.5) {
    // Motion blur: a short line kernel in a random direction.
    const n = 2 * rng.int(1, 3) + 1;
    const kernel = new Array<number>(n * n).fill(0);
    const horizontal = rng.chance(0.5);
    for (let k = 0; k < n; k++) kernel[horizontal ? (n >> 1) * n + k : k * n + (n >> 1)] = 1;
    img = img.convolve({ width: n, height: n, kernel, scale: n });
  }
  const jpeg = await img.jpeg({ quality: rng.int(40, 95) }).toBuffer();
  return { jpeg, quads, glareAt, condition, details };
}

/** Where the faces go: as in a plain scene, or as the condition moves them (recording how far in `details`). */
function placeCards(count: number, rng: Rng, opts: SceneOptions, condition: Condition, details: ConditionDetails): Point[][] {
  const { width, height } = opts;
  const scale = opts.cardScale ?? [0.35, 0.8];
  const quads: Point[][] = [];
  if (count === 0) return quads;
  if (condition === 'tilt') {
    for (let attempt = 0; attempt < 30; attempt++) {
      const tilt = rng.range(25, 45);
      const placed = tiltedQuad(rng, width, height, tilt, rng.range(scale[0], scale[1]));
      if (placed === null) continue;
      Object.assign(details, { tilt, focal: placed.focal, principal: placed.principal });
      return [placed.quad];
    }
    throw new Error(`no room for a tilted card in a ${width}×${height} frame`);
  }
  if (condition === 'overlap') {
    for (let attempt = 0; attempt < 30; attempt++) {
      const lower = randomQuad(rng, width, height, [0.3, 0.5], [], opts.rotation);
      const upper = lower && overlappingQuad(lower, rng, width, height, [0.2, 0.7]);
      if (!lower || !upper) continue;
      details.hidden = upper.hidden;
      return [lower, upper.quad];
    }
    throw new Error(`no room for two overlapping cards in a ${width}×${height} frame`);
  }
  for (let i = 0; i < count; i++) {
    const quad = randomQuad(rng, width, height, count > 1 ? [scale[0] * 0.8, scale[0] * 1.2] : scale, quads, opts.rotation);
    if (quad === null) throw new Error(`no room for ${count} cards in a ${width}×${height} frame`);
    quads.push(quad);
  }
  if (condition === 'partly-off-frame') {
    const cut = offFrameQuad(quads[0]!, rng, width, height, [0.03, 0.15]);
    quads[0] = cut.quad;
    details.outside = cut.outside;
  }
  return quads;
}
