import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { existsSync, mkdtempSync, readFileSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ALL_CARDS, formatCard } from '../../../device/rules/cards.ts';
import { CardClassifier } from '../../../vision/classifier.ts';
import { buildFacePool, photoOfCard, photoOfNothing } from '../../../vision/dataset.ts';
import { DeckStore } from '../../../vision/deck/store.ts';
import { makeRng, mixSeed } from '../../../vision/random.ts';
import { jsonLines, red7 } from '../../helpers/cli.ts';

let dir: string;
/** Cards whose photo the base model reads surely and rightly, by file name. */
const sure: Array<{ file: string; card: string }> = [];

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'red7-enrol-'));
  const classifier = await CardClassifier.load();
  const pool = await buildFacePool(mixSeed(2929, 1), 1, 300);
  for (let i = 0; sure.length < 5 && i < 40; i++) {
    const photo = await photoOfCard(pool, (i * 11) % ALL_CARDS.length, makeRng(mixSeed(2929, i)), 1280, 960);
    const read = await classifier.classify(photo.jpeg);
    if (read.card !== formatCard(photo.card!) || sure.some((s) => s.card === read.card)) continue;
    const file = `p${i}.jpg`;
    writeFileSync(join(dir, file), photo.jpeg);
    sure.push({ file, card: read.card });
  }
  writeFileSync(join(dir, 'empty.jpg'), (await photoOfNothing(makeRng(5), 1280, 960)).jpeg);
  writeFileSync(join(dir, 'notes.txt'), 'not a photo');
}, 600_000);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function labels(name: string, lines: Array<string | object>): string {
  const file = join(dir, name);
  writeFileSync(file, lines.map((l) => (typeof l === 'string' ? l : JSON.stringify(l))).join('\n'));
  return file;
}

/** Runs `body` with a fresh data folder, removed afterwards whatever happens. */
async function inDataFolder(body: (data: string) => Promise<void>): Promise<void> {
  const data = mkdtempSync(join(tmpdir(), 'red7-enrol-data-'));
  try {
    await body(data);
  } finally {
    rmSync(data, { recursive: true, force: true });
  }
}

describe('red7 enrol', () => {
  it('teaches a deck, flags a mislabelled photo, and classify --data reads with it, after a restart too', async () => {
    expect(sure.length).toBe(5);
    await inDataFolder(async (data) => {
      // The last photo's label names the first photo's card: a mislaid label.
      const wrongLabel = sure[0]!.card;
      const file = labels('deck.jsonl', [...sure.slice(0, 4), { file: sure[4]!.file, card: wrongLabel }]);
      const r = await red7(['enrol', '--photos', dir, '--labels', file, '--data', data, '--name', 'Club deck']);
      expect(r.stderr).toBe('');
      expect(r.code).toBe(0);
      const [summary] = jsonLines(r.stdout) as Array<Record<string, unknown>>;
      expect(summary).toMatchObject({ cards: 4, photos: 5, profile: 'club-deck', name: 'Club deck' });
      expect(summary!.flagged).toEqual([expect.objectContaining({ card: wrongLabel, read: sure[4]!.card, source: sure[4]!.file })]);

      const read = await red7(['classify', '--data', data, join(dir, sure[1]!.file)]);
      expect(read.code).toBe(0);
      expect(jsonLines(read.stdout)[0]).toMatchObject({ card: sure[1]!.card, deck: 'Club deck' });

      new DeckStore(data).remove('club-deck');
      const after = await red7(['classify', '--data', data, join(dir, sure[1]!.file)]);
      expect(jsonLines(after.stdout)[0]).toMatchObject({ card: sure[1]!.card, deck: null });
    });
  }, 600_000);

  it('re-derives a deck taught under another model version from its photos, and refuses one whose photos are gone', async () => {
    await inDataFolder(async (data) => {
      const file = labels('two.jsonl', sure.slice(0, 2));
      expect((await red7(['enrol', '--photos', dir, '--labels', file, '--data', data, '--name', 'Old'])).code).toBe(0);
      const path = join(data, 'decks', 'old', 'deck.json');
      const profile = JSON.parse(readFileSync(path, 'utf8'));
      writeFileSync(path, JSON.stringify({ ...profile, modelVersion: '0.0.1', photos: profile.photos.map((p: { embedding: number[] }) => ({ ...p, embedding: [1] })) }));
      const read = await red7(['classify', '--data', data, join(dir, sure[0]!.file)]);
      expect(jsonLines(read.stdout)[0]).toMatchObject({ card: sure[0]!.card, deck: 'Old' });
      const rederived = JSON.parse(readFileSync(path, 'utf8'));
      expect(rederived.modelVersion).toBe(profile.modelVersion);
      expect(rederived.photos[0].embedding).toEqual(profile.photos[0].embedding);

      writeFileSync(path, JSON.stringify({ ...rederived, modelVersion: '0.0.1' }));
      unlinkSync(join(data, 'decks', 'old', rederived.photos[0].file));
      const refused = await red7(['classify', '--data', data, join(dir, sure[0]!.file)]);
      expect(refused.code).toBe(1);
      expect(refused.stderr).toMatch(/taught under model 0\.0\.1.*cannot be re-derived.*teach it again/);
    });
  }, 600_000);

  it('names every bad input, exits 1 and writes no deck', async () => {
    await inDataFolder(async (data) => {
      const file = labels('bad.jsonl', [
        sure[0]!, { file: sure[1]!.file, card: 'Z9' }, { file: 'missing.jpg', card: 'R1' }, { file: '../etc/passwd', card: 'R2' },
        'not json', { file: 'a.jpg' }, { file: 'notes.txt', card: 'O3' }, { file: 'empty.jpg', card: 'Y4' },
      ]);
      const r = await red7(['enrol', '--photos', dir, '--labels', file, '--data', data]);
      expect(r.code).toBe(1);
      expect(r.stderr).toMatch(/unknown card "Z9"/);
      expect(r.stderr).toMatch(/unreadable photo missing\.jpg \(ENOENT\)/);
      expect(r.stderr).toMatch(/\.\.\/etc\/passwd is outside the photos folder/);
      expect(r.stderr).toMatch(/bad\.jsonl:5: not JSON/);
      expect(r.stderr).toMatch(/bad\.jsonl:6: expected/);
      expect(existsSync(join(data, 'decks'))).toBe(false);

      const photos = labels('photos.jsonl', [sure[0]!, { file: 'notes.txt', card: 'O3' }, { file: 'empty.jpg', card: 'Y4' }]);
      const p = await red7(['enrol', '--photos', dir, '--labels', photos, '--data', data]);
      expect(p.code).toBe(1);
      expect(p.stderr).toMatch(/notes\.txt is not a readable JPEG or PNG photo/);
      expect(p.stderr).toMatch(/empty\.jpg shows no card/);
      expect(existsSync(join(data, 'decks'))).toBe(false);

      expect((await red7(['enrol', '--photos', dir, '--labels', join(dir, 'nope.jsonl'), '--data', data])).stderr).toMatch(/cannot read the labels file/);
      expect((await red7(['enrol', '--photos', dir])).code).toBe(2);
    });
  }, 600_000);
});
