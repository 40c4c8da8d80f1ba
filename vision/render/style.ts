// A card face's look, drawn at random from a seed: edition layout, colour shade, font,
// numeral size and placement, border. The spread is deliberately wider than the two
// published editions so that the classifier keys on colour and numeral, not on one drawing.
import { cardColour, COLOURS, type Card, type Colour } from '../../device/rules/cards.ts';
import type { Rng } from '../random.ts';
import { familiesOf, weightsOf, type Family, type FontChoice, type StyleSet } from './fonts.ts';
import { deltaE, PRINTED, rgbToHsv, shiftColour, type Rgb } from './palette.ts';

/** The layouts training and calibration draw: the two editions' and a plain one. */
export const TRAINING_LAYOUTS = ['asmadi', 'hobby', 'plain'] as const;
/** A layout only the held-out gate draws: a ribbon across the face, an outlined numeral, four corner indices. */
export const HELD_OUT_LAYOUT = 'ribbon';
export const LAYOUTS = [...TRAINING_LAYOUTS, HELD_OUT_LAYOUT] as const;
export type Layout = (typeof LAYOUTS)[number];

/** Everything the SVG builder needs to draw one face. */
export interface CardStyle {
  layout: Layout;
  field: Rgb;
  band: Rgb;
  /** The numerals' typeface. */
  font: FontChoice;
  /** The rule text's typeface (Cyrillic for the Hobby World panel when the set has one). */
  ruleFont: FontChoice;
  /** The Hobby World panel's rule is in Russian when ruleFont has Cyrillic, else in English. */
  ruleRussian: boolean;
  /** Big numeral height as a fraction of the card height. */
  numeralSize: number;
  /** Big numeral offset from its anchor, in card units (250 × 350 box). */
  numeralDx: number;
  numeralDy: number;
  numeralShadow: number;
  /** The shadow's offset in card units. */
  shadowDx: number;
  shadowDy: number;
  /** A dark outline round the numerals, in card units (0: none). */
  numeralOutline: number;
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
  /** Indices in all four corners (training's wider spread only, see widen). */
  fourCorners: boolean;
  /** The rule in a darker strip across the head or foot (training only). */
  ruleStrip: 'none' | 'head' | 'foot';
  /** Loose shapes in the band's shade behind a plain face's numeral (training only). */
  decor: boolean;
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

/** A family's weight: bold (600 and over) in 70 % of faces where it has one, else regular. */
function drawWeight(family: Family, rng: Rng): number {
  const weights = weightsOf(family);
  const bold = weights.filter((w) => w >= 600);
  const regular = weights.filter((w) => w < 600);
  const pool = bold.length > 0 && (regular.length === 0 || rng.chance(0.7)) ? bold : regular.length > 0 ? regular : weights;
  return rng.pick(pool);
}

const cyrillicCache = new Map<StyleSet, readonly Family[]>();

/** The families of a set whose packages hold Cyrillic glyphs. */
function cyrillicFamilies(set: StyleSet): readonly Family[] {
  let list = cyrillicCache.get(set);
  if (list === undefined) cyrillicCache.set(set, list = familiesOf(set).filter((f) => weightsOf(f, 'cyrillic').length > 0));
  return list;
}

/** The rule text's font: the numerals' family where it has Cyrillic, else another of the set's that has. */
function drawRuleFont(family: Family, set: StyleSet, rng: Rng): { font: FontChoice; russian: boolean } {
  const cyrillic = cyrillicFamilies(set);
  const pick = rng.next();
  const ruleFamily = weightsOf(family, 'cyrillic').length > 0 ? family : cyrillic.length > 0 ? cyrillic[Math.floor(pick * cyrillic.length)]! : family;
  const russian = weightsOf(ruleFamily, 'cyrillic').length > 0;
  const subset = russian ? 'cyrillic' : 'latin';
  const weights = weightsOf(ruleFamily, subset);
  return { font: { family: ruleFamily, weight: weights.includes(700) ? 700 : weights[weights.length - 1]!, subset }, russian };
}

/** The layout of a face: the held-out gate draws its own layout in 40 % of faces. */
export function drawLayout(set: StyleSet, rng: Rng): Layout {
  if (set === 'held-out' && rng.chance(0.4)) return HELD_OUT_LAYOUT;
  return rng.chance(0.55) ? 'asmadi' : rng.chance(0.5) ? 'hobby' : 'plain';
}

/**
 * Draws a random style for a card from a style set (training unless told): the colour is the
 * card's own, shifted in hue, saturation and value; the typeface and layout come from the set.
 */
export function randomStyle(card: Card, rng: Rng, set: StyleSet = 'training'): CardStyle {
  const style = drawStyle(card, rng, set);
  return set === 'training' ? widen(style, rng) : style;
}

/**
 * Training's faces vary further than the two editions: printings put indices in four corners,
 * rules in strips, outlines round the numeral and shapes behind it. Drawn after everything else
 * and for training only, so calibration and held-out faces stay the draws they were.
 */
function widen(st: CardStyle, rng: Rng): CardStyle {
  const outline = rng.chance(0.25) ? rng.range(1, 3) : 0;
  const strip = st.layout !== 'hobby' && rng.chance(0.3) ? (rng.chance(0.5) ? 'foot' : 'head') : 'none';
  return {
    ...st,
    numeralOutline: st.numeralOutline > 0 ? st.numeralOutline : outline,
    fourCorners: st.cornerNumerals && st.layout !== 'hobby' && rng.chance(0.35),
    ruleStrip: strip,
    decor: st.layout === 'plain' && rng.chance(0.6),
  };
}

function drawStyle(card: Card, rng: Rng, set: StyleSet): CardStyle {
  const colour = cardColour(card);
  const printed = PRINTED[colour];
  const layout = drawLayout(set, rng);
  // Hue shifts stay well inside half the gap to the neighbouring colours (see HUE_DRIFT).
  // Shades that stray towards a neighbouring colour are drawn again; after 20 tries, the printed one.
  let dh = 0, ks = 1, kv = 1;
  for (let attempt = 0; attempt < 20; attempt++) {
    const [h, s, v] = [rng.range(-HUE_DRIFT[colour], HUE_DRIFT[colour]), rng.range(0.8, 1.15), rng.range(0.8, 1.15)];
    if (shadeIsClear(colour, shiftColour(printed.field, h, s, v))) { [dh, ks, kv] = [h, s, v]; break; }
  }
  const field = shiftColour(printed.field, dh, ks, kv);
  const band = shiftColour(printed.band, dh + rng.range(-4, 4), ks * rng.range(0.9, 1.1), kv * rng.range(0.85, 1.1));
  const family = rng.pick(familiesOf(set));
  const weight = drawWeight(family, rng);
  const rule = drawRuleFont(family, set, rng);
  return {
    layout,
    field,
    band,
    font: { family, weight },
    ruleFont: rule.font,
    ruleRussian: rule.russian,
    numeralSize: layout === 'hobby' ? rng.range(0.22, 0.34) : rng.range(0.25, 0.45),
    numeralDx: rng.range(-8, 8),
    numeralDy: rng.range(-10, 10),
    numeralShadow: rng.chance(0.75) ? rng.range(0.2, 0.6) : 0,
    shadowDx: rng.range(-2, 6),
    shadowDy: rng.range(-2, 6),
    numeralOutline: rng.chance(0.2) ? rng.range(0.8, 3) : 0,
    border: rng.chance(0.6) ? 0 : rng.range(2, 12),
    cornerRadius: rng.range(6, 16),
    shapeSeed: rng.int(0, 2 ** 31 - 1),
    cornerNumerals: layout !== 'plain' || rng.chance(0.5),
    ruleText: layout !== 'plain' || rng.chance(0.3),
    quarterTurn: rng.chance(0.5),
    gradient: layout === 'plain' && rng.chance(0.5) ? rng.range(-0.25, 0.25) : 0,
    fourCorners: false,
    ruleStrip: 'none',
    decor: false,
  };
}
