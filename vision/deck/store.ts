// Deck profiles on disk: <dataDir>/decks/<id>/deck.json beside the photos it was taught from,
// and <dataDir>/decks/active.json naming the deck in use. Every file is written to a temporary
// name, fsynced and renamed, so a power cut leaves the old file or the new one, never half.
import { closeSync, existsSync, fsyncSync, mkdirSync, openSync, readdirSync, readFileSync, renameSync, rmSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import { tryParseCard } from '../../device/rules/cards.ts';
import type { DeckSummary } from '../../shared/decks.ts';
export type { DeckSummary };

const CardText = z.string().refine((s) => tryParseCard(s).ok, 'not a card like B6');

export const DeckPhotoSchema = z.object({
  file: z.string().regex(/^[A-Za-z0-9][A-Za-z0-9._-]{0,80}$/),
  card: CardText,
  embedding: z.array(z.number()),
  /** The located crop as the deck's template compares it: float32 RGB, base64 (older decks lack it). */
  crop: z.string().regex(/^[A-Za-z0-9+/]*={0,2}$/).optional(),
  /** The base model read it, surely, as this other card: left out of the prototypes until retaken. */
  flagged: z.object({ read: CardText, confidence: z.number() }).optional(),
});
export type DeckPhoto = z.infer<typeof DeckPhotoSchema>;

export const DeckProfileSchema = z.object({
  format: z.literal(1),
  id: z.string().regex(/^[a-z0-9][a-z0-9-]{0,40}$/),
  name: z.string().min(1).max(60),
  created: z.string(),
  /** The model whose embeddings these are: another model's profile is re-derived from the photos. */
  modelVersion: z.string(),
  /** How the photos were taken (camera source and white balance), for a person to compare. */
  camera: z.record(z.string(), z.string()).nullable(),
  photos: z.array(DeckPhotoSchema),
});
export type DeckProfile = z.infer<typeof DeckProfileSchema>;

/** A deck name a person typed: trimmed, 1–60 characters, no control characters. */
export function checkDeckName(name: unknown): string {
  if (typeof name !== 'string') throw new DeckError('a deck name must be text');
  const trimmed = name.trim();
  // eslint-disable-next-line no-control-regex
  if (trimmed.length === 0 || trimmed.length > 60 || /[\u0000-\u001f\u007f]/.test(trimmed)) throw new DeckError('a deck name is 1–60 characters without control characters');
  return trimmed;
}

/** A refused deck operation, with words for a person. */
export class DeckError extends Error {}

/** Writes a file atomically: temporary name, fsync, rename. */
export function writeAtomic(path: string, data: string | Uint8Array): void {
  const tmp = `${path}.${process.pid}.tmp`;
  const fd = openSync(tmp, 'w');
  try {
    writeSync(fd, typeof data === 'string' ? Buffer.from(data) : data);
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
  renameSync(tmp, path);
}

/** The decks kept in a data folder. */
export class DeckStore {
  readonly dir: string;

  constructor(dataDir: string) {
    this.dir = join(dataDir, 'decks');
  }

  private deckDir(id: string): string {
    if (!/^[a-z0-9][a-z0-9-]{0,40}$/.test(id)) throw new DeckError(`"${id}" is not a deck id`);
    return join(this.dir, id);
  }

  /** Every readable deck, oldest first; a damaged deck.json is left out, not fatal. */
  list(): DeckSummary[] {
    if (!existsSync(this.dir)) return [];
    const active = this.activeId();
    const out: DeckSummary[] = [];
    for (const id of readdirSync(this.dir).sort()) {
      const profile = this.tryRead(id);
      if (profile) out.push(summarise(profile, profile.id === active));
    }
    return out.sort((a, b) => a.created.localeCompare(b.created) || a.id.localeCompare(b.id));
  }

  private tryRead(id: string): DeckProfile | null {
    try {
      return this.read(id);
    } catch {
      return null;
    }
  }

  /** A deck's profile; throws DeckError when there is none or it is damaged. */
  read(id: string): DeckProfile {
    const path = join(this.deckDir(id), 'deck.json');
    if (!existsSync(path)) throw new DeckError(`there is no deck "${id}"`);
    let json: unknown;
    try {
      json = JSON.parse(readFileSync(path, 'utf8'));
    } catch (err) {
      throw new DeckError(`${path} is not JSON: ${(err as Error).message}`);
    }
    const parsed = DeckProfileSchema.safeParse(json);
    if (!parsed.success || parsed.data.id !== id) throw new DeckError(`${path} is not a deck profile${parsed.success ? ' (its id differs from its folder)' : `: ${parsed.error.issues[0]?.message}`}`);
    return parsed.data;
  }

  /** A stored photo's bytes. */
  photo(id: string, file: string): Buffer {
    if (!DeckPhotoSchema.shape.file.safeParse(file).success) throw new DeckError(`"${file}" is not a deck photo name`);
    const path = join(this.deckDir(id), file);
    if (!existsSync(path)) throw new DeckError(`deck "${id}" has no photo ${file}`);
    return readFileSync(path);
  }

  /** Writes a new deck: its photos first, then deck.json, so a deck.json always finds its photos. */
  create(profile: Omit<DeckProfile, 'id' | 'format' | 'photos' | 'created'>, photos: Array<DeckPhoto & { bytes: Uint8Array }>): DeckProfile {
    const name = checkDeckName(profile.name);
    const id = this.freshId(name);
    const dir = this.deckDir(id);
    mkdirSync(dir, { recursive: true });
    for (const p of photos) writeAtomic(join(dir, p.file), p.bytes);
    const full: DeckProfile = { format: 1, id, created: new Date().toISOString(), ...profile, name, photos: photos.map(({ bytes: _bytes, ...p }) => p) };
    this.save(full);
    return full;
  }

  /** Rewrites a deck's profile (after re-deriving it or renaming). */
  save(profile: DeckProfile): void {
    const checked = DeckProfileSchema.parse(profile);
    writeAtomic(join(this.deckDir(checked.id), 'deck.json'), `${JSON.stringify(checked)}\n`);
  }

  rename(id: string, name: unknown): DeckProfile {
    const profile = { ...this.read(id), name: checkDeckName(name) };
    this.save(profile);
    return profile;
  }

  /** The deck every read uses from now on, or null for the base model alone. */
  activate(id: string | null): void {
    if (id !== null) this.read(id);
    mkdirSync(this.dir, { recursive: true });
    writeAtomic(join(this.dir, 'active.json'), `${JSON.stringify({ id })}\n`);
  }

  activeId(): string | null {
    try {
      const { id } = z.object({ id: z.string().nullable() }).parse(JSON.parse(readFileSync(join(this.dir, 'active.json'), 'utf8')));
      return id !== null && existsSync(join(this.deckDir(id), 'deck.json')) ? id : null;
    } catch {
      return null;
    }
  }

  /** Deletes a deck and its photos; deleting the active deck returns reads to the base model. */
  remove(id: string): void {
    this.read(id);
    if (this.activeId() === id) this.activate(null);
    rmSync(this.deckDir(id), { recursive: true, force: true });
  }

  private freshId(name: string): string {
    const base = name.toLowerCase().normalize('NFKD').replace(/[^a-z0-9]+/g, '-').replace(/^-+|-+$/g, '').slice(0, 30) || 'deck';
    for (let k = 1; ; k++) {
      const id = k === 1 ? base : `${base}-${k}`;
      if (!existsSync(join(this.dir, id))) return id;
    }
  }
}

/** What a person needs to know about a deck. */
export function summarise(profile: DeckProfile, active: boolean): DeckSummary {
  const used = profile.photos.filter((p) => p.flagged === undefined);
  return {
    id: profile.id, name: profile.name, modelVersion: profile.modelVersion, created: profile.created,
    cards: new Set(used.map((p) => p.card)).size, photos: profile.photos.length,
    flagged: profile.photos.filter((p) => p.flagged !== undefined).map((p) => p.card), active,
  };
}
