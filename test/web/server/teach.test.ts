// The teaching and scan-strip routes over the real classifier, deck book and teacher
// (device/vision-desks.ts); only the referee is a fake. Bad and hostile inputs are refused
// with words and change nothing.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { visionDesks } from '../../../device/wiring/vision-desks.ts';
import type { VisionParts } from '../../../device/wiring/vision.ts';
import { ALL_CARDS, formatCard, parseCard } from '../../../device/rules/cards.ts';
import { CardClassifier } from '../../../vision/classifier.ts';
import { deckFacePool, photoOfCard, photoOfNothing, type FacePool } from '../../../vision/dataset.ts';
import { DeckBook } from '../../../vision/deck/book.ts';
import { DeckStore } from '../../../vision/deck/store.ts';
import { makeRng, mixSeed } from '../../../vision/random.ts';
import { SeenFrames } from '../../../vision/seen.ts';
import { FakeReferee } from '../fakes/fake-referee.ts';
import { bearer, PIN, startServer, type Running } from '../helpers.ts';

let classifier: CardClassifier;
let pool: FacePool;
let data: string;
const sure: string[] = [];
let onTray = 'nothing';
const photo = async (card: string, seed = 1) => (await photoOfCard(pool, parseCard(card) as number, makeRng(mixSeed(91, seed)), 1280, 960)).jpeg;

/** The companion's vision parts over `data`, as startVision makes them, with a tray camera the test fills. */
async function partsOver(dir: string): Promise<VisionParts> {
  const book = new DeckBook(classifier, new DeckStore(dir));
  await book.load();
  const seen = new SeenFrames();
  return {
    decks: book, seen, cameraLine: 'test', classifierLine: 'test', stop: async () => undefined,
    camera: { capture: async () => Buffer.from(onTray === 'nothing' ? (await photoOfNothing(makeRng(3), 1280, 960)).jpeg : await photo(onTray, 7)) },
    classify: async (image, options) => {
      const examined = await book.examine(image, options);
      if (options.source !== 'private') seen.note(image, examined, options.source ?? 'tray', book.deckName);
      return examined.classification;
    },
  };
}

async function serve(dir: string): Promise<{ server: Running; desks: ReturnType<typeof visionDesks>; parts: VisionParts }> {
  const parts = await partsOver(dir);
  const desks = visionDesks(Promise.resolve(parts), dir);
  const server = await startServer(new FakeReferee(), { clientDir: '/nonexistent', decks: desks.decks, teach: desks.teach, seen: desks.seen });
  return { server, desks, parts };
}

beforeAll(async () => {
  classifier = await CardClassifier.load();
  pool = await deckFacePool(mixSeed(29, 5), 300, 'training');
  for (const card of ALL_CARDS) {
    const read = await classifier.classify(await photo(formatCard(card)));
    if (read.card === formatCard(card)) sure.push(read.card);
    if (sure.length >= 3) break;
  }
  data = mkdtempSync(join(tmpdir(), 'red7-web-teach-'));
}, 300_000);
afterAll(() => rmSync(data, { recursive: true, force: true }));

describe('the teaching routes', () => {
  it('refuse anyone but the referee, and a companion without a classifier', async () => {
    const { server } = await serve(data);
    try {
      for (const path of ['/api/teach', '/api/seen']) {
        expect((await request(server.url).get(path)).status).toBe(401);
        expect((await request(server.url).get(path).set(bearer(''))).status).toBe(401);
      }
    } finally {
      await server.stop();
    }
    const none = visionDesks(Promise.resolve({ cameraLine: '', classifierLine: '', stop: async () => undefined }), data);
    const bare = await startServer(new FakeReferee(), { clientDir: '/nonexistent', teach: none.teach, seen: none.seen });
    try {
      const r = await request(bare.url).post('/api/teach').set(bearer(PIN)).send({});
      expect(r.status).toBe(503);
      expect(r.body.error.message).toMatch(/no card classifier/);
      expect((await request(bare.url).get('/api/seen').set(bearer(PIN))).body.frames).toEqual([]);
    } finally {
      await bare.stop();
    }
  });

  it('name every bad input and change nothing', async () => {
    const { server } = await serve(data);
    const api = (m: 'get' | 'post' | 'put' | 'delete', path: string) => request(server.url)[m](path).set(bearer(PIN));
    try {
      expect((await api('post', '/api/teach/capture')).body.error.message).toMatch(/no deck is being taught/);
      expect((await api('post', '/api/teach').send({ name: 5 })).status).toBe(400);
      expect((await api('post', '/api/teach').send({ name: 'a\u0007b' })).body.error.message).toMatch(/1–60 characters without control characters/);
      expect((await api('get', '/api/teach')).body.session).toBeNull();
      expect((await api('post', '/api/teach').send({ name: 'Club deck' })).body.session).toMatchObject({ name: 'Club deck', current: 'R1', taught: 0 });
      for (const body of [{ card: 'Z9' }, { card: 'R8' }, { card: 'R1', extra: 1 }, {}, 'R1']) {
        expect((await api('put', '/api/teach/current').send(body as object)).status).toBe(400);
      }
      expect((await api('post', '/api/teach/photo').set('Content-Type', 'text/plain').send('not a photo')).status).toBe(415);
      expect((await api('get', '/api/teach/photo')).status).toBe(404);
      expect((await api('post', '/api/teach/finish')).body.error.message).toMatch(/no card has been taught yet/);
      expect((await api('get', '/api/seen?after=-1')).status).toBe(400);
      expect((await api('get', '/api/seen/abc/frame')).status).toBe(404);
      expect((await api('get', '/api/seen/999/frame')).body.error.code).toBe('seen/gone');
      expect((await api('get', '/api/teach')).body.session).toMatchObject({ current: 'R1', taught: 0, captures: {} });
      expect((await api('delete', '/api/teach')).body.session).toBeNull();
    } finally {
      await server.stop();
    }
  });

  it('teach uploads and PALETTE captures, flag a mixed-up card, survive a restart, and finish into the active deck', async () => {
    const [a, b, c] = sure as [string, string, string];
    let { server, desks, parts } = await serve(data);
    const api = (m: 'get' | 'post' | 'put' | 'delete', path: string) => request(server.url)[m](path).set(bearer(PIN));
    try {
      await api('post', '/api/teach').send({ name: 'Club deck' });
      await api('put', '/api/teach/current').send({ card: a });
      const first = await api('post', '/api/teach/photo').set('Content-Type', 'image/jpeg').send(Buffer.from(await photo(a)));
      expect(first.body.attempt).toMatchObject({ card: a, read: a, flagged: false, problem: null });
      expect(first.body.attempt.quad).toHaveLength(4);
      expect((await api('get', '/api/teach/photo')).headers['content-type']).toMatch(/image\/jpeg/);

      // Asked for b, shown c: the base model reads it surely as c, so b is flagged and stays asked for.
      await api('put', '/api/teach/current').send({ card: b });
      const mixed = await api('post', '/api/teach/photo').set('Content-Type', 'image/jpeg').send(Buffer.from(await photo(c)));
      expect(mixed.body.attempt).toMatchObject({ card: b, read: c, flagged: true });
      expect((await api('get', '/api/teach')).body.session).toMatchObject({ current: b, taught: 1, flagged: [b] });

      // An empty tray teaches nothing, and says why.
      onTray = 'nothing';
      expect((await api('post', '/api/teach/capture')).body.attempt.problem).toMatch(/no card/);
      // A PALETTE press while teaching is taken for a capture, not a play.
      onTray = b;
      expect(await desks.claimKey({ seat: 1, key: 'palette', press: 'short', seq: 1, at: Date.now() })).toBe(true);
      expect(await desks.claimKey({ seat: 1, key: 'canvas', press: 'short', seq: 2, at: Date.now() })).toBe(false);
      expect((await api('get', '/api/teach')).body.session).toMatchObject({ taught: 2, flagged: [] });
      await server.stop();

      // A restart: the session is still there, with its photos.
      ({ server, desks, parts } = await serve(data));
      const resumed = await request(server.url).get('/api/teach').set(bearer(PIN));
      expect(resumed.body.session).toMatchObject({ name: 'Club deck', taught: 2 });
      const done = await request(server.url).post('/api/teach/finish').set(bearer(PIN));
      expect(done.body.deck).toMatchObject({ cards: 2, photos: 2, name: 'Club deck', flagged: [] });
      expect((await request(server.url).get('/api/teach').set(bearer(PIN))).body.session).toBeNull();
      expect(await desks.claimKey({ seat: 1, key: 'palette', press: 'short', seq: 3, at: Date.now() })).toBe(false);
      const decks = await request(server.url).get('/api/decks').set(bearer(PIN));
      expect(decks.body.decks).toEqual([expect.objectContaining({ name: 'Club deck', active: true, cards: 2 })]);

      // Reads now go through the deck, and the strip says so; a private identify is not kept.
      await parts.classify!(Buffer.from(await photo(a, 9)), { source: 'upload' });
      await parts.classify!(Buffer.from(await photo(b, 9)), { source: 'private' });
      const seen = await request(server.url).get('/api/seen').set(bearer(PIN));
      expect(seen.body.frames).toEqual([expect.objectContaining({ source: 'upload', card: a, deck: 'Club deck' })]);
      expect(seen.body.frames[0].guesses.length).toBeLessThanOrEqual(3);
      expect(seen.body.frames[0].quad).toHaveLength(4);
      expect((await request(server.url).get(`/api/seen/${seen.body.frames[0].id}/frame`).set(bearer(PIN))).headers['content-type']).toMatch(/image\/jpeg/);
    } finally {
      await server.stop();
    }
  }, 300_000);
});
