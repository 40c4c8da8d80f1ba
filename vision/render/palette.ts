// The printed colours of the published editions (shared/CARD-ART.md), as the renderer's
// starting points; every render shifts them so the model learns "violet-ish", not one sRGB triple.
import type { Colour } from '../../device/rules/cards.ts';

export type Rgb = readonly [number, number, number];

/** The field and darker-band colours of the Asmadi edition, as printed. */
export const PRINTED: Record<Colour, { field: Rgb; band: Rgb }> = {
  red: { field: [176, 31, 36], band: [98, 14, 12] },
  orange: { field: [212, 78, 40], band: [180, 67, 37] },
  yellow: { field: [206, 183, 45], band: [165, 130, 46] },
  green: { field: [47, 155, 70], band: [31, 69, 32] },
  blue: { field: [56, 175, 173], band: [59, 86, 167] },
  indigo: { field: [40, 55, 135], band: [17, 18, 68] },
  violet: { field: [107, 56, 149], band: [63, 36, 115] },
};

/** Rule text as printed along the long edges of the Asmadi cards (US spelling, capitals). */
export const RULE_TEXT_EN: Record<Colour, string> = {
  red: 'RED: HIGHEST CARD',
  orange: 'ORANGE: MOST OF ONE NUMBER',
  yellow: 'YELLOW: MOST OF ONE COLOR',
  green: 'GREEN: MOST EVEN CARDS',
  blue: 'BLUE: MOST DIFFERENT COLORS',
  indigo: 'INDIGO: MOST CARDS IN A ROW',
  violet: 'VIOLET: MOST CARDS BELOW 4',
};

/** Rule text in the Russian edition's white panel. */
export const RULE_TEXT_RU: Record<Colour, string> = {
  red: 'Старшая карта',
  orange: 'Больше карт одного достоинства',
  yellow: 'Больше карт одного цвета',
  green: 'Больше чётных карт',
  blue: 'Больше карт разных цветов',
  indigo: 'Больше карт по порядку',
  violet: 'Больше карт меньше 4',
};

/** Converts RGB (0–255) to HSV (h in degrees, s and v in 0–1). */
export function rgbToHsv([r, g, b]: Rgb): [number, number, number] {
  const R = r / 255, G = g / 255, B = b / 255;
  const max = Math.max(R, G, B), min = Math.min(R, G, B), d = max - min;
  let h = 0;
  if (d > 0) h = max === R ? ((G - B) / d) % 6 : max === G ? (B - R) / d + 2 : (R - G) / d + 4;
  return [(h * 60 + 360) % 360, max === 0 ? 0 : d / max, max];
}

/** Converts HSV back to RGB (0–255). */
export function hsvToRgb(h: number, s: number, v: number): Rgb {
  const c = v * s, x = c * (1 - Math.abs(((h / 60) % 2) - 1)), m = v - c;
  const hh = ((h % 360) + 360) % 360;
  const [r, g, b] = hh < 60 ? [c, x, 0] : hh < 120 ? [x, c, 0] : hh < 180 ? [0, c, x] : hh < 240 ? [0, x, c] : hh < 300 ? [x, 0, c] : [c, 0, x];
  return [Math.round((r + m) * 255), Math.round((g + m) * 255), Math.round((b + m) * 255)];
}

/** Shifts a colour's hue (degrees), saturation and value (factors), clamped to valid HSV. */
export function shiftColour(rgb: Rgb, dh: number, ks: number, kv: number): Rgb {
  const [h, s, v] = rgbToHsv(rgb);
  return hsvToRgb(h + dh, Math.min(1, Math.max(0, s * ks)), Math.min(1, Math.max(0, v * kv)));
}

/** sRGB (0–255) to CIELAB (D65 white), where distances roughly match how different colours look. */
export function rgbToLab(rgb: Rgb): [number, number, number] {
  const lin = rgb.map((v) => {
    const c = v / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  const [r, g, b] = lin;
  const x = (0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047;
  const y = 0.2126 * r + 0.7152 * g + 0.0722 * b;
  const z = (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883;
  const f = (t: number): number => (t > 216 / 24389 ? Math.cbrt(t) : (24389 / 27 * t + 16) / 116);
  const [fx, fy, fz] = [f(x), f(y), f(z)];
  return [116 * fy - 16, 500 * (fx - fy), 200 * (fy - fz)];
}

/** The CIE76 colour difference ΔE between two sRGB colours. */
export function deltaE(a: Rgb, b: Rgb): number {
  const [la, aa, ba] = rgbToLab(a), [lb, ab, bb] = rgbToLab(b);
  return Math.hypot(la - lb, aa - ab, ba - bb);
}

/** Writes a colour as an SVG hex string. */
export function hex([r, g, b]: Rgb): string {
  return `#${[r, g, b].map((v) => Math.max(0, Math.min(255, Math.round(v))).toString(16).padStart(2, '0')).join('')}`;
}
