import request from 'supertest';
import { afterEach, describe, expect, it } from 'vitest';
import type { Classify } from '../../../web/server/server.ts';
import { sniffImage } from '../../../web/server/scan.ts';
import { FakeReferee } from '../fakes/fake-referee.ts';
import { bearer, OPENING, PIN, startServer, type Running } from '../helpers.ts';

const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');
const JPEG = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10]);

let server: Running | null = null;
afterEach(async () => {
  await server?.stop();
  server = null;
});

async function withClassifier(classify: Classify | undefined): Promise<{ referee: FakeReferee; url: string }> {
  const referee = new FakeReferee();
  server = await startServer(referee, { clientDir: '/nonexistent', ...(classify ? { classify } : {}) });
  for (const c of OPENING) await request(server.url).post('/api/commands').set(bearer(PIN)).send(c as object);
  return { referee, url: server.url };
}

describe('sniffImage', () => {
  it('knows JPEG, PNG and WebP by their first bytes and nothing else', () => {
    expect(sniffImage(JPEG)).toBe('image/jpeg');
    expect(sniffImage(PNG)).toBe('image/png');
    expect(sniffImage(Buffer.from('RIFF\0\0\0\0WEBPVP8 '))).toBe('image/webp');
    expect(sniffImage(Buffer.from('GIF89a'))).toBeNull();
  });
});

describe('POST /api/scan', () => {
  it('plays a confidently read card as the seat\'s play, with the visible cards ruled out', async () => {
    const seen: string[][] = [];
    const { url } = await withClassifier(async (_img, exclude) => {
      seen.push(exclude);
      return { card: 'V1', confidence: 0.97, alternatives: [{ card: 'V1', p: 0.97 }, { card: 'I1', p: 0.02 }] };
    });
    const r = await request(url).post('/api/scan?seat=1&to=palette').set(bearer(PIN)).set('Content-Type', 'image/jpeg').send(JPEG);
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ ok: true, seq: OPENING.length + 1, scan: { card: 'V1', seat: 1, seq: OPENING.length + 1 } });
    expect(r.body.view.players[1].palette).toEqual(['G5', 'V1']);
    expect(new Set(seen[0])).toEqual(new Set(['O3', 'G5', 'B2', 'R6', 'Y7']));
    const log = await request(url).get('/api/scans').set(bearer(PIN));
    expect(log.body[0]).toMatchObject({ card: 'V1', seq: OPENING.length + 1 });
    const img = await request(url).get(`/api/scans/${log.body[0].id}/image`).set(bearer(PIN));
    expect(img.headers['content-type']).toBe('image/jpeg');
    expect(Buffer.from(img.body).equals(JPEG)).toBe(true);
  });

  it('deals the seat\'s starting card from a PALETTE photo during the deal', async () => {
    const referee = new FakeReferee();
    server = await startServer(referee, { clientDir: '/nonexistent', classify: async () => ({ card: 'G5', confidence: 0.98, alternatives: [{ card: 'G5', p: 0.98 }] }) });
    for (const c of OPENING.slice(0, 2)) await request(server.url).post('/api/commands').set(bearer(PIN)).send(c as object);
    const r = await request(server.url).post('/api/scan?seat=1&to=palette').set(bearer(PIN)).set('Content-Type', 'image/jpeg').send(JPEG);
    expect(r.status).toBe(200);
    expect(referee.received.at(-1)).toMatchObject({ type: 'deal', seat: 1, card: 'G5' });
    expect(r.body.view.players[1].palette).toEqual(['G5']);
  });

  it('never guesses an unsure read: 422 scan/rescan with the top guesses, and nothing is played', async () => {
    const { referee, url } = await withClassifier(async () => ({ card: null, confidence: 0.4, alternatives: [{ card: 'B4', p: 0.4 }, { card: 'I4', p: 0.35 }], reason: 'too dark' }));
    const before = referee.received.length;
    const r = await request(url).post('/api/scan?seat=1&to=canvas').set(bearer(PIN)).set('Content-Type', 'image/png').send(PNG);
    expect(r.status).toBe(422);
    expect(r.body.error.code).toBe('scan/rescan');
    expect(r.body.error.message).toContain('too dark');
    expect(r.body.scan.alternatives.map((a: { card: string }) => a.card)).toEqual(['B4', 'I4']);
    expect(referee.received.length).toBe(before);
  });

  it('passes a rules rejection of the read card through as 422', async () => {
    const { url } = await withClassifier(async () => ({ card: 'R6', confidence: 0.99, alternatives: [] }));
    const r = await request(url).post('/api/scan?seat=1&to=palette').set(bearer(PIN)).set('Content-Type', 'image/jpeg').send(JPEG);
    expect(r.status).toBe(422);
    expect(r.body.error.code).toBe('card/visible');
  });

  it('answers 415 for an upload that is no photo, 400 for a bad query and 503 without a classifier', async () => {
    const { url } = await withClassifier(async () => ({ card: 'V1', confidence: 1, alternatives: [] }));
    expect((await request(url).post('/api/scan?seat=1&to=palette').set(bearer(PIN)).set('Content-Type', 'text/plain').send('hello')).status).toBe(415);
    expect((await request(url).post('/api/scan?seat=9&to=palette').set(bearer(PIN)).set('Content-Type', 'image/jpeg').send(JPEG)).status).toBe(400);
    expect((await request(url).post('/api/scan?seat=1').set(bearer(PIN)).set('Content-Type', 'image/jpeg').send(JPEG)).status).toBe(400);
    expect((await request(url).post('/api/scan?seat=1&to=palette').set(bearer(PIN))).status).toBe(400);
    await server!.stop();
    server = null;
    const none = await withClassifier(undefined);
    const r = await request(none.url).post('/api/scan?seat=1&to=palette').set(bearer(PIN)).set('Content-Type', 'image/jpeg').send(JPEG);
    expect(r.status).toBe(503);
    expect(r.body.error.code).toBe('scan/no-classifier');
  });

  it('answers a classifier that throws on a photo with a clear 422', async () => {
    const { url } = await withClassifier(async () => { throw new Error('corrupt JPEG data'); });
    const r = await request(url).post('/api/scan?seat=1&to=palette').set(bearer(PIN)).set('Content-Type', 'image/jpeg').send(JPEG);
    expect(r.status).toBe(422);
    expect(r.body.error.message).toContain('corrupt JPEG data');
  });

  it('keeps uploads to the referee and the seat\'s own phone', async () => {
    const { url } = await withClassifier(async () => ({ card: 'V1', confidence: 1, alternatives: [] }));
    expect((await request(url).post('/api/scan?seat=1&to=palette').set('Content-Type', 'image/jpeg').send(JPEG)).status).toBe(401);
    const code = (await request(url).post('/api/pairings').set(bearer(PIN)).send({ seat: 0 })).body.code;
    const token = (await request(url).post('/api/pair').send({ code })).body.token;
    expect((await request(url).post('/api/scan?seat=1&to=palette').set(bearer(token)).set('Content-Type', 'image/jpeg').send(JPEG)).status).toBe(403);
    expect((await request(url).get('/api/scans').set(bearer(token))).status).toBe(403);
  });
});

describe('POST /api/identify', () => {
  it('names a photo\'s card to the seat\'s own phone without playing it', async () => {
    const { referee, url } = await withClassifier(async () => ({ card: 'B4', confidence: 0.95, alternatives: [{ card: 'B4', p: 0.95 }] }));
    const before = referee.received.length;
    const code = (await request(url).post('/api/pairings').set(bearer(PIN)).send({ seat: 1 })).body.code;
    const token = (await request(url).post('/api/pair').send({ code })).body.token;
    const r = await request(url).post('/api/identify?seat=1').set(bearer(token)).set('Content-Type', 'image/jpeg').send(JPEG);
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ ok: true, card: 'B4' });
    expect(referee.received.length).toBe(before);
    expect((await request(url).post('/api/identify?seat=0').set(bearer(token)).set('Content-Type', 'image/jpeg').send(JPEG)).status).toBe(403);
    expect((await request(url).post('/api/identify?seat=1').set('Content-Type', 'image/jpeg').send(JPEG)).status).toBe(401);
    expect((await request(url).post('/api/identify?seat=1').set(bearer(token)).set('Content-Type', 'text/plain').send('x')).status).toBe(415);
  });
});

describe('photo size', () => {
  it('refuses a photo over 8 MB with 413', async () => {
    const { url } = await withClassifier(async () => ({ card: 'V1', confidence: 1, alternatives: [] }));
    const big = Buffer.alloc(9 * 1024 * 1024, 0xff);
    const r = await request(url).post('/api/scan?seat=1&to=palette').set(bearer(PIN)).set('Content-Type', 'image/jpeg').send(big);
    expect(r.status).toBe(413);
    expect(r.body.error.code).toBe('message/too-large');
  });
});
