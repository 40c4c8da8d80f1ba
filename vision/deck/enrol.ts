// Teaching the companion a deck: each photo of a known card is located and embedded; a photo the
// base model reads surely as a different card is flagged (a mixed-up card or a mislaid label)
// and left out of the prototypes. Reading with the active deck, and re-deriving a deck taught
// under another model version from its stored photos.
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { parseCard, tryParseCard, type Card } from '../../device/rules/cards.ts';
import type { CardClassifier, Classification, Examination } from '../classifier.ts';
import type { Metadata } from '../metadata.ts';
import { CROP_H, CROP_W } from '../features.ts';
import { locatedCrop } from '../pipeline.ts';
import { Prototypes, type DeckRule } from './prototypes.ts';
import { DeckError, type DeckPhoto, type DeckProfile, type DeckStore } from './store.ts';
import type { EnrolSummary } from '../../shared/decks.ts';
export type { EnrolSummary };

/** A photo to teach: the card it shows, its bytes and the name it came under (for messages). */
export interface TeachPhoto {
  card: string;
  bytes: Uint8Array;
  source: string;
}

/** What one photo taught, or why it taught nothing. */
export type PhotoLesson = (
  | { ok: true; card: string; embedding: Float32Array; crop: Float32Array; flagged?: { read: string; confidence: number }; base: Classification }
  | { ok: false; problem: string; base?: Classification }
) & { quad: Examination['quad']; frame: Examination['frame'] };

const REFUSALS: Record<string, string> = {
  'not-an-image': 'is not a readable JPEG or PNG photo',
  'no-card': 'shows no card the companion can find',
  'several-cards': 'shows more than one card',
};

/** Locates and embeds one photo of a known card. */
export async function learnPhoto(classifier: CardClassifier, photo: TeachPhoto): Promise<PhotoLesson> {
  const parsed = tryParseCard(photo.card);
  if (!parsed.ok) return { ok: false, problem: `${photo.source}: unknown card "${photo.card}" (${parsed.error})`, quad: null, frame: null };
  const { embedding, crop, base, classification, quad, frame } = await classifier.examine(photo.bytes);
  if (embedding === null || crop === null || base === null) {
    const reason = classification.reason ?? 'no-card';
    return { ok: false, problem: `${photo.source} ${REFUSALS[reason] ?? reason}${classification.detail ? ` (${classification.detail})` : ''}`, base: classification, quad, frame };
  }
  const card = photo.card.toUpperCase();
  const flagged = base.card !== null && base.card !== card ? { read: base.card, confidence: base.confidence } : undefined;
  return { ok: true, card, embedding, crop, base, quad, frame, ...(flagged ? { flagged } : {}) };
}

/** Where the measured similarity temperature and threshold for a model version are kept. */
export const RULE_FILE = join(dirname(fileURLToPath(import.meta.url)), 'rule.json');

const RuleFileSchema = z.object({
  modelVersion: z.string(),
  temperature: z.number().positive(),
  threshold: z.number().min(0).max(1),
  baseWeight: z.number().positive().max(1),
  templateTemperature: z.number().positive(),
});

/**
 * The deck rule for this model: the one `bench/deck-measure.ts --calibrate` measured on calibration-style
 * photos, or, for a model it has not measured, the model's own threshold with a mild temperature.
 */
export function deckRule(metadata: Metadata, file = RULE_FILE): DeckRule & { measured: boolean } {
  if (existsSync(file)) {
    const parsed = RuleFileSchema.safeParse(JSON.parse(readFileSync(file, 'utf8')));
    if (parsed.success && parsed.data.modelVersion === metadata.version) {
      const { temperature, threshold, baseWeight, templateTemperature } = parsed.data;
      return { temperature, threshold, baseWeight, templateTemperature, measured: true };
    }
  }
  return { temperature: 0.05, threshold: metadata.threshold, baseWeight: 0.5, templateTemperature: 0.004, measured: false };
}

/** A crop for the JSON file, bit for bit (a template compared with rounded pixels would read differently). */
function storedCrop(crop: Float32Array): string {
  return Buffer.from(crop.buffer, crop.byteOffset, crop.byteLength).toString('base64');
}

/** Rounds an embedding for the JSON file (five decimals keep the cosine to 1e-4). */
function stored(e: Float32Array): number[] {
  return Array.from(e, (x) => Math.round(x * 1e5) / 1e5);
}

/** Teaches a whole set of photos as a new deck and makes it active; on any bad photo nothing is written. */
export async function enrolDeck(classifier: CardClassifier, store: DeckStore, options: { name: string; camera: Record<string, string> | null; photos: TeachPhoto[] }): Promise<EnrolSummary> {
  if (options.photos.length === 0) throw new DeckError('no photos to teach');
  const lessons = [];
  const problems: string[] = [];
  for (const photo of options.photos) {
    const lesson = await learnPhoto(classifier, photo);
    if (lesson.ok) lessons.push({ lesson, photo });
    else problems.push(lesson.problem);
  }
  if (problems.length > 0) throw new DeckError(problems.join('\n'));
  const counts = new Map<string, number>();
  const photos = lessons.map(({ lesson, photo }) => {
    const n = (counts.get(lesson.card) ?? 0) + 1;
    counts.set(lesson.card, n);
    return { file: `${lesson.card}-${n}.${extension(photo.bytes)}`, card: lesson.card, embedding: stored(lesson.embedding), crop: storedCrop(lesson.crop), bytes: photo.bytes, ...(lesson.flagged ? { flagged: lesson.flagged } : {}) };
  });
  const profile = store.create({ name: options.name, modelVersion: classifier.metadata.version, camera: options.camera }, photos);
  store.activate(profile.id);
  const flagged = lessons.flatMap(({ lesson, photo }) => (lesson.flagged ? [{ card: lesson.card, ...lesson.flagged, source: photo.source }] : []));
  return { cards: new Set(photos.filter((p) => p.flagged === undefined).map((p) => p.card)).size, photos: photos.length, flagged, profile: profile.id, name: profile.name };
}

function extension(bytes: Uint8Array): string {
  return bytes[0] === 0x89 && bytes[1] === 0x50 ? 'png' : bytes[0] === 0xff && bytes[1] === 0xd8 ? 'jpg' : 'bin';
}

/** The active deck ready for reads: its name and prototypes. */
export interface ActiveDeck {
  id: string;
  name: string;
  prototypes: Prototypes;
}

/**
 * The active deck for this classifier, or null when there is none. A deck taught under another
 * model version is re-derived from its stored photos and saved; if a photo is gone or no longer
 * shows a card, the deck is refused with a DeckError rather than used with the wrong embeddings.
 */
export async function loadActiveDeck(classifier: CardClassifier, store: DeckStore): Promise<ActiveDeck | null> {
  const id = store.activeId();
  if (id === null) return null;
  let profile = store.read(id);
  if (profile.modelVersion !== classifier.metadata.version) profile = await rederive(classifier, store, profile);
  if (profile.photos.some(lacksCrop)) profile = await withCrops(store, profile);
  return { id: profile.id, name: profile.name, prototypes: prototypesOf(profile, classifier.valueLength, deckRule(classifier.metadata), cropsOf(profile)) };
}

/** A taught photo's located crop, for the deck's templates. */
export type TaughtCrop = { card: Card; crop: Float32Array };

/** The kept crops of a profile's unflagged photos, for the templates; a crop that is missing or of the wrong size refuses the deck. */
export function cropsOf(profile: DeckProfile): TaughtCrop[] {
  return profile.photos.filter((p) => p.flagged === undefined).map((p) => {
    const bytes = p.crop === undefined ? undefined : Buffer.from(p.crop, 'base64');
    if (bytes === undefined || bytes.length !== CROP_H * CROP_W * 3 * 4) throw new DeckError(`deck "${profile.name}" has no usable template for its photo ${p.file}; teach it again`);
    return { card: parseCard(p.card) as Card, crop: new Float32Array(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.length)) };
  });
}

/** An unflagged photo of a deck taught before templates were kept. */
const lacksCrop = (p: DeckPhoto): boolean => p.flagged === undefined && p.crop === undefined;

/**
 * A deck taught before templates were kept: each unflagged photo's crop found again from the stored
 * photo and saved. A photo gone or no longer showing one card refuses the deck rather than leave
 * a card without its template.
 */
async function withCrops(store: DeckStore, profile: DeckProfile): Promise<DeckProfile> {
  const photos: DeckPhoto[] = [];
  for (const p of profile.photos) {
    if (!lacksCrop(p)) {
      photos.push(p);
      continue;
    }
    let found;
    try {
      found = await locatedCrop(store.photo(profile.id, p.file));
    } catch (err) {
      throw new DeckError(`deck "${profile.name}" cannot be used: ${(err as Error).message}; teach it again`);
    }
    if (found.crop === null) throw new DeckError(`deck "${profile.name}" cannot be used: its photo ${p.file} ${REFUSALS[found.kind === 'several' ? 'several-cards' : 'no-card']}; teach it again`);
    photos.push({ ...p, crop: storedCrop(found.crop) });
  }
  const updated: DeckProfile = { ...profile, photos };
  store.save(updated);
  return updated;
}

/**
 * The prototypes of a profile's unflagged photos; `valueLength` splits an embedding as the
 * classifier's does. With `crops` (cropsOf), reads are also compared with the taught faces.
 */
export function prototypesOf(profile: DeckProfile, valueLength: number, rule: DeckRule, crops?: readonly TaughtCrop[]): Prototypes {
  const used = profile.photos.filter((p) => p.flagged === undefined);
  return Prototypes.from(used.map((p) => ({ card: parseCard(p.card) as Card, embedding: p.embedding })), valueLength, rule, crops);
}

async function rederive(classifier: CardClassifier, store: DeckStore, profile: DeckProfile): Promise<DeckProfile> {
  const photos: DeckPhoto[] = [];
  for (const p of profile.photos) {
    let bytes: Buffer;
    try {
      bytes = store.photo(profile.id, p.file);
    } catch (err) {
      throw new DeckError(`deck "${profile.name}" was taught under model ${profile.modelVersion}, not ${classifier.metadata.version}, and cannot be re-derived: ${(err as Error).message}; teach it again`);
    }
    const lesson = await learnPhoto(classifier, { card: p.card, bytes, source: p.file });
    if (!lesson.ok) throw new DeckError(`deck "${profile.name}" was taught under model ${profile.modelVersion}, not ${classifier.metadata.version}, and cannot be re-derived: ${lesson.problem}; teach it again`);
    photos.push({ file: p.file, card: p.card, embedding: stored(lesson.embedding), crop: storedCrop(lesson.crop), ...(lesson.flagged ? { flagged: lesson.flagged } : {}) });
  }
  const updated: DeckProfile = { ...profile, modelVersion: classifier.metadata.version, photos };
  store.save(updated);
  return updated;
}
