// How each colour looks: its name, letter and its own symbol, so that colour is never the only
// cue (RULES.md §10), and two palettes whose text contrast is checked in the tests (WCAG AA
// for the normal one, AAA for high contrast).
import { COLOUR_LETTERS, COLOURS, RULE_DESCRIPTIONS, type Colour } from '../../../device/rules/cards.ts';

/** Card face colours: background and the text drawn on it. */
export interface Face { bg: string; fg: string }

/** The normal palette. */
export const NORMAL_FACES: Record<Colour, Face> = {
  red: { bg: '#b71c1c', fg: '#ffffff' },
  orange: { bg: '#f57c00', fg: '#000000' },
  yellow: { bg: '#fdd835', fg: '#000000' },
  green: { bg: '#2e7d32', fg: '#ffffff' },
  blue: { bg: '#1565c0', fg: '#ffffff' },
  indigo: { bg: '#283593', fg: '#ffffff' },
  violet: { bg: '#7b1fa2', fg: '#ffffff' },
};

/** The high-contrast palette (on a black page). */
export const HIGH_CONTRAST_FACES: Record<Colour, Face> = {
  red: { bg: '#ff6b6b', fg: '#000000' },
  orange: { bg: '#ffa726', fg: '#000000' },
  yellow: { bg: '#ffff00', fg: '#000000' },
  green: { bg: '#00e676', fg: '#000000' },
  blue: { bg: '#4fc3f7', fg: '#000000' },
  indigo: { bg: '#9fa8ff', fg: '#000000' },
  violet: { bg: '#ea80fc', fg: '#000000' },
};

/** Page colours of each theme: text on background, and muted text. */
export const PAGE = {
  normal: { bg: '#f5f5f2', panel: '#ffffff', fg: '#1a1a1a', muted: '#4a4a4a', accent: '#0b57d0' },
  highContrast: { bg: '#000000', panel: '#000000', fg: '#ffffff', muted: '#e0e0e0', accent: '#ffff00' },
} as const;

/** Each colour's symbol name in the sprite (a distinct shape per colour). */
export const SYMBOLS: Record<Colour, string> = {
  red: 'circle', orange: 'triangle', yellow: 'square', green: 'diamond', blue: 'star', indigo: 'cross', violet: 'hexagon',
};

/** "Red", "Orange"… */
export function colourName(c: Colour): string {
  return c[0]!.toUpperCase() + c.slice(1);
}

/** The colour of a card in R7 notation. */
export function colourOfCard(card: string): Colour {
  return COLOURS[(COLOUR_LETTERS as readonly string[]).indexOf(card[0]!)]!;
}

/** "Blue 4" for "B4". */
export function cardWords(card: string): string {
  return `${colourName(colourOfCard(card))} ${card.slice(1)}`;
}

/** "Blue — most different colours". */
export function ruleWords(rule: Colour): string {
  return `${colourName(rule)} — ${RULE_DESCRIPTIONS[rule]}`;
}

/** WCAG relative luminance of a #rrggbb colour. */
export function luminance(hex: string): number {
  const ch = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16) / 255).map((v) => (v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4));
  return 0.2126 * ch[0]! + 0.7152 * ch[1]! + 0.0722 * ch[2]!;
}

/** WCAG contrast ratio of two #rrggbb colours. */
export function contrast(a: string, b: string): number {
  const [x, y] = [luminance(a), luminance(b)].sort((p, q) => q - p) as [number, number];
  return (x + 0.05) / (y + 0.05);
}

/** Writes a palette into CSS custom properties on the root element. */
export function applyTheme(root: HTMLElement, highContrast: boolean): void {
  const faces = highContrast ? HIGH_CONTRAST_FACES : NORMAL_FACES;
  const page = highContrast ? PAGE.highContrast : PAGE.normal;
  for (const c of COLOURS) {
    root.style.setProperty(`--${c}-bg`, faces[c].bg);
    root.style.setProperty(`--${c}-fg`, faces[c].fg);
  }
  for (const [k, v] of Object.entries(page)) root.style.setProperty(`--page-${k}`, v);
  root.dataset.theme = highContrast ? 'high-contrast' : 'normal';
}
