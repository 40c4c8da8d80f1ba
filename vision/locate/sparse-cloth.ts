// A sparse pattern: small flowers or dots scattered over a wide ground. Each of their colours
// holds only a few hundredths of the frame's border, too little for a cloth colour by the
// palette's usual share (which keeps a card cut by the frame out), so the cloth passed for a
// plain table and its pattern's pieces joined the card's blob. A colour that comes back round
// the border again and again is the pattern's however little of it there is: a card or a hand
// cut by the frame meets the border in a run or two.
import { inkContrast, paletteOf, type Ink } from './palette.ts';

/** A sparse pattern's colours: the least share of the border each holds, and the runs round it they come back in, at least. */
export const SPARSE = { share: 0.025, runs: 10 } as const;

/** The border's palette (see paletteOf); when that shows no pattern, a sparse pattern's, if it shows one. */
export function clothPalette(samples: readonly Ink[], loop: readonly Ink[]): Ink[] {
  const palette = paletteOf(samples, loop);
  if (inkContrast(palette)) return palette;
  const sparse = paletteOf(samples, loop, SPARSE);
  return inkContrast(sparse) ? sparse : palette;
}
