// A card face's look, drawn at random from a seed: edition layout, colour shade, font,
// numeral size and placement, border. The spread is deliberately wider than the two
// published editions so that the classifier keys on colour and numeral, not on one drawing.
import { cardColour, COLOURS, type Card, type Colour } from '../../device/rules/cards.ts';
import type { Rng } from '../random.ts';
import { deltaE, PRINTED, rgbToHsv, shiftColour, type Rgb } from './palette.ts';

export const LAYOUTS = ['asmadi', 'hobby', 'plain'] as const;
export type Layout = (typeof LAYOUTS)[number];

/** Font families that librsvg finds through fontconfig on Debian and Raspberry Pi OS. */
export const FONTS = [
  'DejaVu Sans', 'DejaVu Serif', 'DejaVu Sans Condensed', 'DejaVu Sans Mono',
  'Liberation Sans', 'Liberation Serif', 'Liberation Sans Narrow', 'Liberation Mono',
] as const;

/** Everything the SVG builder needs to draw one face. */
export interface CardStyle {
  layout: Layout;
  field: Rgb;
  band: Rgb;
  font: string;
  bold: boolean;
  /** Big numeral height as a fraction of the card height. */
  numeralSize: number;
  /** Big numeral offset from its anchor, in card units (250 × 350 box). */
  numeralDx: number;
  numeralDy: number;
  numeralShadow: number;
  /** White border width in card units (0: colour to the edge). */
  border: number;
  cornerRadius: number;
  /** Free shape parameters (splat points, polygon jitter), one stream per card. */
  shapeSeed: number;
  cornerNumerals: boolean;
  ruleText: boolean;
  /** Hobby World: the corner numeral is turned a quarter. */
  quarterTurn: boolean;
  gradient: number;
}

/** Hue distance in degrees, the short way round. */
function hueGap(a: number, b: number): number {
  const d = Math.abs(a - b) % 360;
  return Math.min(d, 360 - d);
}

/**
 * How far each colour's hue may drift: 40 % of the gap to its nearest printed neighbour, at
 * most 9°. Red and orange are only 15° apart as printed, so a flat ±9° drift let a "red" card
 * be drawn redder-than-orange's-orange: labels the model could never learn.
 */
export const HUE_DRIFT: Record<Colour, number> = Object.fromEntries(COLOURS.map((c) => {
  const h = rgbToHsv(PRINTED[c].field)[0];
  const nearest = Math.min(...COLOURS.filter((o) => o !== c).map((o) => hueGap(h, rgbToHsv(PRINTED[o].field)[0])));
  return [c, Math.min(9, 0.4 * nearest)];
})) as Record<Colour, number>;

/**
 * A drawn field shade must be at most this fraction of the way (in ΔE) to its own printed colour
 * compared with the nearest other printed colour. Hue, saturation and value drift together could
 * otherwise draw an "orange" card darker and redder than the printed red: a shade a person would
 * call red, which no reader can be sure of and which no printed card has.
 */
export const SHADE_MARGIN = 0.6;

/**
 * The same test for a Hobby World facet, a little looser: facets are lighter and darker shades
 * around the field, and the eye takes the face's colour from all of them together, but no facet
 * may be nearer another printed colour. Unchecked, half of all orange facets were.
 */
export const FACET_MARGIN = 0.8;

/** Whether a shade stays clearly nearer its own printed colour than any other (see SHADE_MARGIN). */
export function shadeIsClear(colour: Colour, shade: Rgb, margin = SHADE_MARGIN): boolean {
  const own = deltaE(shade, PRINTED[colour].field);
  const nearest = Math.min(...COLOURS.filter((o) => o !== colour).map((o) => deltaE(shade, PRINTED[o].field)));
  return own <= margin * nearest;
}

/** Draws a random style for a card; the colour is the card's own, shifted in hue, saturation and value. */
export function randomStyle(card: Card, rng: Rng): CardStyle {
  const colour = cardColour(card);
  const printed = PRINTED[colour];
  const layout = rng.chance(0.55) ? 'asmadi' : rng.chance(0.5) ? 'hobby' : 'plain';
  // Hue shifts stay well inside half the gap to the neighbouring colours (see HUE_DRIFT).
  // Shades that stray towards a neighbouring colour are drawn again; after 20 tries, the printed one.
  let dh = 0, ks = 1, kv = 1;
  for (let attempt = 0; attempt < 20; attempt++) {
    const [h, s, v] = [rng.range(-HUE_DRIFT[colour], HUE_DRIFT[colour]), rng.range(0.8, 1.15), rng.range(0.8, 1.15)];
    if (shadeIsClear(colour, shiftColour(printed.field, h, s, v))) { [dh, ks, kv] = [h, s, v]; break; }
  }
  const field = shiftColour(printed.field, dh, ks, kv);
  const band = shiftColour(printed.band, dh + rng.range(-4, 4), ks * rng.range(0.9, 1.1), kv * rng.range(0.85, 1.1));
  return {
    layout,
    field,
    band,
    font: rng.pick(FONTS),
    bold: rng.chance(0.7),
    numeralSize: layout === 'hobby' ? rng.range(0.26, 0.36) : rng.range(0.3, 0.5),
    numeralDx: rng.range(-8, 8),
    numeralDy: rng.range(-10, 10),
    numeralShadow: rng.chance(0.75) ? rng.range(0.2, 0.6) : 0,
    border: rng.chance(0.6) ? 0 : rng.range(2, 12),
    cornerRadius: rng.range(6, 16),
    shapeSeed: rng.int(0, 2 ** 31 - 1),
    cornerNumerals: layout !== 'plain' || rng.chance(0.5),
    ruleText: layout !== 'plain' || rng.chance(0.3),
    quarterTurn: rng.chance(0.5),
    gradient: layout === 'plain' && rng.chance(0.5) ? rng.range(-0.25, 0.25) : 0,
  };
}
