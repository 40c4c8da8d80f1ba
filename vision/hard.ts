// What makes a located card hard to read surely: glare blown out on its face, or the frame cutting
// it. The model's confident mistakes on the validation photos lie there (a glare core taken for a
// stroke, a numeral cut into another's shape), so such a card must clear the strict threshold and
// any other card only the clear one (metadata.json).
import { blownOnCard } from './blown.ts';
import type { Point } from './homography.ts';
import type { RawImage } from './image.ts';

/** Whether the located card runs past the frame's edge (the locator puts a cut card's corners outside it). */
export function cutByFrame(quad: readonly (readonly [number, number])[], frame: { width: number; height: number }): boolean {
  // Half a percent of slack: a card lying flush with the edge can be fitted a pixel beyond it.
  const mx = frame.width * 0.005, my = frame.height * 0.005;
  return quad.some(([x, y]) => x < -mx || y < -my || x > frame.width + mx || y > frame.height + my);
}

/** Whether the card at `quad` in `image` is cut by the frame or has glare blown out on its face. */
export function hardToRead(image: RawImage, quad: readonly Point[]): boolean {
  return cutByFrame(quad, image) || blownOnCard(image, quad);
}
