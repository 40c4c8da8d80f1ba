// Teaching the companion a deck from the dashboard (web/PROTOCOL.md, "Teaching a deck") and the
// scan strip's frames ("What the camera saw"). Referee only: the frames show the table's cards,
// and a deck changes every read from then on.
import express, { type Response } from 'express';
import { z } from 'zod';
import type { EnrolSummary, SeenFrame, TeachAttempt, TeachState } from '../../shared/decks.ts';
import { MAX_IMAGE_BYTES, type Role } from '../protocol.ts';
import { refereeOnly, type Refusal } from './roles.ts';
import { sniffImage } from '../../shared/image-type.ts';

/** What the server needs of the companion's teaching session (vision/deck/teacher.ts). */
export interface TeachDesk {
  state(): Promise<TeachState>;
  start(name: unknown): Promise<TeachState>;
  ask(card: string): Promise<TeachState>;
  capture(): Promise<TeachAttempt>;
  upload(bytes: Uint8Array): Promise<TeachAttempt>;
  photo(): Promise<Uint8Array | null>;
  finish(): Promise<EnrolSummary>;
  discard(): Promise<TeachState>;
}

/** The last frames read (vision/seen.ts). */
export interface SeenDesk {
  list(after: number): Promise<SeenFrame[]>;
  bytes(id: number): Promise<Uint8Array | null>;
}

/** A refusal a person can act on (no session, a bad card, no camera): 400 with its words, or the status it names. */
export class DeskError extends Error {
  constructor(message: string, readonly status = 400) {
    super(message);
  }
}

const Start = z.object({ name: z.string().optional() }).strict();
const Ask = z.object({ card: z.string().regex(/^[ROYGBIV][1-7]$/) }).strict();
const After = z.coerce.number().int().min(0).max(2 ** 31).default(0);
const FrameId = z.coerce.number().int().min(1).max(2 ** 31);

/** Mounts /api/teach… and /api/seen… on a router; a missing desk answers 503 (no classifier). */
export function teachRoutes(teach: TeachDesk | undefined, seen: SeenDesk | undefined, roleOf: (res: Response) => Role, refuse: (res: Response, r: Refusal) => void): express.Router {
  const router = express.Router();
  const json = express.json({ limit: 4096 });
  const raw = express.raw({ type: () => true, limit: MAX_IMAGE_BYTES });
  const fail = (res: Response, status: number, code: string, message: string) => res.status(status).json({ ok: false, error: { code, message } });
  const gate = <T>(res: Response, what: string, desk: T | undefined): T | null => {
    const refused = refereeOnly(roleOf(res), what);
    if (refused !== null) return (refuse(res, refused), null);
    if (desk === undefined) return (fail(res, 503, 'teach/no-classifier', 'no card classifier is installed on this companion, so it cannot be taught a deck'), null);
    return desk;
  };
  // A person's mistake comes back with its words; anything else is the companion's fault.
  const answer = async (res: Response, act: () => Promise<unknown>) => {
    try {
      res.json({ ok: true, ...(await act() as object) });
    } catch (err) {
      if (err instanceof DeskError) {
        return fail(res, err.status, 'teach/refused', err.message);
      }
      throw err;
    }
  };

  router.get('/api/teach', async (_req, res) => {
    const d = gate(res, 'teaching a deck', teach);
    if (d) await answer(res, () => d.state());
  });
  router.post('/api/teach', json, async (req, res) => {
    const d = gate(res, 'teaching a deck', teach);
    if (!d) return;
    const body = Start.safeParse(req.body ?? {});
    if (!body.success) return fail(res, 400, 'bad-request', 'send {} or {"name":"Club deck"}');
    await answer(res, () => d.start(body.data.name));
  });
  router.put('/api/teach/current', json, async (req, res) => {
    const d = gate(res, 'teaching a deck', teach);
    if (!d) return;
    const body = Ask.safeParse(req.body);
    if (!body.success) return fail(res, 400, 'bad-request', 'send {"card":"B6"}: a colour letter ROYGBIV and a value 1–7');
    await answer(res, () => d.ask(body.data.card));
  });
  router.post('/api/teach/capture', async (_req, res) => {
    const d = gate(res, 'teaching a deck', teach);
    if (d) await answer(res, async () => ({ attempt: await d.capture() }));
  });
  router.post('/api/teach/photo', raw, async (req, res) => {
    const d = gate(res, 'teaching a deck', teach);
    if (!d) return;
    if (!Buffer.isBuffer(req.body) || sniffImage(req.body) === null) return fail(res, 415, 'scan/bad-image', 'send a JPEG, PNG or WebP photo as the request body');
    await answer(res, async () => ({ attempt: await d.upload(req.body as Buffer) }));
  });
  router.get('/api/teach/photo', async (_req, res) => {
    const d = gate(res, 'teaching a deck', teach);
    if (!d) return;
    const bytes = await d.photo();
    if (bytes === null) return fail(res, 404, 'teach/no-photo', 'no photo has been taken yet');
    res.type(sniffImage(Buffer.from(bytes)) ?? 'application/octet-stream').send(Buffer.from(bytes));
  });
  router.post('/api/teach/finish', async (_req, res) => {
    const d = gate(res, 'teaching a deck', teach);
    if (d) await answer(res, async () => ({ deck: await d.finish() }));
  });
  router.delete('/api/teach', async (_req, res) => {
    const d = gate(res, 'teaching a deck', teach);
    if (d) await answer(res, () => d.discard());
  });

  router.get('/api/seen', async (req, res) => {
    const refused = refereeOnly(roleOf(res), 'what the camera saw');
    if (refused !== null) return refuse(res, refused);
    const after = After.safeParse(req.query.after);
    if (!after.success) return fail(res, 400, 'bad-request', 'after is a frame id, a whole number');
    // Without a classifier nothing is read, so nothing was seen: an empty strip, not an error.
    if (seen === undefined) return res.json({ ok: true, available: false, frames: [] });
    res.json({ ok: true, available: true, frames: await seen.list(after.data) });
  });
  router.get('/api/seen/:id/frame', async (req, res) => {
    const d = gate(res, 'what the camera saw', seen);
    if (!d) return;
    const id = FrameId.safeParse(req.params.id);
    const bytes = id.success ? await d.bytes(id.data) : null;
    if (bytes === null) return fail(res, 404, 'seen/gone', 'that frame is no longer kept: the strip keeps the last 12');
    res.type(sniffImage(Buffer.from(bytes)) ?? 'application/octet-stream').send(Buffer.from(bytes));
  });
  return router;
}
