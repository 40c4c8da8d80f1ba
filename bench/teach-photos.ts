// One photo of each of the 49 cards of a printing, to teach it as a deck. As at the table, a
// photo that would teach nothing (a pale panel taken for a second card, say) is retaken, up to five takes.
import { ALL_CARDS, formatCard } from '../device/rules/cards.ts';
import type { CardClassifier } from '../vision/classifier.ts';
import { photoOfCard, type FacePool } from '../vision/dataset.ts';
import { makeRng, mixSeed } from '../vision/random.ts';

export interface TeachingPhotos {
  photos: Array<{ card: string; bytes: Uint8Array; source: string }>;
  /** Takes beyond the first, over all cards. */
  retakes: number;
}

/** The teaching photos of `pool`'s printing on a plain table; `seed` fixes every take. */
export async function teachingPhotos(classifier: CardClassifier, pool: FacePool, seed: number): Promise<TeachingPhotos> {
  const photos: TeachingPhotos['photos'] = [];
  let retakes = 0;
  for (const card of ALL_CARDS) {
    let bytes: Uint8Array | null = null;
    for (let take = 0; take < 5 && bytes === null; take++) {
      const photo = await photoOfCard(pool, card, makeRng(mixSeed(seed + 7919 * take, card)), 1280, 960);
      if (photo.card !== card) throw new Error(`the photo of ${formatCard(card)} shows ${photo.card === null ? 'no card' : formatCard(photo.card)}`);
      // As enrolment does: a located object the base model says is not a card face teaches nothing.
      if ((await classifier.examine(photo.jpeg)).base !== null) bytes = photo.jpeg;
      else retakes++;
    }
    if (bytes === null) throw new Error(`no photo of ${formatCard(card)} in five takes was located`);
    photos.push({ card: formatCard(card), bytes, source: `${formatCard(card)}.jpg` });
  }
  return { photos, retakes };
}
