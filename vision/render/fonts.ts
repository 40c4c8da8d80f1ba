// The typefaces card faces are drawn in. Every glyph comes from a font file of an npm package the
// project declares (@fontsource/*), turned into SVG outlines with opentype.js, so a render is the
// same bytes on any machine and nothing depends on what fontconfig happens to find.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import opentype from 'opentype.js';

/**
 * Families the model trains on: geometric (among them Futura-like faces whose 6 is a bowl under a
 * straight diagonal, as on the printed cards), grotesque, humanist, condensed, rounded, slab,
 * serif, display and monospaced faces.
 */
export const TRAINING_FAMILIES = [
  'jost', 'kumbh-sans', 'outfit', 'urbanist', 'poppins', 'montserrat', 'didact-gothic', 'red-hat-display',
  'comfortaa', 'nunito', 'quicksand', 'josefin-sans', 'raleway', 'work-sans', 'dm-sans', 'manrope',
  'space-grotesk', 'roboto', 'inter', 'arimo', 'ibm-plex-sans', 'rubik', 'barlow', 'oswald',
  'roboto-condensed', 'anton', 'bebas-neue', 'archivo-narrow', 'open-sans', 'source-sans-3', 'fira-sans', 'pt-sans',
  'ubuntu', 'cabin', 'overpass', 'roboto-slab', 'arvo', 'bitter', 'rokkitt', 'alfa-slab-one',
  'merriweather', 'playfair-display', 'pt-serif', 'eb-garamond', 'bungee', 'baloo-2', 'russo-one', 'teko',
  'orbitron', 'titan-one', 'roboto-mono', 'space-mono', 'courier-prime', 'exo-2', 'lato',
] as const;

/** Families the confidence threshold is calibrated on: never trained on, never in the held-out gate. */
export const CALIBRATION_FAMILIES = [
  'sora', 'figtree', 'public-sans', 'catamaran', 'crete-round', 'libre-baskerville', 'concert-one', 'fjalla-one',
] as const;

/**
 * The held-out gate's families: the stand-in for a printing the model has never seen. Neither
 * training nor calibration draws them; `red7 vision-eval --styles held-out` draws only them.
 */
export const HELD_OUT_FAMILIES = [
  'league-spartan', 'questrial', 'lexend', 'plus-jakarta-sans', 'hind', 'barlow-condensed',
  'zilla-slab', 'lora', 'ibm-plex-mono', 'righteous', 'fredoka', 'archivo',
] as const;

export type Family = (typeof TRAINING_FAMILIES)[number] | (typeof CALIBRATION_FAMILIES)[number] | (typeof HELD_OUT_FAMILIES)[number];

/** Which of the three disjoint sets of families (and layouts) a face is drawn from. */
export const STYLE_SETS = ['training', 'calibration', 'held-out'] as const;
export type StyleSet = (typeof STYLE_SETS)[number];

/** The families of a style set. */
export function familiesOf(set: StyleSet): readonly Family[] {
  return set === 'training' ? TRAINING_FAMILIES : set === 'calibration' ? CALIBRATION_FAMILIES : HELD_OUT_FAMILIES;
}

export type Subset = 'latin' | 'cyrillic';

const require = createRequire(import.meta.url);
const fileCache = new Map<string, string | null>();
const fontCache = new Map<string, opentype.Font>();

/** The path of a family's WOFF file for a weight and subset, or null when the package has none. */
export function fontFile(family: Family, weight: number, subset: Subset = 'latin'): string | null {
  const key = `${family}/${weight}/${subset}`;
  if (!fileCache.has(key)) {
    let path: string | null;
    try {
      path = require.resolve(`@fontsource/${family}/files/${family}-${subset}-${weight}-normal.woff`);
    } catch {
      path = null;
    }
    fileCache.set(key, path);
  }
  return fileCache.get(key)!;
}

/** The upright weights (400–900) a family's package holds in a subset, lightest first. */
export function weightsOf(family: Family, subset: Subset = 'latin'): number[] {
  return [400, 500, 600, 700, 800, 900].filter((w) => fontFile(family, w, subset) !== null);
}

/** A family's font at a weight, parsed once per process. */
export function loadFont(family: Family, weight: number, subset: Subset = 'latin'): opentype.Font {
  const path = fontFile(family, weight, subset);
  if (path === null) throw new Error(`@fontsource/${family} has no ${subset} ${weight} weight`);
  let font = fontCache.get(path);
  if (font === undefined) {
    const bytes = readFileSync(path);
    font = opentype.parse(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.length));
    fontCache.set(path, font);
  }
  return font;
}

/** A font choice of a card style: the family, its weight, and the subset whose glyphs it needs. */
export interface FontChoice {
  family: Family;
  weight: number;
  subset?: Subset;
}

/**
 * SVG path data for a line of text centred on x with its baseline at y. Glyphs are laid out by
 * hand (advance widths and pair kerning): opentype.js's shaper throws on some fonts' substitution
 * tables, and a numeral or a capital rule needs no shaping. Throws when a character has no glyph
 * in the font: a silent fallback would draw a box or another face's letter.
 */
export function textPath(text: string, font: FontChoice, x: number, y: number, size: number): { d: string; width: number } {
  const main = loadFont(font.family, font.weight, font.subset ?? 'latin');
  // The package splits one typeface into subsets by script; a Cyrillic line takes its figures
  // from the same face's Latin file, as a browser does with the subsets' unicode ranges.
  const latin = font.subset === 'cyrillic' ? loadFont(font.family, font.weight, 'latin') : main;
  const glyphs = [...text].map((ch) => {
    let f = main;
    let glyph = main.charToGlyph(ch);
    if (glyph.index === 0 && latin !== main) { f = latin; glyph = latin.charToGlyph(ch); }
    if (ch !== ' ' && glyph.index === 0) throw new Error(`@fontsource/${font.family} ${font.weight} has no glyph for "${ch}"`);
    return { f, glyph, scale: size / f.unitsPerEm };
  });
  const advances = glyphs.map(({ f, glyph, scale }, i) => {
    const next = glyphs[i + 1];
    const kern = next !== undefined && next.f === f ? f.getKerningValue(glyph, next.glyph) : 0;
    return ((glyph.advanceWidth ?? 0) + kern) * scale;
  });
  const width = advances.reduce((a, b) => a + b, 0);
  let pen = x - width / 2;
  let d = '';
  glyphs.forEach(({ glyph }, i) => {
    d += pathData(glyph.getPath(pen, y, size).commands);
    pen += advances[i]!;
  });
  return { d, width };
}

const num = (v: number): string => {
  const r = Math.round(v * 10) / 10;
  return r === 0 ? '0' : String(r);
};

/**
 * SVG path data of outline commands, every number space-separated. opentype.js's own
 * toPathData joined neighbouring numbers ("4 0" became "40"), and librsvg stops drawing a path
 * at the first thing it cannot parse.
 */
function pathData(commands: opentype.PathCommand[]): string {
  let d = '';
  for (const c of commands) {
    if (c.type === 'M' || c.type === 'L') d += `${c.type}${num(c.x)} ${num(c.y)} `;
    else if (c.type === 'Q') d += `Q${num(c.x1)} ${num(c.y1)} ${num(c.x)} ${num(c.y)} `;
    else if (c.type === 'C') d += `C${num(c.x1)} ${num(c.y1)} ${num(c.x2)} ${num(c.y2)} ${num(c.x)} ${num(c.y)} `;
    else d += 'Z ';
  }
  return d;
}

/** The height of a font's capital letters and figures, as a fraction of its size (for placing a numeral). */
export function figureHeight(font: FontChoice): number {
  const f = loadFont(font.family, font.weight, font.subset ?? 'latin');
  const box = f.charToGlyph('4').getBoundingBox();
  return (box.y2 - box.y1) / f.unitsPerEm;
}
