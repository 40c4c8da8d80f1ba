// Frame bytes to model input: decode, locate, warp, normalise. Training and inference share this
// one path, so the model is trained on exactly the crops the locator will hand it.
import { decodeFrame } from './frame.ts';
import { cropFeaturesBothWays, FEATURE_LENGTH, warpCrop } from './features.ts';
import type { Point } from './homography.ts';
import type { RawImage } from './image.ts';
import { locateCard } from './locate/locator.ts';
import { VIEWS, viewQuad, type View } from './views.ts';

/**
 * What the vision front end made of a frame: for a card, feature rows for each view of it (see
 * views.ts), each view upright then turned, so `rows` holds 2 × `views` rows, and the first
 * view's RGB crop (the located one, for the classifier's views).
 */
export type FrameReading =
  | { kind: 'card'; rows: Float32Array; views: number; quad: Point[]; image: RawImage; crop: Float32Array }
  | { kind: 'none'; image: RawImage }
  | { kind: 'several'; count: number; image: RawImage };

/** The same corners starting from the opposite one: the card turned through 180°. */
export function turnQuad(quad: readonly Point[]): Point[] {
  return [quad[2]!, quad[3]!, quad[0]!, quad[1]!];
}

/**
 * Decodes a JPEG/PNG frame and returns the located card's feature rows through `views` (every
 * view the classifier reads unless told), or why there are none; throws NotAnImageError.
 */
export async function readFrame(bytes: Uint8Array, views: readonly View[] = VIEWS): Promise<FrameReading> {
  const image = await decodeFrame(bytes);
  const located = locateCard(image);
  if (located.kind !== 'card') return { ...located, image };
  const rows = new Float32Array(2 * views.length * FEATURE_LENGTH);
  let first: Float32Array | null = null;
  views.forEach((view, v) => {
    // The locator cannot tell a card's top from its bottom (a 6 upside down is still read as a 6),
    // so the model is asked both ways up and the answers averaged.
    const crop = warpCrop(image, viewQuad(located.quad, view));
    first ??= crop;
    const [upright, turned] = cropFeaturesBothWays(crop);
    rows.set(upright, 2 * v * FEATURE_LENGTH);
    rows.set(turned, (2 * v + 1) * FEATURE_LENGTH);
  });
  if (first === null) throw new RangeError('a card is read through at least one view');
  return { kind: 'card', rows, views: views.length, quad: located.quad, image, crop: first };
}

/** The located card's crop (the located view only), or why there is none; throws NotAnImageError. */
export async function locatedCrop(bytes: Uint8Array): Promise<{ crop: Float32Array } | { crop: null; kind: 'none' | 'several' }> {
  const image = await decodeFrame(bytes);
  const located = locateCard(image);
  if (located.kind !== 'card') return { crop: null, kind: located.kind };
  return { crop: warpCrop(image, located.quad) };
}
