// The decks of a running companion: the store, and the active deck loaded for the classifier.
// Every read (tray, uploads, identify) goes through classify here, so a deck made active, renamed
// or deleted takes effect on the next frame without a restart.
import type { Logger } from 'pino';
import type { CardClassifier, ClassifyOptions, Examination } from '../classifier.ts';
import { loadActiveDeck, type ActiveDeck } from './enrol.ts';
import { DeckError, type DeckStore, type DeckSummary } from './store.ts';

export class DeckBook {
  private active: ActiveDeck | null = null;
  /** Why the active deck is not in use (a deck that could not be re-derived), or null. */
  problem: string | null = null;

  constructor(
    readonly classifier: CardClassifier,
    readonly store: DeckStore,
    private readonly logger?: Logger,
  ) {}

  /** Loads the active deck; a deck that cannot be used is set aside with a warning, not fatal. */
  async load(): Promise<void> {
    try {
      this.active = await loadActiveDeck(this.classifier, this.store);
      this.problem = null;
    } catch (err) {
      if (!(err instanceof DeckError)) throw err;
      this.active = null;
      this.problem = err.message;
      this.logger?.warn({ part: 'vision' }, `deck not used: ${err.message}`);
    }
  }

  /** The name of the deck reads use, or null for the base model. */
  get deckName(): string | null {
    return this.active?.name ?? null;
  }

  list(): DeckSummary[] {
    return this.store.list();
  }

  async state(): Promise<{ decks: DeckSummary[]; problem: string | null }> {
    return { decks: this.list(), problem: this.problem };
  }

  /** Makes a deck active (null: the base model alone); a deck that cannot be used is refused and the old one kept. */
  async activate(id: string | null): Promise<void> {
    const before = this.store.activeId();
    this.store.activate(id);
    try {
      this.active = await loadActiveDeck(this.classifier, this.store);
      this.problem = null;
    } catch (err) {
      this.store.activate(before);
      throw err;
    }
  }

  async rename(id: string, name: unknown): Promise<DeckSummary> {
    this.store.rename(id, name);
    if (this.active?.id === id) await this.load();
    return this.list().find((d) => d.id === id)!;
  }

  async remove(id: string): Promise<void> {
    this.store.remove(id);
    await this.load();
  }

  /** Reads a frame with the active deck, and what the camera saw. */
  examine(image: Uint8Array, options: ClassifyOptions = {}): Promise<Examination> {
    return this.classifier.examine(image, { ...options, deck: this.active?.prototypes });
  }
}
