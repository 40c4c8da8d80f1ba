import { describe, expect, it } from 'vitest';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { trainModel } from '../../vision/train/train.ts';
import { readMetadata } from '../../vision/model-io.ts';
import { CardClassifier } from '../../vision/classifier.ts';
import { buildFacePool, photoOfCard } from '../../vision/dataset.ts';
import { makeRng } from '../../vision/random.ts';

describe('training', () => {
  it('trains two members side by side, joins, calibrates and saves a loadable model in a smoke run with a fresh style per photo, as npm run train does', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'red7-train-'));
    try {
      const lines: string[] = [];
      const { metadata } = await trainModel({ seed: 3, photos: 120, validation: 40, stylesPerCard: 0, epochs: 2, outDir: dir, log: (l) => lines.push(l) });
      for (const f of ['model.json', 'weights.bin', 'metadata.json']) expect(existsSync(join(dir, f)), f).toBe(true);
      expect(readMetadata(dir)).toEqual(metadata);
      expect(metadata.training.seed).toBe(3);
      expect(lines.some((l) => l.includes('a fresh style for every photo'))).toBe(true);
      expect(metadata.training.members).toBe(2);
      for (const member of [0, 1]) expect(lines.some((l) => l.includes(`member ${member}: epoch 2/2`)), `member ${member}`).toBe(true);
      // The saved weights load and the classifier answers with one of its reasons or a card.
      const classifier = await CardClassifier.load({ modelDir: dir });
      const pool = await buildFacePool(4, 1, 120);
      const r = await classifier.classify((await photoOfCard(pool, 0, makeRng(1), 640, 480)).jpeg);
      expect(r.card === null ? r.reason : 'card').toMatch(/card|low-confidence|no-card/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 180_000);

  it('trains the same weights again from the same seed', async () => {
    const dirs = [mkdtempSync(join(tmpdir(), 'red7-det-a-')), mkdtempSync(join(tmpdir(), 'red7-det-b-'))];
    try {
      for (const dir of dirs) await trainModel({ seed: 11, photos: 60, validation: 20, stylesPerCard: 1, epochs: 1, outDir: dir, log: () => {} });
      expect(readFileSync(join(dirs[0]!, 'weights.bin'))).toEqual(readFileSync(join(dirs[1]!, 'weights.bin')));
      expect(readMetadata(dirs[0]!).threshold).toBe(readMetadata(dirs[1]!).threshold);
    } finally {
      for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
    }
  }, 180_000);

  it('refuses an ensemble of fewer than two members before rendering anything', async () => {
    const lines: string[] = [];
    await expect(trainModel({ seed: 3, photos: 10, validation: 4, stylesPerCard: 0, epochs: 1, members: 1, outDir: join(tmpdir(), 'red7-never'), log: (l) => lines.push(l) })).rejects.toThrow(/members must be/);
    expect(lines).toEqual([]);
    expect(existsSync(join(tmpdir(), 'red7-never'))).toBe(false);
  });

  it('ships a model of at most 2 MB of weights', () => {
    const size = statSync(join(import.meta.dirname, '../../vision/model/weights.bin')).size;
    expect(size).toBeLessThanOrEqual(2 * 1024 * 1024);
  });
});
