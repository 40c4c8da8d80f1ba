// The shipped model's metadata.json: what the network reads and outputs, how it was made and
// how well it did. Checked with zod when loaded, because a stale or hand-edited file must fail loudly.
import { z } from 'zod';
import { COLOUR_LETTERS, VALUES } from '../device/rules/cards.ts';
import { INPUT_KIND } from './features.ts';
import { JOIN_POWER, VIEWS } from './views.ts';

export const MetadataSchema = z.object({
  version: z.string(),
  created: z.string(),
  /** Output heads: colour letters and values in head order. */
  labels: z.object({ colour: z.array(z.string()).length(7), value: z.array(z.number()).length(7) }),
  input: z.object({ kind: z.literal(INPUT_KIND), cropHeight: z.number(), cropWidth: z.number(), gridHeight: z.number(), gridWidth: z.number(), length: z.number(), workSize: z.number() }),
  training: z.object({ seed: z.number(), photos: z.number(), stylesPerCard: z.number(), epochs: z.number(), members: z.number().int().min(1).optional(), seconds: z.number(), frame: z.string() }),
  /** Confidence below which a reading is returned as null (low-confidence). */
  threshold: z.number().min(0).max(1),
  /** The power the views' joined answer is raised to (views.ts): the threshold was set on confidences joined that way, so a model calibrated for another join must not load. */
  joinPower: z.literal(JOIN_POWER),
  /** How many views of a card were joined when the threshold was set (views.ts): fewer or more views give other confidences. */
  views: z.literal(VIEWS.length),
  /** When the threshold was last set again on the validation photos without retraining (npm run calibrate). */
  calibrated: z.string().optional(),
  accuracy: z.object({ photos: z.number(), correct: z.number(), confidentErrors: z.number(), rejected: z.number(), locatorMisses: z.number(),
    // Validation photos holding no single card (non-cards, overlapping pairs) and how many were given a card.
    notCards: z.number().optional(), notCardsGiven: z.number().optional() }),
});
export type Metadata = z.infer<typeof MetadataSchema>;

/** The label lists written into metadata (head order is COLOURS order and 1–7). */
export const LABELS = { colour: [...COLOUR_LETTERS] as string[], value: [...VALUES] as number[] };
