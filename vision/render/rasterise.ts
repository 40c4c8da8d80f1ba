// Rasterises card SVG with sharp (librsvg) into RGBA pixels; the alpha carries the rounded corners.
import sharp from 'sharp';
import type { Card } from '../../device/rules/cards.ts';
import type { RawImage } from '../image.ts';
import { makeRng } from '../random.ts';
import { cardSvg } from './card-svg.ts';
import { randomStyle, type CardStyle } from './style.ts';

/** Renders an SVG string to an RGBA image of its own size. */
export async function rasteriseSvg(svg: string): Promise<RawImage> {
  const { data, info } = await sharp(Buffer.from(svg)).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  return { data: new Uint8Array(data.buffer, data.byteOffset, data.length), width: info.width, height: info.height, channels: 4 };
}

/** Renders one card face in a given style at width × (7/5 width) pixels. */
export async function renderCard(card: Card, style: CardStyle, width = 200): Promise<RawImage> {
  return rasteriseSvg(cardSvg(card, style, width, Math.round((width * 7) / 5)));
}

/** Renders a card in the random style that a seed picks; the same seed always gives the same pixels. */
export async function renderCardSeeded(card: Card, seed: number, width = 200): Promise<RawImage> {
  return renderCard(card, randomStyle(card, makeRng(seed)), width);
}
