// Draws faces of bench/browser-faces/face-html.ts in Debian's chromium and keeps them as pools the
// photo code takes (vision/dataset.ts), so the same table conditions can be laid over faces that
// vision/render never drew. The fonts are handed to chromium from the @fontsource files themselves.
import { readFileSync } from 'node:fs';
import sharp from 'sharp';
import type { Page } from 'playwright-core';
import { ALL_CARDS, formatCard, type Card } from '../../device/rules/cards.ts';
import type { FacePool } from '../../vision/dataset.ts';
import type { RawImage } from '../../vision/image.ts';
import { makeRng, mixSeed, type Rng } from '../../vision/random.ts';
import { fontFile, type Family } from '../../vision/render/fonts.ts';
import type { Layout } from '../../vision/render/style.ts';
import { launchChromium } from '../../test/web/browser/chromium.ts';
import { drawPrinting, faceHtml, faceName, FACE_H, FACE_W, type Design, type Printing } from './face-html.ts';

const faceRules = new Map<string, string>();

/** @font-face rules for the printing's two weights, from the package's WOFF files (each file read once). */
function fontFaceCss(p: Printing): string {
  return [...new Set([p.numeralWeight, p.ruleWeight])].map((w) => {
    const name = faceName(p.family, w);
    let rule = faceRules.get(name);
    if (rule === undefined) {
      const file = fontFile(p.family, w);
      if (file === null) throw new Error(`@fontsource/${p.family} has no latin ${w} weight`);
      rule = `@font-face{font-family:'${name}';font-weight:${w};src:url(data:font/woff;base64,${readFileSync(file).toString('base64')}) format('woff')}`;
      faceRules.set(name, rule);
    }
    return rule;
  }).join('');
}

/** A chromium page that draws faces; close it when done. */
export class BrowserFaces {
  private constructor(private readonly page: Page, readonly close: () => Promise<void>) {}

  static async open(): Promise<BrowserFaces> {
    const browser = await launchChromium();
    const page = await browser.context.newPage();
    await page.setViewportSize({ width: FACE_W + 40, height: FACE_H + 40 });
    return new BrowserFaces(page, () => browser.close());
  }

  /** One face of `card` in `printing`, RGBA, FACE_W × FACE_H, the rounded corners transparent. */
  async draw(card: Card, printing: Printing, rng: Rng): Promise<RawImage> {
    const html = faceHtml(card, printing, rng);
    await this.page.setContent(`<!doctype html><html><head><style>${fontFaceCss(printing)}html,body{margin:0;background:transparent}</style></head><body>${html}</body></html>`);
    const fonts = await this.page.evaluate(async () => {
      await document.fonts.ready;
      return [...document.fonts].map((f) => `${f.family} ${f.status}`);
    });
    const unloaded = fonts.filter((f) => !f.endsWith(' loaded'));
    if (unloaded.length > 0 || fonts.length === 0) throw new Error(`chromium did not load the printing's fonts for ${formatCard(card)}: ${fonts.join(', ') || 'none declared'}`);
    const png = await this.page.locator('#face').screenshot({ omitBackground: true, type: 'png' });
    const { data, info } = await sharp(png).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
    if (info.width !== FACE_W || info.height !== FACE_H) throw new Error(`chromium drew a ${info.width}×${info.height} face, not ${FACE_W}×${FACE_H}`);
    return { data: new Uint8Array(data.buffer, data.byteOffset, data.length), width: info.width, height: info.height, channels: 4 };
  }
}

/** `perCard` faces of every card, each in a printing of its own drawn from the held-out typefaces (and both designs unless one is named). */
export async function browserFacePool(faces: BrowserFaces, seed: number, perCard: number, design?: Design): Promise<FacePool> {
  const rng = makeRng(mixSeed(seed, 41));
  const pool = new Map<Card, RawImage[]>();
  const printings = new Map<RawImage, { layout: Layout; family: Family }>();
  for (const card of ALL_CARDS) {
    const list: RawImage[] = [];
    for (let k = 0; k < perCard; k++) {
      const printing = drawPrinting(rng, undefined, design);
      const face = await faces.draw(card, printing, rng);
      printings.set(face, { family: printing.family, layout: editionOf(printing.design) });
      list.push(face);
    }
    pool.set(card, list);
  }
  return { faces: pool, notCards: [], printings };
}

/** The edition whose layout a design follows, as the photo code names layouts (it keeps a thumb off that layout's numeral). */
function editionOf(design: Design): Layout {
  return design === 'splash' ? 'asmadi' : 'hobby';
}

/**
 * One printing of the deck drawn by chromium: one face per card in one design and typeface, as a
 * table's own deck is. `printing` names the layout the photo code keeps the thumb off the numeral for.
 */
export async function browserDeckPool(faces: BrowserFaces, seed: number, family?: Family, design?: Design): Promise<{ pool: FacePool; printing: Printing }> {
  const rng = makeRng(mixSeed(seed, 43));
  const printing = drawPrinting(rng, family, design);
  const pool = new Map<Card, RawImage[]>();
  for (const card of ALL_CARDS) pool.set(card, [await faces.draw(card, printing, rng)]);
  return { pool: { faces: pool, notCards: [], printing: { family: printing.family, layout: editionOf(printing.design) } }, printing };
}
