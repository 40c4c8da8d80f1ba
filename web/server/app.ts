// The HTTP API (RULES.md §9–10, web/PROTOCOL.md). Every route checks its input and answers
// bad input with a typed error; commands go through dispatchCommand, the same path as the
// socket and the seat buttons.
import express, { type NextFunction, type Request, type Response } from 'express';
import type { Logger } from 'pino';
import { LANGUAGES, type Language, type RefereeApi } from '../../device/referee/types.ts';
import { MAX_IMAGE_BYTES, MAX_MESSAGE_BYTES, type RefereeErrorLike, type Role } from '../protocol.ts';
import { bearerOf, senderOf, StateFileError, type Credentials } from './auth.ts';
import { dispatchCommand } from './dispatch.ts';
import { addressKey, AuthLockout, KeyedBuckets } from './rate-limit.ts';
import { authorizeSeat, refereeOnly, type Refusal } from './roles.ts';
import { deckRoutes, type DeckDesk } from './decks.ts';
import { teachRoutes, type SeenDesk, type TeachDesk } from './teach.ts';
import type { ScanDesk } from './scan.ts';
import { describeIssues, GameIdSchema, PairingRequestSchema, PairRequestSchema, ScanQuerySchema } from './schemas.ts';
import { serveClient } from './static.ts';

export interface AppOptions {
  referee: RefereeApi;
  credentials: Credentials;
  lockout: AuthLockout;
  scans: ScanDesk;
  /** The companion's decks; without them /api/decks answers 503. */
  decks?: DeckDesk;
  /** Teaching a deck and the scan strip's frames; without them those routes answer 503. */
  teach?: TeachDesk;
  seen?: SeenDesk;
  /** Per-address request buckets (shared with the socket hub). */
  requests: KeyedBuckets;
  clientDir: string;
  clients: () => number;
  logger?: Logger;
}

function fail(res: Response, status: number, error: RefereeErrorLike): void {
  res.status(status).json({ ok: false, error });
}

function refuse(res: Response, r: Refusal): void {
  if (r.status === 401) res.setHeader('WWW-Authenticate', 'Bearer realm="red7"');
  fail(res, r.status, r.error);
}

function roleOf(res: Response): Role {
  return res.locals.role as Role;
}

function senderOfRequest(res: Response): string {
  return res.locals.sender as string;
}

const LOCKED = { code: 'auth/locked', message: 'too many wrong credentials: wait a few minutes (a device that signed in before is not affected)' } as const;

/** Builds the express app: API routes first, then the dashboard's files. */
export function createApp(o: AppOptions): express.Express {
  const app = express();
  app.disable('x-powered-by');
  const buckets = o.requests;
  app.use((_req, res, next) => {
    res.setHeader('X-Content-Type-Options', 'nosniff');
    res.setHeader('Referrer-Policy', 'no-referrer');
    next();
  });

  app.get('/healthz', (_req, res) => {
    const view = o.referee.publicView();
    res.json({ ok: true, game: view.game, seq: view.seq, phase: view.phase, clients: o.clients() });
  });

  // Everything under /api: rate limit, then who is asking.
  app.use('/api', (req, res, next) => {
    // The table's state changes with every play: never from a cache.
    res.setHeader('Cache-Control', 'no-store');
    const address = addressKey(req.socket.remoteAddress);
    if (!buckets.take(address)) return fail(res, 429, { code: 'rate/limited', message: 'too many requests: slow down' });
    const bearer = bearerOf(req.headers.authorization);
    if (bearer === null) return refuse(res, { status: 401, error: { code: 'auth/invalid', message: 'send the credential as "Authorization: Bearer <PIN or seat token>"' } });
    if (bearer === '') {
      res.locals.role = { kind: 'watcher' } satisfies Role;
      res.locals.sender = senderOf(res.locals.role as Role, '', address);
      return next();
    }
    if (o.lockout.locked(address)) return fail(res, 429, LOCKED);
    const check = o.credentials.check(bearer);
    if (!check.ok) {
      o.lockout.fail(address);
      return refuse(res, { status: 401, error: { code: 'auth/invalid', message: 'that is neither the referee PIN nor a paired seat' } });
    }
    o.lockout.succeed(address);
    res.locals.role = check.role;
    res.locals.sender = senderOf(check.role, bearer, address);
    next();
  });

  const json = express.json({ limit: MAX_MESSAGE_BYTES, strict: false });

  app.get('/api/whoami', (_req, res) => {
    const role = roleOf(res);
    res.json({ role: role.kind, seat: role.kind === 'seat' ? role.seat : null });
  });

  app.get('/api/state', (_req, res) => {
    const role = roleOf(res);
    const view = role.kind === 'seat' ? o.referee.privateView(role.seat) ?? o.referee.publicView() : o.referee.publicView();
    res.json(view);
  });

  app.post('/api/commands', json, async (req, res) => {
    const { status, answer } = await dispatchCommand(o.referee, roleOf(res), senderOfRequest(res), req.body, o.logger);
    if (status === 401) res.setHeader('WWW-Authenticate', 'Bearer realm="red7"');
    res.status(status).json(answer);
  });

  app.get('/api/games', (_req, res) => {
    res.json(o.referee.listGames());
  });

  app.get('/api/games/:id/export', (req, res) => {
    // A game's commands name cards a public view never shows (cards sent face down to the deck).
    const refused = refereeOnly(roleOf(res), 'exporting a game');
    if (refused !== null) return refuse(res, refused);
    const id = GameIdSchema.safeParse(req.params.id);
    if (!id.success) return fail(res, 400, { code: 'message/malformed', message: 'a game id is a positive whole number' });
    const format = req.query.format ?? 'json';
    if (format === 'text') {
      const lang = req.query.lang ?? o.referee.publicView().language;
      if (typeof lang !== 'string' || !(LANGUAGES as readonly string[]).includes(lang)) {
        return fail(res, 400, { code: 'language/unknown', message: `lang must be one of ${LANGUAGES.join(', ')}` });
      }
      const text = o.referee.transcript(id.data, lang as Language);
      if (text === null) return fail(res, 404, { code: 'not-found', message: `there is no game ${id.data}` });
      return void res.type('text/plain; charset=utf-8').send(text);
    }
    if (format !== 'json') return fail(res, 400, { code: 'message/malformed', message: 'format is "json" or "text"' });
    const game = o.referee.exportGame(id.data);
    if (game === null) return fail(res, 404, { code: 'not-found', message: `there is no game ${id.data}` });
    res.setHeader('Content-Disposition', `attachment; filename="red7-game-${id.data}.json"`);
    res.json(game);
  });

  app.post('/api/scan', express.raw({ type: () => true, limit: MAX_IMAGE_BYTES }), async (req, res) => {
    const q = ScanQuerySchema.safeParse(req.query);
    if (!q.success) return fail(res, 400, { code: 'message/malformed', message: `${describeIssues(q.error)} (use /api/scan?seat=0&to=palette)` });
    const refused = authorizeSeat(roleOf(res), q.data.seat);
    if (refused !== null) return refuse(res, refused);
    if (!Buffer.isBuffer(req.body) || req.body.length === 0) {
      return fail(res, 400, { code: 'scan/bad-image', message: 'send the photo as the request body (Content-Type: image/jpeg)' });
    }
    const { status, answer } = await o.scans.scan(roleOf(res), senderOfRequest(res), q.data.seat, q.data.to, req.body);
    res.status(status).json(answer);
  });

  app.post('/api/identify', express.raw({ type: () => true, limit: MAX_IMAGE_BYTES }), async (req, res) => {
    const seat = ScanQuerySchema.shape.seat.safeParse(req.query.seat);
    if (!seat.success) return fail(res, 400, { code: 'message/malformed', message: 'use /api/identify?seat=0' });
    const refused = authorizeSeat(roleOf(res), seat.data);
    if (refused !== null) return refuse(res, refused);
    if (!Buffer.isBuffer(req.body) || req.body.length === 0) {
      return fail(res, 400, { code: 'scan/bad-image', message: 'send the photo as the request body (Content-Type: image/jpeg)' });
    }
    const { status, answer } = await o.scans.identify(req.body);
    res.status(status).json(answer);
  });

  app.use(deckRoutes(o.decks, roleOf, refuse));
  app.use(teachRoutes(o.teach, o.seen, roleOf, refuse));

  app.get('/api/scans', (_req, res) => {
    const refused = refereeOnly(roleOf(res), 'the scan log');
    if (refused !== null) return refuse(res, refused);
    res.json(o.scans.list());
  });

  app.get('/api/scans/:id/image', (req, res) => {
    const refused = refereeOnly(roleOf(res), 'a scanned photo');
    if (refused !== null) return refuse(res, refused);
    const id = GameIdSchema.safeParse(req.params.id);
    const image = id.success ? o.scans.image(id.data) : null;
    if (image === null) return fail(res, 404, { code: 'not-found', message: 'no such scan is kept' });
    res.type(image.type).send(image.data);
  });

  app.post('/api/pairings', json, (req, res) => {
    const refused = refereeOnly(roleOf(res), 'pairing a seat');
    if (refused !== null) return refuse(res, refused);
    const body = PairingRequestSchema.safeParse(req.body);
    if (!body.success) return fail(res, 400, { code: 'message/malformed', message: describeIssues(body.error) });
    res.status(201).json(o.credentials.issueCode(body.data.seat));
  });

  app.delete('/api/pairings/:seat', (req, res) => {
    const refused = refereeOnly(roleOf(res), 'unpairing a seat');
    if (refused !== null) return refuse(res, refused);
    const seat = PairingRequestSchema.shape.seat.safeParse(Number(req.params.seat));
    if (!seat.success) return fail(res, 400, { code: 'message/malformed', message: 'a seat is 0 to 3' });
    try {
      res.json({ seat: seat.data, unpaired: o.credentials.unpair(seat.data) });
    } catch (e) {
      if (!(e instanceof StateFileError)) throw e;
      o.logger?.error({ err: e.message }, 'unpairing could not be saved');
      fail(res, 500, { code: 'storage/failed', message: e.message });
    }
  });

  app.post('/api/pair', json, (req, res) => {
    const body = PairRequestSchema.safeParse(req.body);
    if (!body.success) return fail(res, 400, { code: 'message/malformed', message: describeIssues(body.error) });
    const address = addressKey(req.socket.remoteAddress);
    // A pairing code is a credential too: wrong guesses count towards the lockout.
    if (o.lockout.locked(address)) return fail(res, 429, LOCKED);
    let paired: ReturnType<Credentials['redeem']>;
    try {
      paired = o.credentials.redeem(body.data.code);
    } catch (e) {
      if (!(e instanceof StateFileError)) throw e;
      o.logger?.error({ err: e.message }, 'a pairing could not be saved');
      return fail(res, 500, { code: 'storage/failed', message: e.message });
    }
    if (paired === null) {
      o.lockout.fail(address);
      return fail(res, 404, { code: 'pair/invalid', message: 'that pairing code is unknown or has expired: ask the referee for a new one' });
    }
    o.lockout.succeed(address);
    res.json(paired);
  });

  app.use('/api', (_req, res) => fail(res, 404, { code: 'not-found', message: 'no such API route (see web/PROTOCOL.md)' }));

  serveClient(app, o.clientDir);

  // Body parser failures and anything unforeseen: a typed answer, never a crash.
  app.use((err: unknown, _req: Request, res: Response, _next: NextFunction) => {
    const e = err as { type?: string; status?: number; message?: string };
    if (res.headersSent) return;
    if (e.type === 'entity.too.large') return fail(res, 413, { code: 'message/too-large', message: 'the body is too large' });
    if (e.type === 'entity.parse.failed') return fail(res, 400, { code: 'message/malformed', message: 'the body is not valid JSON' });
    if (typeof e.status === 'number' && e.status >= 400 && e.status < 500) {
      return fail(res, e.status, { code: 'message/malformed', message: e.message ?? 'bad request' });
    }
    o.logger?.error({ err }, 'unhandled error in a request');
    fail(res, 500, { code: 'server/error', message: 'the server failed on this request (see its log)' });
  });
  return app;
}
