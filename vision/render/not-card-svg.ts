// Things on a scan tray that are not a Red7 face: a Red7 card back, blank coloured cards,
// patterned cards and ordinary playing-card court letters. The model learns to say "not a card".
import type { Rng } from '../random.ts';
import { hex, hsvToRgb } from './palette.ts';
import { CARD_H, CARD_W } from './card-svg.ts';
import { textPath, TRAINING_FAMILIES, weightsOf } from './fonts.ts';

/** Suit shapes as paths in a 100-unit box centred on the origin (no font has them in its Latin subset). */
const SUITS = [
  'M0,-50 L40,0 L0,50 L-40,0 Z',
  'M0,45 C-60,0 -45,-50 0,-20 C45,-50 60,0 0,45 Z',
  'M0,-50 C30,-20 50,0 25,20 C15,28 5,22 3,15 L10,45 L-10,45 L-3,15 C-5,22 -15,28 -25,20 C-50,0 -30,-20 0,-50 Z',
];

/** The SVG of a random card-shaped object that is not a Red7 face, width × height pixels. */
export function notCardSvg(rng: Rng, width: number, height: number): string {
  const kind = rng.int(0, 3);
  const bg = hex(hsvToRgb(rng.range(0, 360), rng.range(0, 1), rng.range(0.15, 0.95)));
  let inner = '';
  if (kind === 0) {
    // The Red7 back: black with a white splat and a rainbow bar.
    const bars = ['#b01f24', '#d44e28', '#ceb72d', '#2f9b46', '#38afad', '#283787', '#6b3895']
      .map((c, i) => `<rect x="${60 + i * 19}" y="${rng.range(150, 170).toFixed(0)}" width="19" height="30" fill="${c}"/>`).join('');
    inner = `<rect width="${CARD_W}" height="${CARD_H}" fill="#111"/><ellipse cx="125" cy="175" rx="${rng.range(70, 100).toFixed(0)}" ry="${rng.range(80, 120).toFixed(0)}" fill="#f2f2f2"/>${bars}`;
  } else if (kind === 1) {
    inner = `<rect width="${CARD_W}" height="${CARD_H}" fill="${bg}"/>`;
  } else if (kind === 2) {
    const stripes = Array.from({ length: rng.int(3, 12) }, () =>
      `<rect x="${rng.range(-50, 250).toFixed(0)}" y="${rng.range(-50, 350).toFixed(0)}" width="${rng.range(10, 150).toFixed(0)}" height="${rng.range(10, 150).toFixed(0)}" fill="${hex(hsvToRgb(rng.range(0, 360), rng.range(0, 1), rng.range(0.2, 1)))}" transform="rotate(${rng.range(0, 90).toFixed(0)} 125 175)"/>`).join('');
    inner = `<rect width="${CARD_W}" height="${CARD_H}" fill="${bg}"/>${stripes}`;
  } else {
    const letter = rng.pick(['A', 'K', 'Q', 'J', 'X', '?', 'suit']);
    const size = rng.range(90, 170);
    const family = rng.pick(TRAINING_FAMILIES);
    const mark = letter === 'suit'
      ? `<path d="${rng.pick(SUITS)}" transform="translate(125 175) scale(${(size / 100).toFixed(2)})"/>`
      : `<path d="${textPath(letter, { family, weight: weightsOf(family).at(-1)! }, 125, 175 + size * 0.36, size).d}"/>`;
    inner = `<rect width="${CARD_W}" height="${CARD_H}" fill="${bg}"/><g fill="#fff">${mark}</g>`;
  }
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${CARD_W} ${CARD_H}">` +
    `<defs><clipPath id="c"><rect width="${CARD_W}" height="${CARD_H}" rx="12"/></clipPath></defs><g clip-path="url(#c)">${inner}</g></svg>`;
}
