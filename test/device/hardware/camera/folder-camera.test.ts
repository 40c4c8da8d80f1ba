import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { FolderCamera } from '../../../../device/hardware/camera/index.ts';
import { CardClassifier } from '../../../../vision/classifier.ts';
import { buildFacePool, photoOfCard } from '../../../../vision/dataset.ts';
import { makeRng, mixSeed } from '../../../../vision/random.ts';
import { formatCard } from '../../../../device/rules/cards.ts';

let dir: string;
const truth: string[] = [];

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'red7-folder-'));
  const pool = await buildFacePool(mixSeed(4242, 3), 1, 300);
  // Names chosen so that name order differs from creation order.
  for (const [k, name] of ['c.jpg', 'a.jpg', 'b.JPEG'].entries()) {
    const photo = await photoOfCard(pool, k * 11, makeRng(mixSeed(4242, k)), 1280, 960);
    writeFileSync(join(dir, name), photo.jpeg);
    truth[k] = formatCard(photo.card!);
  }
  writeFileSync(join(dir, 'notes.txt'), 'not a photo');
  mkdirSync(join(dir, 'sub.jpg'));
}, 60_000);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('folder camera source', () => {
  it('cycles through the images in name order, end to end through the classifier', async () => {
    const camera = new FolderCamera(dir);
    await camera.start();
    const classifier = await CardClassifier.load();
    const frames: Buffer[] = [];
    for (let i = 0; i < 4; i++) frames.push(await camera.capture());
    await camera.stop();
    // a.jpg, b.JPEG, c.jpg, then a.jpg again; notes.txt and the folder sub.jpg are skipped.
    const expected = ['a.jpg', 'b.JPEG', 'c.jpg', 'a.jpg'].map((n) => readFileSync(join(dir, n)));
    expect(frames).toEqual(expected);
    const truthInOrder = [truth[1], truth[2], truth[0], truth[1]];
    for (const [i, frame] of frames.entries()) {
      const r = await classifier.classify(frame);
      // Each frame is read as its own card or sent back for a rescan, never read as another card.
      if (r.card !== null) expect(r.card).toBe(truthInOrder[i]);
      else expect(r.reason).toBe('low-confidence');
    }
  }, 60_000);

  it('says so when the folder does not exist', async () => {
    await expect(new FolderCamera(join(dir, 'missing')).start()).rejects.toMatchObject({ code: 'no-device', message: expect.stringMatching(/cannot be read/) });
  });

  it('says so when the folder holds no images', async () => {
    const empty = mkdtempSync(join(tmpdir(), 'red7-empty-'));
    try {
      await expect(new FolderCamera(empty).start()).rejects.toMatchObject({ code: 'no-images' });
    } finally {
      rmSync(empty, { recursive: true, force: true });
    }
  });

  it('reports a file that only pretends to be a JPEG', async () => {
    const odd = mkdtempSync(join(tmpdir(), 'red7-odd-'));
    try {
      writeFileSync(join(odd, 'fake.jpg'), 'hello');
      const camera = new FolderCamera(odd);
      await camera.start();
      await expect(camera.capture()).rejects.toMatchObject({ code: 'not-an-image' });
    } finally {
      rmSync(odd, { recursive: true, force: true });
    }
  });

  it('refuses to capture before start', async () => {
    await expect(new FolderCamera(dir).capture()).rejects.toMatchObject({ code: 'not-started' });
  });
});
