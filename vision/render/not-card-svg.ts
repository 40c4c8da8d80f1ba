// Things on a scan tray that are not a Red7 face: a Red7 card back, blank coloured cards,
// patterned cards and ordinary playing-card court letters. The model learns to say "not a card".
import type { Rng } from '../random.ts';
import { hex, hsvToRgb } from './palette.ts';
import { CARD_H, CARD_W } from './card-svg.ts';

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
    const letter = rng.pick(['A', 'K', 'Q', 'J', '♠', '♥', '♦', '♣', 'X', '?']);
    inner = `<rect width="${CARD_W}" height="${CARD_H}" fill="${bg}"/><text x="125" y="225" font-family="DejaVu Sans" font-weight="bold" font-size="${rng.range(90, 170).toFixed(0)}" text-anchor="middle" fill="#fff">${letter}</text>`;
  }
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${CARD_W} ${CARD_H}">` +
    `<defs><clipPath id="c"><rect width="${CARD_W}" height="${CARD_H}" rx="12"/></clipPath></defs><g clip-path="url(#c)">${inner}</g></svg>`;
}
