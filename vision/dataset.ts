// Labelled photographs from a seed: a pool of rendered faces per card, then scenes drawn from
// it. Training, validation, tests and `red7 vision-eval` all come through here, each with its
// own seed, so none of them ever sees another's pictures.
import { ALL_CARDS, type Card } from '../device/rules/cards.ts';
import type { Condition } from './augment/conditions.ts';
import { NUMERAL_CENTRE, photograph, type Scene } from './augment/scene.ts';
import type { Point } from './homography.ts';
import type { RawImage } from './image.ts';
import { makeRng, mixSeed, type Rng } from './random.ts';
import { rasteriseSvg, renderCard } from './render/rasterise.ts';
import { notCardSvg } from './render/not-card-svg.ts';
import { familiesOf, type Family, type StyleSet } from './render/fonts.ts';
import { drawLayout, randomStyle, type Layout } from './render/style.ts';

/**
 * Rendered faces for every card (several styles each) and some card-shaped non-cards. A pool
 * with `freshWidth` keeps no card faces: each photo draws and renders a style of its own.
 */
export interface FacePool {
  faces: Map<Card, RawImage[]>;
  notCards: RawImage[];
  freshWidth?: number;
  /** The families and layouts the faces are drawn from (training when absent). */
  styles?: StyleSet;
  /** One printing's layout and typeface, when every face was drawn in them (a deck). */
  printing?: { layout: Layout; family: Family };
  /** Each pooled face's own layout and typeface, when the faces were drawn in several. */
  printings?: Map<RawImage, { layout: Layout; family: Family }>;
}

/** Renders `stylesPerCard` random styles of each of the 49 cards, `width` pixels wide. */
export async function buildFacePool(seed: number, stylesPerCard: number, width: number, notCards = 0, styles: StyleSet = 'training'): Promise<FacePool> {
  const rng = makeRng(mixSeed(seed, 1));
  const faces = new Map<Card, RawImage[]>();
  for (const card of ALL_CARDS) {
    const list: RawImage[] = [];
    for (let k = 0; k < stylesPerCard; k++) list.push(await renderCard(card, randomStyle(card, rng, styles), width));
    faces.set(card, list);
  }
  const others: RawImage[] = [];
  for (let k = 0; k < notCards; k++) others.push(await drawNotCard(rng, width));
  return { faces, notCards: others, styles };
}

/**
 * One printing of the deck: a typeface and a layout drawn from the style set, and one face per
 * card in them, as a table's own deck is. Each card's style is drawn until it has the printing's
 * typeface and layout, so the rest (shade, numeral size, border) varies as any style of the set.
 */
export async function deckFacePool(seed: number, width: number, styles: StyleSet, family?: Family): Promise<FacePool> {
  const rng = makeRng(mixSeed(seed, 3));
  const printing = { family: family ?? rng.pick(familiesOf(styles)), layout: drawLayout(styles, rng) };
  if (!familiesOf(styles).includes(printing.family)) throw new RangeError(`${printing.family} is not a ${styles} typeface`);
  const faces = new Map<Card, RawImage[]>();
  for (const card of ALL_CARDS) {
    let style = randomStyle(card, rng, styles);
    for (let tries = 0; style.font.family !== printing.family || style.layout !== printing.layout; tries++) {
      if (tries > 5000) throw new Error(`no ${printing.layout} style in ${printing.family} drawn for card ${card}`);
      style = randomStyle(card, rng, styles);
    }
    faces.set(card, [await renderCard(card, style, width)]);
  }
  return { faces, notCards: [], styles, printing };
}

/**
 * A pool that renders a new face for every photo, `width` pixels wide: a new style of the card,
 * or a new non-card object. A model trained on a few dozen styles per card learns those drawings;
 * a style per photo makes it learn colour and numeral. A few dozen fixed non-cards taught it too
 * little of what is not a card (vision/README.md, "Why it is built this way").
 */
export function freshFacePool(width: number, styles: StyleSet = 'training'): FacePool {
  return { faces: new Map(), notCards: [], freshWidth: width, styles };
}

/** Whether photoOfNotCard can draw from this pool. */
export function hasNotCards(pool: FacePool): boolean {
  return pool.freshWidth !== undefined || pool.notCards.length > 0;
}

/** A newly drawn card-shaped object that is not a Red7 face, `width` pixels wide. */
function drawNotCard(rng: Rng, width: number): Promise<RawImage> {
  return rasteriseSvg(notCardSvg(rng, width, Math.round((width * 7) / 5)));
}

/** A face of the card from the pool, or a newly drawn one for a fresh pool (with its layout: pooled faces do not keep theirs). */
async function faceOf(pool: FacePool, card: Card, rng: Rng): Promise<{ face: RawImage; layout?: Layout; family?: string }> {
  if (pool.freshWidth === undefined) {
    const face = rng.pick(pool.faces.get(card)!);
    const printing = pool.printings?.get(face) ?? pool.printing;
    return { face, layout: printing?.layout, family: printing?.family };
  }
  const style = randomStyle(card, rng, pool.styles ?? 'training');
  return { face: await renderCard(card, style, pool.freshWidth), layout: style.layout, family: style.font.family };
}

/** One photo and what is in it: a card, nothing card-like (`null`), or several cards. */
export interface LabelledPhoto extends Scene {
  card: Card | null;
  cards: Card[];
  /** The edition layout the card is drawn in, when the pool drew the face for this photo. */
  layout?: Layout;
  /** The numerals' font family, when the pool drew the face for this photo. */
  family?: string;
}

/** Where the Hobby World layout puts its big numeral (the top-left corner), in face units. */
const HOBBY_NUMERAL: Point = [0.25, 0.22];

/** The face points a thumb must leave clear: the big numeral's centre (both places when the layout is not known). */
function numeralCentres(layout: Layout | undefined): Point[] {
  return layout === 'asmadi' || layout === 'plain' || layout === 'ribbon' ? [NUMERAL_CENTRE] : [NUMERAL_CENTRE, HOBBY_NUMERAL];
}

/**
 * Photographs one card chosen by the rng (cards cycle so that every card is equally common),
 * under a table condition ('plain' draws exactly what it always drew). Under `overlap` a second,
 * different card lies over it and the photo's `card` is null: the only right answer is a refusal.
 * `place.cloth` lays the cards on a patterned cloth whatever the condition.
 */
export async function photoOfCard(pool: FacePool, index: number, rng: Rng, width: number, height: number, glareShare?: number, condition: Condition = 'plain', place: { cloth?: boolean } = {}): Promise<LabelledPhoto> {
  const card = ALL_CARDS[index % ALL_CARDS.length]!;
  const { face, layout, family } = await faceOf(pool, card, rng);
  if (condition === 'overlap') {
    const other = ALL_CARDS[(index % ALL_CARDS.length + rng.int(1, ALL_CARDS.length - 1)) % ALL_CARDS.length]!;
    const scene = await photograph([face, (await faceOf(pool, other, rng)).face], rng, { width, height, glareShare, condition, cloth: place.cloth });
    return { ...scene, card: null, cards: [card, other], layout, family };
  }
  const scene = await photograph([face], rng, { width, height, glareShare, condition, clear: numeralCentres(layout), cloth: place.cloth });
  return { ...scene, card, cards: [card], layout, family };
}

/** Photographs a card-shaped thing that is not a Red7 face. */
export async function photoOfNotCard(pool: FacePool, rng: Rng, width: number, height: number, glareShare?: number, condition: Condition = 'plain'): Promise<LabelledPhoto> {
  if (!hasNotCards(pool)) throw new Error('this face pool has no non-card faces');
  if (condition === 'overlap') throw new RangeError('a non-card is photographed alone, not under overlap');
  const face = pool.freshWidth !== undefined ? await drawNotCard(rng, pool.freshWidth) : rng.pick(pool.notCards);
  const scene = await photograph([face], rng, { width, height, glareShare, condition });
  return { ...scene, card: null, cards: [] };
}

/** Photographs two different cards side by side. */
export async function photoOfTwoCards(pool: FacePool, rng: Rng, width: number, height: number): Promise<LabelledPhoto> {
  const a = rng.pick(ALL_CARDS);
  let b = rng.pick(ALL_CARDS);
  while (b === a) b = rng.pick(ALL_CARDS);
  const faces = [(await faceOf(pool, a, rng)).face, (await faceOf(pool, b, rng)).face];
  const scene = await photograph(faces, rng, { width, height, cardScale: [0.35, 0.45] });
  return { ...scene, card: null, cards: [a, b] };
}

/** Photographs an empty table: a plain one, or a patterned cloth. */
export async function photoOfNothing(rng: Rng, width: number, height: number, condition: 'plain' | 'patterned-cloth' = 'plain'): Promise<LabelledPhoto> {
  const scene = await photograph([], rng, { width, height, condition });
  return { ...scene, card: null, cards: [] };
}
