// Card faces written as HTML and CSS for Debian's chromium to draw: a second renderer, with its own
// drawing code and its own rasteriser (Skia, not librsvg), so that a figure measured on these faces
// says something about printings that vision/render never drew. The designs follow what the real
// cards look like (a paint-splash face as the Asmadi edition, faceted triangles as Hobby World's),
// in typefaces of the held-out set only; every glyph comes from the project's @fontsource packages.
import { cardColour, cardValue, type Card, type Colour } from '../../device/rules/cards.ts';
import { figureHeight, HELD_OUT_FAMILIES, loadFont, weightsOf, type Family } from '../../vision/render/fonts.ts';
import { hex, PRINTED, RULE_TEXT_EN, shiftColour, type Rgb } from '../../vision/render/palette.ts';
import type { Rng } from '../../vision/random.ts';

export const DESIGNS = ['splash', 'facets'] as const;
export type Design = (typeof DESIGNS)[number];

/** The face's size in CSS pixels (5:7), as the screenshot is taken. */
export const FACE_W = 300;
export const FACE_H = 420;

/** One printing's look: a design, a typeface and its weights, chosen once for a whole deck. */
export interface Printing {
  design: Design;
  family: Family;
  numeralWeight: number;
  ruleWeight: number;
}

/** A printing drawn from the held-out typefaces (never trained on), `family` and `design` if given. */
export function drawPrinting(rng: Rng, family?: Family, design?: Design): Printing {
  const f = family ?? rng.pick(HELD_OUT_FAMILIES);
  if (!(HELD_OUT_FAMILIES as readonly string[]).includes(f)) throw new RangeError(`${f} is not a held-out typeface`);
  const weights = weightsOf(f);
  if (weights.length === 0) throw new Error(`@fontsource/${f} has no upright Latin weight`);
  return { design: design ?? rng.pick(DESIGNS), family: f, numeralWeight: weights[weights.length - 1]!, ruleWeight: weights[0]! };
}

/** The CSS font-family name a printing's weight is declared under (see fontFaceCss). */
export function faceName(family: Family, weight: number): string {
  return `r7-${family}-${weight}`;
}

/** Throws unless every character of `text` has a glyph in the font: chromium would otherwise draw it from a system font. */
export function assertGlyphs(text: string, family: Family, weight: number): void {
  const font = loadFont(family, weight);
  for (const ch of new Set(text)) {
    if (ch !== ' ' && font.charToGlyph(ch).index === 0) throw new Error(`@fontsource/${family} ${weight} has no glyph for "${ch}"`);
  }
}

const rgba = ([r, g, b]: Rgb, a: number): string => `rgba(${r},${g},${b},${a.toFixed(2)})`;
const px = (v: number): string => `${v.toFixed(1)}px`;

/** The face of `card` in `printing`, as one absolutely laid out <div id="face">; `rng` draws its shapes and shades. */
export function faceHtml(card: Card, printing: Printing, rng: Rng): string {
  const colour = cardColour(card), value = cardValue(card);
  const field = shiftColour(PRINTED[colour].field, rng.range(-4, 4), rng.range(0.9, 1.08), rng.range(0.9, 1.06));
  const band = shiftColour(PRINTED[colour].band, rng.range(-4, 4), rng.range(0.9, 1.08), rng.range(0.9, 1.06));
  assertGlyphs(String(value), printing.family, printing.numeralWeight);
  assertGlyphs(RULE_TEXT_EN[colour], printing.family, printing.ruleWeight);
  const radius = rng.range(8, 18);
  const inner = printing.design === 'splash' ? splash(value, colour, field, band, printing, rng) : facets(value, colour, field, band, printing, rng);
  const border = printing.design === 'splash' && rng.next() < 0.3 ? rng.range(3, 8) : 0;
  return `<div id="face" style="position:relative;width:${FACE_W}px;height:${FACE_H}px;border-radius:${px(radius)};overflow:hidden;background:#f7f5ef">`
    + `<div style="position:absolute;inset:${px(border)};border-radius:${px(Math.max(0, radius - border))};overflow:hidden;background:${hex(field)}">${inner}</div></div>`;
}

/** Text in the printing's face: white unless told, with the style given. */
function text(s: string, family: Family, weight: number, style: string): string {
  return `<div style="position:absolute;font-family:'${faceName(family, weight)}';font-weight:${weight};line-height:1;white-space:nowrap;${style}">${s}</div>`;
}

/** The Asmadi look: a flat field, drip bands top and bottom, a dark splat, a huge white numeral, corner figures, the rule up both long edges, an icon on odd cards. */
function splash(value: number, colour: Colour, field: Rgb, band: Rgb, p: Printing, rng: Rng): string {
  const parts: string[] = [];
  const light = shiftColour(field, 0, 0.95, 1.08);
  parts.push(`<div style="position:absolute;inset:0;background:linear-gradient(${rng.int(0, 359)}deg,${hex(light)},${hex(field)} 60%)"></div>`);
  for (const top of [true, false]) {
    const h = rng.range(0.08, 0.14) * FACE_H;
    parts.push(`<div style="position:absolute;left:0;right:0;${top ? 'top' : 'bottom'}:0;height:${px(h)};background:${hex(band)}"></div>`);
    for (let k = rng.int(5, 9); k > 0; k--) {
      const w = rng.range(6, 18), len = rng.range(10, 45), x = rng.range(0, FACE_W - w);
      const round = top ? `0 0 ${px(w / 2)} ${px(w / 2)}` : `${px(w / 2)} ${px(w / 2)} 0 0`;
      parts.push(`<div style="position:absolute;left:${px(x)};${top ? 'top' : 'bottom'}:${px(h - 1)};width:${px(w)};height:${px(len)};border-radius:${round};background:${hex(band)}"></div>`);
    }
  }
  for (let k = rng.int(10, 18); k > 0; k--) {
    const d = rng.range(30, 110), a = rng.range(0, 2 * Math.PI), r = rng.range(0, 0.22) * FACE_W;
    parts.push(`<div style="position:absolute;left:${px(FACE_W / 2 + r * Math.cos(a) - d / 2)};top:${px(FACE_H / 2 + r * Math.sin(a) - d / 2)};width:${px(d)};height:${px(d * rng.range(0.7, 1.3))};border-radius:50%;background:${rgba(band, rng.range(0.5, 0.9))}"></div>`);
  }
  for (let k = rng.int(8, 15); k > 0; k--) {
    const d = rng.range(4, 12), a = rng.range(0, 2 * Math.PI), r = rng.range(0.3, 0.42) * FACE_W;
    parts.push(`<div style="position:absolute;left:${px(FACE_W / 2 + r * Math.cos(a))};top:${px(FACE_H / 2 + r * Math.sin(a))};width:${px(d)};height:${px(d)};border-radius:50%;background:${rgba(band, 0.8)}"></div>`);
  }
  const size = rng.range(0.36, 0.48) * FACE_H / figureShare(p);
  const shadow = `${px(rng.range(-4, 6))} ${px(rng.range(0, 7))} ${px(rng.range(4, 14))} rgba(0,0,0,${rng.range(0.35, 0.7).toFixed(2)})`;
  const stroke = rng.next() < 0.3 ? `-webkit-text-stroke:${px(rng.range(1, 2.5))} ${hex(shiftColour(band, 0, 1, 0.6))};` : '';
  parts.push(`<div style="position:absolute;inset:0;display:flex;align-items:center;justify-content:center;transform:translate(${px(rng.range(-8, 8))},${px(rng.range(-8, 8))})">`
    + text(String(value), p.family, p.numeralWeight, `position:static;color:#fff;font-size:${px(size)};text-shadow:${shadow};${stroke}`) + '</div>');
  const corner = rng.range(30, 46), cx = rng.range(12, 22), cy = rng.range(10, 18);
  parts.push(text(String(value), p.family, p.numeralWeight, `left:${px(cx)};top:${px(cy)};color:#fff;font-size:${px(corner)}`));
  parts.push(text(String(value), p.family, p.numeralWeight, `right:${px(cx)};bottom:${px(cy)};color:#fff;font-size:${px(corner)};transform:rotate(180deg)`));
  const ruleSize = rng.range(9, 12), spacing = rng.range(0.3, 1.5), inset = rng.range(5, 9);
  const ruleStyle = `top:50%;color:rgba(255,255,255,${rng.range(0.85, 1).toFixed(2)});font-size:${px(ruleSize)};letter-spacing:${px(spacing)};writing-mode:vertical-rl`;
  parts.push(text(RULE_TEXT_EN[colour], p.family, p.ruleWeight, `left:${px(inset)};${ruleStyle};transform:translateY(-50%) rotate(180deg)`));
  parts.push(text(RULE_TEXT_EN[colour], p.family, p.ruleWeight, `right:${px(inset)};${ruleStyle};transform:translateY(-50%)`));
  if (value % 2 === 1) {
    const s = rng.range(22, 30), ix = rng.range(12, 22), iy = rng.range(12, 20);
    parts.push(icon(value, s, `right:${px(ix)};top:${px(iy)}`));
    parts.push(icon(value, s, `left:${px(ix)};bottom:${px(iy)};transform:rotate(180deg)`));
  }
  return parts.join('');
}

/** The share of a font size the printing's figures stand, to size a numeral by its height on the card. */
const figureShare = (p: Printing): number => figureHeight({ family: p.family, weight: p.numeralWeight });

/** The odd cards' action icons in white CSS shapes: 7 a boxed cross, 5 a card and a hand, 3 a card and a plus, 1 a card and an arrow. */
function icon(value: number, s: number, where: string): string {
  const bar = (x: number, y: number, w: number, h: number, turn = 0) =>
    `<div style="position:absolute;left:${px(x)};top:${px(y)};width:${px(w)};height:${px(h)};background:#fff;transform:rotate(${turn}deg)"></div>`;
  const card = `<div style="position:absolute;left:0;top:${px(s * 0.1)};width:${px(s * 0.55)};height:${px(s * 0.8)};border:2px solid #fff;border-radius:3px"></div>`;
  let inside: string;
  if (value === 7) inside = `<div style="position:absolute;inset:0;border:2px solid #fff"></div>${bar(s * 0.1, s * 0.45, s * 0.8, 3, 45)}${bar(s * 0.1, s * 0.45, s * 0.8, 3, -45)}`;
  else if (value === 5) inside = `${card}<div style="position:absolute;left:${px(s * 0.45)};top:${px(s * 0.35)};width:${px(s * 0.5)};height:${px(s * 0.55)};border-radius:40% 40% 50% 50%;background:#fff"></div>`;
  else if (value === 3) inside = `${card}${bar(s * 0.55, s * 0.45, s * 0.45, 3)}${bar(s * 0.76, s * 0.24, 3, s * 0.45)}`;
  else inside = `${card}${bar(s * 0.5, s * 0.5, s * 0.35, 3)}<div style="position:absolute;left:${px(s * 0.82)};top:${px(s * 0.5 - 5)};border-left:${px(s * 0.18)} solid #fff;border-top:6px solid transparent;border-bottom:6px solid transparent"></div>`;
  return `<div style="position:absolute;${where};width:${px(s)};height:${px(s)}">${inside}</div>`;
}

/** The Hobby World look: faceted triangles in shades of the colour, the numeral in a corner, the rule in a white panel. */
function facets(value: number, colour: Colour, field: Rgb, band: Rgb, p: Printing, rng: Rng): string {
  const cols = 5, rows = 7;
  const pt: Array<[number, number]> = [];
  for (let j = 0; j <= rows; j++) {
    for (let i = 0; i <= cols; i++) {
      const edgeX = i === 0 || i === cols, edgeY = j === 0 || j === rows;
      pt.push([(i + (edgeX ? 0 : rng.range(-0.35, 0.35))) * FACE_W / cols, (j + (edgeY ? 0 : rng.range(-0.35, 0.35))) * FACE_H / rows]);
    }
  }
  const tris: string[] = [];
  const at = (i: number, j: number) => pt[j * (cols + 1) + i]!;
  for (let j = 0; j < rows; j++) {
    for (let i = 0; i < cols; i++) {
      const [a, b, c, d] = [at(i, j), at(i + 1, j), at(i + 1, j + 1), at(i, j + 1)];
      const split = rng.next() < 0.5 ? [[a, b, c], [a, c, d]] : [[a, b, d], [b, c, d]];
      for (const t of split) {
        const shade = shiftColour(field, rng.range(-3, 3), rng.range(0.85, 1.1), rng.range(0.78, 1.15));
        tris.push(`<polygon points="${t.map(([x, y]) => `${x.toFixed(1)},${y.toFixed(1)}`).join(' ')}" fill="${hex(shade)}" stroke="${hex(shade)}" stroke-width="0.6"/>`);
      }
    }
  }
  const parts = [`<svg width="${FACE_W}" height="${FACE_H}" style="position:absolute;left:0;top:0">${tris.join('')}</svg>`];
  const size = rng.range(0.2, 0.28) * FACE_H / figureShare(p);
  const turn = rng.next() < 0.5 ? -90 : 0;
  parts.push(text(String(value), p.family, p.numeralWeight, `left:${px(rng.range(14, 30))};top:${px(rng.range(8, 22))};color:#fff;font-size:${px(size)};text-shadow:1px 2px 4px rgba(0,0,0,0.5);transform:rotate(${turn}deg);transform-origin:50% 50%`));
  const panel = rng.range(0.2, 0.28) * FACE_H;
  parts.push(`<div style="position:absolute;left:${px(FACE_W * 0.08)};right:${px(FACE_W * 0.08)};bottom:${px(FACE_H * 0.05)};height:${px(panel)};background:rgba(255,255,255,0.93);border-radius:6px;display:flex;align-items:center;justify-content:center;padding:8px;box-sizing:border-box">`
    + text(RULE_TEXT_EN[colour], p.family, p.ruleWeight, `position:static;white-space:normal;text-align:center;color:${hex(band)};font-size:${px(rng.range(13, 17))};line-height:1.2`) + '</div>');
  return parts.join('');
}

