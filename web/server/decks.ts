// Deck routes (web/PROTOCOL.md, "Decks"): the referee lists the decks taught to the companion,
// renames one, makes one active (or none: the base model alone) and deletes one.
import express, { type Response } from 'express';
import { z } from 'zod';
import type { Role } from '../protocol.ts';
import { refereeOnly, type Refusal } from './roles.ts';

/** What the server needs of the companion's decks (vision/deck/book.ts). */
export interface DeckDesk {
  /** The decks, and why the active one is not in use (or null). */
  state(): Promise<{ decks: Array<{ id: string; name: string; active: boolean }>; problem: string | null }>;
  activate(id: string | null): Promise<void>;
  rename(id: string, name: unknown): Promise<unknown>;
  remove(id: string): Promise<void>;
}

const DeckId = z.string().regex(/^[a-z0-9][a-z0-9-]{0,40}$/);
const Rename = z.object({ name: z.string() }).strict();
const Activate = z.object({ id: DeckId.nullable() }).strict();

const NO_DECKS = 'no card classifier is installed on this companion, so it has no decks';

/** Mounts /api/decks on a router; `decks` undefined answers 503 (no classifier, so no decks). */
export function deckRoutes(decks: DeckDesk | undefined, roleOf: (res: Response) => Role, refuse: (res: Response, r: Refusal) => void): express.Router {
  const router = express.Router();
  const json = express.json({ limit: 4096 });
  const fail = (res: Response, status: number, code: string, message: string) => res.status(status).json({ ok: false, error: { code, message } });
  // The refusal for anyone but the referee, or for a companion without a classifier.
  const gate = (res: Response, what: string): DeckDesk | null => {
    const refused = refereeOnly(roleOf(res), what);
    if (refused !== null) return (refuse(res, refused), null);
    if (decks === undefined) return (fail(res, 503, 'deck/no-classifier', NO_DECKS), null);
    return decks;
  };
  // A store error is the person's mistake (unknown deck, bad name): 404 or 400 with its words.
  const answer = async (res: Response, act: () => Promise<unknown>) => {
    try {
      await act();
      res.json({ ok: true, ...(await decks!.state()) });
    } catch (err) {
      const message = err instanceof Error ? err.message : String(err);
      fail(res, /no deck/.test(message) ? 404 : 400, 'deck/refused', message);
    }
  };

  // Asking which decks there are is not an error on a companion without a classifier: it has none.
  router.get('/api/decks', async (_req, res) => {
    const refused = refereeOnly(roleOf(res), 'the decks');
    if (refused !== null) return refuse(res, refused);
    if (decks === undefined) return res.json({ ok: true, available: false, decks: [], problem: NO_DECKS });
    res.json({ ok: true, available: true, ...(await decks.state()) });
  });
  router.put('/api/decks/active', json, async (req, res) => {
    const d = gate(res, 'choosing the deck');
    if (!d) return;
    const body = Activate.safeParse(req.body);
    if (!body.success) return fail(res, 400, 'bad-request', 'send {"id":"<deck id>"} or {"id":null}');
    await answer(res, () => d.activate(body.data.id));
  });
  router.patch('/api/decks/:id', json, async (req, res) => {
    const d = gate(res, 'renaming a deck');
    if (!d) return;
    const id = DeckId.safeParse(req.params.id), body = Rename.safeParse(req.body);
    if (!id.success || !body.success) return fail(res, 400, 'bad-request', 'send {"name":"…"} to /api/decks/<deck id>');
    await answer(res, () => d.rename(id.data, body.data.name));
  });
  router.delete('/api/decks/:id', async (req, res) => {
    const d = gate(res, 'deleting a deck');
    if (!d) return;
    const id = DeckId.safeParse(req.params.id);
    if (!id.success) return fail(res, 404, 'deck/refused', `there is no deck "${req.params.id}"`);
    await answer(res, () => d.remove(id.data));
  });
  return router;
}
