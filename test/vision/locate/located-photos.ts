// Photos of a `red7 vision-eval --conditions --styles held-out` line read by the locator alone, for
// the locator's tests: what it said and the drawn card's worst corner error (share of its height).
import { freshFacePool, type FacePool } from '../../../vision/dataset.ts';
import { cornerError, linePhoto, type EvalLine } from '../../../vision/evaluate-conditions.ts';
import { decodeFrame } from '../../../vision/frame.ts';
import type { Point } from '../../../vision/homography.ts';
import { findCard, locateCard, type Located } from '../../../vision/locate/locator.ts';

export interface LocatedPhoto {
  found: Located;
  /** NaN unless a card was found where one was drawn. */
  error: number;
  /** The first drawn card's corners in the working image's pixels (none on an empty table). */
  truth: Point[];
}

let pool: FacePool | null = null;

/** Locates photos `ids` of a line at a seed (`beforePairs`: as the locator finds them before the cloth-pair network reads them). */
export async function locateLinePhotos(line: EvalLine, ids: readonly number[], seed: number, beforePairs = false): Promise<LocatedPhoto[]> {
  pool ??= freshFacePool(300, 'held-out');
  const out: LocatedPhoto[] = [];
  for (const i of ids) {
    const photo = await linePhoto(line, i, seed, pool, 1280, 960);
    const image = await decodeFrame(photo.jpeg);
    const found = beforePairs ? findCard(image).located : locateCard(image);
    const scale = image.width / 1280;
    const truth = photo.quads[0]?.map(([x, y]) => [x * scale, y * scale] as Point) ?? [];
    out.push({ found, error: found.kind === 'card' && truth.length > 0 ? cornerError(truth, found.quad) : Number.NaN, truth });
  }
  return out;
}
