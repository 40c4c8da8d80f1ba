import request from 'supertest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { DeckStore } from '../../../vision/deck/store.ts';
import type { DeckDesk } from '../../../web/server/decks.ts';
import { FakeReferee } from '../fakes/fake-referee.ts';
import { bearer, PIN, startServer, type Running } from '../helpers.ts';

let server: Running | null = null;
let data: string;
afterEach(async () => {
  await server?.stop();
  server = null;
  rmSync(data, { recursive: true, force: true });
});

/** The routes over a real deck store; only the classifier's re-derivation is left out. */
function deskOver(store: DeckStore): DeckDesk {
  return {
    state: async () => ({ decks: store.list(), problem: null }),
    activate: async (id) => store.activate(id),
    rename: async (id, name) => store.rename(id, name),
    remove: async (id) => store.remove(id),
  };
}

async function withDecks(decks?: DeckDesk): Promise<{ url: string; store: DeckStore }> {
  data = mkdtempSync(join(tmpdir(), 'red7-web-decks-'));
  const store = new DeckStore(data);
  store.create({ name: 'Club deck', modelVersion: '1.0.0', camera: null }, [{ file: 'B6-1.jpg', card: 'B6', embedding: [1], bytes: Buffer.from([0xff, 0xd8, 0xff]) }]);
  server = await startServer(new FakeReferee(), { clientDir: '/nonexistent', decks: decks === undefined ? deskOver(store) : decks });
  return { url: server.url, store };
}

describe('the deck routes', () => {
  it('let the referee list, activate, rename and delete decks', async () => {
    const { url, store } = await withDecks();
    const list = await request(url).get('/api/decks').set(bearer(PIN));
    expect(list.status).toBe(200);
    expect(list.body.decks).toEqual([expect.objectContaining({ id: 'club-deck', name: 'Club deck', active: false, cards: 1 })]);
    const active = await request(url).put('/api/decks/active').set(bearer(PIN)).send({ id: 'club-deck' });
    expect(active.body.decks[0].active).toBe(true);
    const renamed = await request(url).patch('/api/decks/club-deck').set(bearer(PIN)).send({ name: 'Sleeved' });
    expect(renamed.body.decks[0].name).toBe('Sleeved');
    const gone = await request(url).delete('/api/decks/club-deck').set(bearer(PIN));
    expect(gone.body.decks).toEqual([]);
    expect(store.activeId()).toBeNull();
  });

  it('keep them from watchers and refuse bad and hostile requests without a change', async () => {
    const { url, store } = await withDecks();
    expect((await request(url).get('/api/decks')).status).toBe(401);
    expect((await request(url).delete('/api/decks/club-deck')).status).toBe(401);
    const cases: Array<[request.Test, number]> = [
      [request(url).put('/api/decks/active').set(bearer(PIN)).send({ id: '../etc' }), 400],
      [request(url).put('/api/decks/active').set(bearer(PIN)).send({ id: 'nope' }), 404],
      [request(url).put('/api/decks/active').set(bearer(PIN)).send({ id: 'club-deck', extra: 1 }), 400],
      [request(url).patch('/api/decks/club-deck').set(bearer(PIN)).send({ name: '' }), 400],
      [request(url).patch('/api/decks/club-deck').set(bearer(PIN)).send({ name: 'x'.repeat(61) }), 400],
      [request(url).patch('/api/decks/club-deck').set(bearer(PIN)).send('not json'), 400],
      [request(url).delete('/api/decks/..%2F..').set(bearer(PIN)), 404],
      [request(url).delete('/api/decks/nope').set(bearer(PIN)), 404],
    ];
    for (const [req, status] of cases) expect((await req).status).toBe(status);
    expect(store.list()).toEqual([expect.objectContaining({ id: 'club-deck', name: 'Club deck', active: false })]);
  });

  it('list none and refuse every change with 503 on a companion without a classifier', async () => {
    data = mkdtempSync(join(tmpdir(), 'red7-web-decks-'));
    server = await startServer(new FakeReferee(), { clientDir: '/nonexistent' });
    const listed = await request(server.url).get('/api/decks').set(bearer(PIN));
    expect(listed.status).toBe(200);
    expect(listed.body).toMatchObject({ ok: true, available: false, decks: [], problem: expect.stringMatching(/no card classifier/) });
    expect((await request(server.url).put('/api/decks/active').set(bearer(PIN)).send({ id: null })).status).toBe(503);
    expect((await request(server.url).get('/api/decks')).status).toBe(401);
  });
});
