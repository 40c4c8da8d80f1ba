// Card faces as SVG: the Asmadi layout (colour field, paint splat, drip bands, huge white
// numeral, corner numerals, vertical rule text, action icons on odd cards), the Hobby World
// layout (low-poly facets, numeral in a corner, rule in a white panel), a plain layout, and the
// held-out gate's ribbon layout. Text is drawn as glyph outlines (fonts.ts), never as <text>.
import { cardColour, cardValue, type Card, type Colour } from '../../device/rules/cards.ts';
import { makeRng, mixSeed, type Rng } from '../random.ts';
import { figureHeight, textPath, type FontChoice } from './fonts.ts';
import { hex, RULE_TEXT_EN, RULE_TEXT_RU, shiftColour } from './palette.ts';
import { FACET_MARGIN, shadeIsClear, type CardStyle } from './style.ts';

/** The card's drawing box: 63 × 88 mm is 5:7. */
export const CARD_W = 250;
export const CARD_H = 350;

/** A line of text as a path, centred on x with its baseline at y; `extra` adds attributes (fill, transform). */
function text(s: string, x: number, y: number, size: number, font: FontChoice, extra = ''): string {
  return `<path d="${textPath(s, font, x, y, size).d}" ${extra}/>`;
}

/** A line of text squeezed or stretched to `length` units wide about its centre, as SVG's textLength does. */
function fittedText(s: string, x: number, y: number, size: number, font: FontChoice, length: number, extra = ''): string {
  const { d, width } = textPath(s, font, 0, 0, size);
  const k = width > 0 ? length / width : 1;
  return `<path d="${d}" transform="translate(${x.toFixed(1)} ${y.toFixed(1)}) scale(${k.toFixed(3)} 1)" ${extra}/>`;
}

/** A closed blob through jittered points around a centre, smoothed with quadratic curves. */
function blob(rng: Rng, cx: number, cy: number, r: number, n: number, jitter: number): string {
  const pts: Array<[number, number]> = [];
  for (let i = 0; i < n; i++) {
    const a = (i / n) * Math.PI * 2;
    const rr = r * (1 + rng.range(-jitter, jitter) + (rng.chance(0.25) ? rng.range(0.1, 0.45) : 0));
    pts.push([cx + rr * Math.cos(a), cy + rr * 1.15 * Math.sin(a)]);
  }
  const mid = (i: number): [number, number] => {
    const a = pts[i % n]!, b = pts[(i + 1) % n]!;
    return [(a[0] + b[0]) / 2, (a[1] + b[1]) / 2];
  };
  let d = `M${mid(0)[0].toFixed(1)},${mid(0)[1].toFixed(1)}`;
  for (let i = 1; i <= n; i++) {
    const p = pts[i % n]!, m = mid(i);
    d += ` Q${p[0].toFixed(1)},${p[1].toFixed(1)} ${m[0].toFixed(1)},${m[1].toFixed(1)}`;
  }
  return `${d} Z`;
}

/** A paint-drip band hanging from the top edge (mirror it for the bottom). */
function dripBand(rng: Rng, depth: number): string {
  let d = `M0,0 L${CARD_W},0 L${CARD_W},${depth.toFixed(1)}`;
  const steps = 10;
  for (let i = steps - 1; i >= 0; i--) {
    const x = (i / steps) * CARD_W;
    const y = depth + rng.range(-6, 6) + (rng.chance(0.3) ? rng.range(8, 30) : 0);
    d += ` Q${(x + CARD_W / steps / 2).toFixed(1)},${(y + rng.range(-5, 5)).toFixed(1)} ${x.toFixed(1)},${y.toFixed(1)}`;
  }
  return `${d} Z`;
}

/** The action icon of an odd card (CARD-ART.md), drawn in white in a 30-unit box at the origin. */
function actionIcon(value: number): string {
  const s = 'fill="none" stroke="#fff" stroke-width="2.5" stroke-linejoin="round"';
  const card = `<rect x="4" y="2" width="16" height="22" rx="2" ${s}/>`;
  switch (value) {
    case 7: return `<rect x="3" y="3" width="24" height="24" rx="2" ${s}/><path d="M9,9 L21,21 M21,9 L9,21" ${s}/>`;
    case 5: return `${card}<path d="M14,30 L14,20 Q14,16 17,17 L17,12 Q19,10 21,12 L21,16 L23,12 Q25,11 26,13 L24,22 Q23,28 18,30 Z" fill="#fff"/>`;
    case 3: return `${card}<path d="M22,18 L30,18 M26,14 L26,22" ${s}/>`;
    case 1: return `${card}<path d="M14,13 L25,13 M21,9 L25,13 L21,17" ${s}/><rect x="22" y="20" width="8" height="10" rx="1" ${s}/>`;
    default: return '';
  }
}

function shadowFilter(st: CardStyle): string {
  return st.numeralShadow > 0
    ? `<filter id="sh" x="-20%" y="-20%" width="140%" height="140%"><feGaussianBlur stdDeviation="3"/></filter>`
    : '';
}

/** A white numeral (a big one or a corner index) whose figures are `height` units tall, centred on (x, y), with the style's shadow and outline. */
function numeral(value: number, x: number, y: number, height: number, st: CardStyle, rotate = 0, role: 'numeral' | 'index' = 'index'): string {
  const size = height / figureHeight(st.font);
  const base = y + height / 2;
  const rot = rotate !== 0 ? `transform="rotate(${rotate} ${x} ${y})"` : '';
  const shadow = st.numeralShadow > 0
    ? text(String(value), x + st.shadowDx, base + st.shadowDy, size, st.font, `fill="#000" opacity="${st.numeralShadow.toFixed(2)}" filter="url(#sh)" ${rot}`)
    : '';
  // An outline drawn under the fill at twice its width shows only outside the figure.
  const outline = st.numeralOutline > 0
    ? text(String(value), x, base, size, st.font, `fill="none" stroke="${hex(shiftColour(st.band, 0, 1, 0.6))}" stroke-width="${(2 * st.numeralOutline * (height / 120)).toFixed(2)}" stroke-linejoin="round" ${rot}`)
    : '';
  return shadow + outline + text(String(value), x, base, size, st.font, `fill="#fff" class="${role}" ${rot}`);
}

function bigNumeral(value: number, x: number, y: number, st: CardStyle, rotate = 0): string {
  return numeral(value, x, y, st.numeralSize * CARD_H, st, rotate, 'numeral');
}

/** Corner indices `height` units tall in the top-left and, turned, the bottom-right (and the other two corners when `all`). */
function corners(value: number, st: CardStyle, height: number, all = false): string {
  const plain = { ...st, numeralShadow: 0, numeralOutline: 0 };
  const tl = numeral(value, 22 + height * 0.2, 14 + height / 2, height, plain);
  const tr = all ? numeral(value, CARD_W - 22 - height * 0.2, 14 + height / 2, height, plain) : '';
  return `${tl}${tr}<g transform="rotate(180 ${CARD_W / 2} ${CARD_H / 2})">${tl}${tr}</g>`;
}

/** Training's rule strip across the head or foot: a darker band of the field with the rule in white. */
function ruleStrip(colour: Colour, st: CardStyle, rng: Rng): string {
  if (st.ruleStrip === 'none') return '';
  const h = rng.range(24, 40);
  const y = st.ruleStrip === 'foot' ? CARD_H - h : 0;
  const ruleFont = { ...st.ruleFont, subset: 'latin' as const };
  return `<rect x="0" y="${y.toFixed(1)}" width="${CARD_W}" height="${h.toFixed(1)}" fill="${hex(shiftColour(st.band, 0, 1, rng.range(0.6, 0.9)))}"/>` +
    fittedText(RULE_TEXT_EN[colour], CARD_W / 2, y + h / 2 + 4, rng.range(8, 10), ruleFont, rng.range(120, 200), 'fill="#fff"');
}

/** Training's loose shapes behind a plain face's numeral: discs, turned bars and blobs in the band's shade. */
function decor(st: CardStyle, rng: Rng): string {
  if (!st.decor) return '';
  const shapes: string[] = [];
  for (let i = rng.int(1, 4); i > 0; i--) {
    const x = rng.range(0, CARD_W), y = rng.range(0, CARD_H), opacity = `opacity="${rng.range(0.5, 0.95).toFixed(2)}"`;
    const kind = rng.int(0, 2);
    if (kind === 0) shapes.push(`<circle cx="${x.toFixed(1)}" cy="${y.toFixed(1)}" r="${rng.range(20, 80).toFixed(1)}" ${opacity}/>`);
    else if (kind === 1) {
      const w = rng.range(30, 150), h = rng.range(15, 70);
      shapes.push(`<rect x="${(-w / 2).toFixed(1)}" y="${(-h / 2).toFixed(1)}" width="${w.toFixed(1)}" height="${h.toFixed(1)}" transform="translate(${x.toFixed(1)} ${y.toFixed(1)}) rotate(${rng.range(0, 180).toFixed(0)})" ${opacity}/>`);
    } else shapes.push(`<path d="${blob(rng, x, y, rng.range(20, 60), rng.int(8, 14), 0.25)}" ${opacity}/>`);
  }
  return `<g fill="${hex(st.band)}">${shapes.join('')}</g>`;
}

function asmadi(colour: Colour, value: number, st: CardStyle, rng: Rng): string {
  const splat = blob(rng, CARD_W / 2 + rng.range(-10, 10), CARD_H / 2 + rng.range(-10, 10), rng.range(60, 95), rng.int(12, 20), 0.18);
  const drops = Array.from({ length: rng.int(2, 7) }, () =>
    `<circle cx="${rng.range(30, 220).toFixed(1)}" cy="${rng.range(60, 290).toFixed(1)}" r="${rng.range(2, 8).toFixed(1)}"/>`).join('');
  const depth = rng.range(18, 45);
  const bands = `<path d="${dripBand(rng, depth)}"/><g transform="rotate(180 ${CARD_W / 2} ${CARD_H / 2})"><path d="${dripBand(rng, depth)}"/></g>`;
  const ruleSize = rng.range(8, 11);
  const ruleFont = { ...st.ruleFont, subset: 'latin' as const };
  const rule = st.ruleText
    ? `<g fill="#fff" opacity="0.9">${text(RULE_TEXT_EN[colour], 0, 0, ruleSize, ruleFont, `transform="translate(13 ${CARD_H / 2}) rotate(-90)"`)}` +
      `${text(RULE_TEXT_EN[colour], 0, 0, ruleSize, ruleFont, `transform="translate(${CARD_W - 13} ${CARD_H / 2}) rotate(90)"`)}</g>`
    : '';
  const icon = value % 2 === 1
    ? `<g transform="translate(${CARD_W - 44} 14)">${actionIcon(value)}</g><g transform="rotate(180 ${CARD_W / 2} ${CARD_H / 2}) translate(${CARD_W - 44} 14)">${actionIcon(value)}</g>`
    : '';
  return `<g fill="${hex(st.band)}" opacity="${rng.range(0.75, 1).toFixed(2)}">${bands}<path d="${splat}"/>${drops}</g>` +
    rule + icon + (st.cornerNumerals ? corners(value, st, rng.range(19, 29), st.fourCorners) : '') +
    bigNumeral(value, CARD_W / 2 + st.numeralDx, CARD_H / 2 + st.numeralDy, st);
}

function hobby(colour: Colour, value: number, st: CardStyle, rng: Rng): string {
  // Low-poly facets: a jittered grid split into triangles, each a shade of the field colour.
  const cols = rng.int(4, 6), rows = rng.int(5, 8);
  const pt = (i: number, j: number): [number, number] => [
    (i / cols) * CARD_W + (i > 0 && i < cols ? rng.range(-15, 15) : 0),
    (j / rows) * CARD_H + (j > 0 && j < rows ? rng.range(-15, 15) : 0),
  ];
  const grid = Array.from({ length: cols + 1 }, (_, i) => Array.from({ length: rows + 1 }, (_, j) => pt(i, j)));
  const tris: string[] = [];
  // A facet shade that strays towards another printed colour (FACET_MARGIN) is pulled halfway
  // back to the field until it is clear (the field itself after four halvings); the draws stay
  // the same, so only its colour changes.
  const shade = (): string => {
    let [dh, ks, kv] = [rng.range(-6, 6), rng.range(0.85, 1.1), rng.range(0.75, 1.15)];
    for (let k = 0; k <= 4; k++) {
      const rgb = shiftColour(st.field, dh, ks, kv);
      if (shadeIsClear(colour, rgb, FACET_MARGIN)) return hex(rgb);
      [dh, ks, kv] = [dh / 2, (ks + 1) / 2, (kv + 1) / 2];
    }
    return hex(st.field);
  };
  for (let i = 0; i < cols; i++) {
    for (let j = 0; j < rows; j++) {
      const a = grid[i]![j]!, b = grid[i + 1]![j]!, c = grid[i]![j + 1]!, d = grid[i + 1]![j + 1]!;
      const p = (q: [number, number]): string => `${q[0].toFixed(1)},${q[1].toFixed(1)}`;
      tris.push(`<polygon points="${p(a)} ${p(b)} ${p(d)}" fill="${shade()}"/>`, `<polygon points="${p(a)} ${p(d)} ${p(c)}" fill="${shade()}"/>`);
    }
  }
  const panelY = rng.range(225, 260);
  const panel = st.ruleText
    ? `<rect x="22" y="${panelY.toFixed(1)}" width="206" height="${rng.range(50, 75).toFixed(1)}" rx="6" fill="#fff"/>` +
      fittedText(st.ruleRussian ? RULE_TEXT_RU[colour] : RULE_TEXT_EN[colour], CARD_W / 2, panelY + 26, 11, st.ruleFont, 190, `fill="${hex(st.band)}"`)
    : '';
  const nx = 62 + st.numeralDx, ny = 78 + st.numeralDy;
  const num = bigNumeral(value, nx, ny, st, st.quarterTurn ? -90 : 0);
  // The turned second numeral lands in the bottom-right, where the rule panel sits: white on
  // white, it would be invisible, so it is drawn only on cards without the panel.
  const second = rng.chance(0.5) && !st.ruleText ? `<g transform="rotate(180 ${CARD_W / 2} ${CARD_H / 2})">${bigNumeral(value, nx, ny, { ...st, numeralSize: st.numeralSize * 0.6 }, st.quarterTurn ? -90 : 0)}</g>` : '';
  return tris.join('') + panel + num + second;
}

function plain(value: number, st: CardStyle, rng: Rng): string {
  const ring = rng.chance(0.4) ? `<circle cx="${CARD_W / 2}" cy="${CARD_H / 2}" r="${rng.range(70, 105).toFixed(1)}" fill="${hex(st.band)}" opacity="0.8"/>` : '';
  const frame = rng.chance(0.4) ? `<rect x="14" y="14" width="${CARD_W - 28}" height="${CARD_H - 28}" rx="8" fill="none" stroke="#fff" stroke-width="${rng.range(1.5, 4).toFixed(1)}"/>` : '';
  return ring + frame + (st.cornerNumerals ? corners(value, st, rng.range(17, 32), st.fourCorners) : '') +
    bigNumeral(value, CARD_W / 2 + st.numeralDx, CARD_H / 2 + st.numeralDy, st);
}

/**
 * The held-out gate's layout, which training never draws: a darker ribbon crossing the face
 * diagonally behind an outlined numeral, indices in all four corners, the rule in a strip at the foot.
 */
function ribbon(colour: Colour, value: number, st: CardStyle, rng: Rng): string {
  const w = rng.range(60, 110), slope = rng.range(-0.5, 0.5) * CARD_H;
  const y0 = CARD_H / 2 - slope / 2, y1 = CARD_H / 2 + slope / 2;
  const band = `<path d="M0,${(y0 - w / 2).toFixed(1)} L${CARD_W},${(y1 - w / 2).toFixed(1)} L${CARD_W},${(y1 + w / 2).toFixed(1)} L0,${(y0 + w / 2).toFixed(1)} Z" fill="${hex(st.band)}" opacity="${rng.range(0.6, 0.95).toFixed(2)}"/>`;
  const strip = st.ruleText
    ? `<rect x="0" y="${CARD_H - 34}" width="${CARD_W}" height="34" fill="${hex(shiftColour(st.band, 0, 1, 0.7))}"/>` +
      fittedText(RULE_TEXT_EN[colour], CARD_W / 2, CARD_H - 13, 9, { ...st.ruleFont, subset: 'latin' }, 140, 'fill="#fff"')
    : '';
  const outlined = { ...st, numeralOutline: Math.max(st.numeralOutline, 1.5) };
  return band + strip + corners(value, st, rng.range(16, 24), true) +
    bigNumeral(value, CARD_W / 2 + st.numeralDx, CARD_H / 2 - 10 + st.numeralDy, outlined);
}

/** The SVG of a card face in a style, sized width × height pixels (the drawing box is always 250 × 350). */
export function cardSvg(card: Card, st: CardStyle, width: number, height: number): string {
  const rng = makeRng(st.shapeSeed);
  const colour = cardColour(card);
  const value = cardValue(card);
  // Training's wider spread draws from a stream of its own, so the editions' shapes stay as drawn.
  const wide = makeRng(mixSeed(st.shapeSeed, 17));
  const strip = ruleStrip(colour, st, wide);
  const shapes = decor(st, wide);
  // The strip goes over the Asmadi drip bands, which would hide it, and under a plain face's indices.
  const [under, over] = st.layout === 'asmadi' ? [shapes, strip] : [shapes + strip, ''];
  const inner = st.layout === 'asmadi' ? asmadi(colour, value, st, rng)
    : st.layout === 'hobby' ? hobby(colour, value, st, rng)
    : st.layout === 'ribbon' ? ribbon(colour, value, st, rng)
    : plain(value, st, rng);
  const r = st.cornerRadius;
  const b = st.border;
  const grad = st.gradient !== 0
    ? `<linearGradient id="gr" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${hex(shiftColour(st.field, 0, 1, 1 + st.gradient))}"/><stop offset="1" stop-color="${hex(shiftColour(st.field, 0, 1, 1 - st.gradient))}"/></linearGradient>`
    : '';
  const fieldFill = st.gradient !== 0 ? 'url(#gr)' : hex(st.field);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${CARD_W} ${CARD_H}">` +
    `<defs>${shadowFilter(st)}${grad}<clipPath id="face"><rect x="${b}" y="${b}" width="${CARD_W - 2 * b}" height="${CARD_H - 2 * b}" rx="${Math.max(2, r - b)}"/></clipPath></defs>` +
    `<rect width="${CARD_W}" height="${CARD_H}" rx="${r}" fill="#f4f2ee"/>` +
    `<g clip-path="url(#face)"><rect width="${CARD_W}" height="${CARD_H}" fill="${fieldFill}"/>${under}${inner}${over}</g></svg>`;
}

