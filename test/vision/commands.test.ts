import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { main } from '../../device/cli.ts';
import { buildFacePool, photoOfCard } from '../../vision/dataset.ts';
import { makeRng, mixSeed } from '../../vision/random.ts';
import { formatCard } from '../../device/rules/cards.ts';
import { readMetadata } from '../../vision/model-io.ts';
import { DEFAULT_MODEL_DIR } from '../../vision/classifier.ts';
import { HELD_OUT_FAMILIES } from '../../vision/render/fonts.ts';

function io(): { stdin: PassThrough; stdout: PassThrough; stderr: PassThrough; out: () => string; err: () => string } {
  const stdout = new PassThrough(), stderr = new PassThrough();
  let o = '', e = '';
  stdout.on('data', (c) => (o += String(c)));
  stderr.on('data', (c) => (e += String(c)));
  return { stdin: new PassThrough(), stdout, stderr, out: () => o, err: () => e };
}

let dir: string;
let truth: string;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'red7-classify-'));
  const pool = await buildFacePool(mixSeed(8080, 1), 1, 300);
  // Pick a photo the model reads, so the line's card can be checked exactly.
  const photo = await photoOfCard(pool, 12, makeRng(mixSeed(8080, 2)), 1280, 960);
  truth = formatCard(photo.card!);
  writeFileSync(join(dir, 'card.jpg'), photo.jpeg);
  writeFileSync(join(dir, 'notes.txt'), 'hello, I am not a photo');
}, 60_000);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('red7 classify', () => {
  it('prints one JSON line per file, an error line for a non-image, and exits 1', async () => {
    const s = io();
    const code = await main(['classify', join(dir, 'card.jpg'), join(dir, 'notes.txt'), join(dir, 'missing.jpg'), join(dir, 'card.jpg')], s);
    const lines = s.out().trim().split('\n').map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(lines).toHaveLength(4);
    expect(lines[0]).toMatchObject({ file: join(dir, 'card.jpg') });
    expect(lines[0]!.card === truth || lines[0]!.reason === 'low-confidence').toBe(true);
    expect(typeof lines[0]!.confidence).toBe('number');
    expect(Array.isArray(lines[0]!.alternatives)).toBe(true);
    expect(typeof lines[0]!.ms).toBe('number');
    expect(lines[1]).toMatchObject({ file: join(dir, 'notes.txt'), card: null, reason: 'not-an-image' });
    expect(String(lines[1]!.error)).toMatch(/not an image/);
    expect(lines[2]).toMatchObject({ file: join(dir, 'missing.jpg'), card: null, error: expect.stringMatching(/ENOENT/) });
    expect(lines[3]).toMatchObject({ card: lines[0]!.card });
    expect(code).toBe(1);
  }, 60_000);

  it('exits 0 when every file is read', async () => {
    const s = io();
    expect(await main(['classify', join(dir, 'card.jpg')], s)).toBe(0);
  }, 60_000);

  it('rules out --exclude cards and refuses a bad one', async () => {
    const s = io();
    await main(['classify', '--exclude', truth, join(dir, 'card.jpg')], s);
    const line = JSON.parse(s.out().trim()) as { card: string | null };
    expect(line.card).not.toBe(truth);
    const bad = io();
    expect(await main(['classify', '--exclude', 'Q9', join(dir, 'card.jpg')], bad)).toBe(2);
    expect(bad.err()).toMatch(/--exclude: "Q9" is not a card/);
  }, 60_000);

  it('prints usage and exits 2 without files', async () => {
    const s = io();
    expect(await main(['classify'], s)).toBe(2);
    expect(s.err()).toMatch(/usage: red7 classify/);
  });
});

describe('red7 vision-eval', () => {
  it('reports accuracy, confident errors, rejections, timing and writes the confusion PNG', async () => {
    const s = io();
    const png = join(dir, 'confusion.png');
    const code = await main(['vision-eval', '--count', '12', '--seed', '99', '--png', png], s);
    expect(code).toBe(0);
    const out = s.out();
    for (const label of ['held-out photos: 12', 'read correctly:', 'confident errors:', 'rejected for rescan:', 'worst pairs', 'read correctly with a glare spot:', 'read correctly by layout: ', 'time per frame: median']) expect(out).toContain(label);
    // Every photo is counted under the layout its card was drawn in, and only the three layouts appear.
    const layouts = [...out.matchAll(/(\w+) (\d+)\/(\d+) \(glare \d+\/\d+\)/g)];
    expect(layouts.map((m) => m[1]).every((name) => ['asmadi', 'hobby', 'plain'].includes(name!))).toBe(true);
    expect(out).toContain('(seed 99, training styles');
    expect(layouts.reduce((n, m) => n + Number(m[3]), 0)).toBe(12);
    expect(existsSync(png)).toBe(true);
  }, 120_000);

  it('reports each table condition on its own line with digests of the photos and the answers', async () => {
    const s = io();
    const code = await main(['vision-eval', '--conditions', '--count', '2', '--seed', '99', '--only', 'thumb,overlap,empty'], s);
    expect(code).toBe(0);
    const out = s.out();
    expect(out).toContain('held-out photos per condition: 2 (seed 99');
    for (const line of ['thumb', 'overlap', 'empty']) expect(out).toMatch(new RegExp(`^${line} +2 photos: right \\d+ \\([\\d.]+ %\\), confidently wrong \\d+`, 'm'));
    expect(out).not.toMatch(/^tilt /m);
    // Overlapping cards are never given as a card.
    expect(out).toMatch(/^overlap +2 photos: right \d+ \([\d.]+ %\), confidently wrong 0 /m);
    expect(out).toMatch(/^confidently wrong, photo by photo: (none|.*#\d+: .* read as [ROYGBIV][1-7] at [\d.]+)$/m);
    expect(out).toMatch(/^photos digest: [0-9a-f]{16} {2}answers digest: [0-9a-f]{16}$/m);
    expect(out).toMatch(/^with the second look: the corner-index reader at 0\.9{3,}\d*$/m);
  }, 180_000);

  it('reads with the model alone when told --no-second-look, and says so', async () => {
    const s = io();
    expect(await main(['vision-eval', '--conditions', '--no-second-look', '--count', '1', '--seed', '99', '--only', 'plain'], s)).toBe(0);
    expect(s.out()).toMatch(/^the model alone, without the second look$/m);
    expect(s.out()).not.toContain('with the second look');
  }, 120_000);

  it('draws only the held-out families with --styles held-out, names each font read, and prints the set\'s digests', async () => {
    const s = io();
    expect(await main(['vision-eval', '--count', '6', '--seed', '99', '--styles', 'held-out', '--png', join(dir, 'held.png')], s)).toBe(0);
    const out = s.out();
    expect(out).toContain('held-out photos: 6 (seed 99, held-out styles');
    const fonts = out.match(/^read correctly by font, worst first: (.*)$/m)![1]!.split(', ').map((f) => f.split(' ')[0]!);
    for (const f of fonts) expect(HELD_OUT_FAMILIES as readonly string[]).toContain(f);
    expect(out).toMatch(/^photos digest: [0-9a-f]{16} {2}answers digest: [0-9a-f]{16}$/m);
  }, 120_000);

  it('gives the same digests for the same set twice', async () => {
    const digests = [];
    for (let k = 0; k < 2; k++) {
      const s = io();
      expect(await main(['vision-eval', '--count', '3', '--seed', '5', '--styles', 'held-out', '--png', join(dir, 'd.png')], s)).toBe(0);
      digests.push(s.out().match(/^photos digest: .*$/m)![0]);
    }
    expect(digests[0]).toBe(digests[1]);
  }, 120_000);

  it('refuses an unknown --styles', async () => {
    const s = io();
    expect(await main(['vision-eval', '--count', '1', '--styles', 'comic-sans'], s)).toBe(2);
    expect(s.err()).toMatch(/--styles must be one of training, calibration, held-out/);
  }, 60_000);

  it('refuses a value for --conditions and an unknown or misplaced --only', async () => {
    for (const args of [['--conditions=yes'], ['--conditions', '--only', 'fog'], ['--only', 'thumb'], ['--conditions', '--only', '']]) {
      const s = io();
      expect(await main(['vision-eval', ...args, '--count', '1'], s), args.join(' ')).toBe(2);
      expect(s.err()).toMatch(/--conditions|--only/);
    }
  }, 60_000);

  it('refuses the training seed and a bad count', async () => {
    const s = io();
    expect(await main(['vision-eval', '--count', '0'], s)).toBe(2);
    const t = io();
    const trainingSeed = readMetadata(DEFAULT_MODEL_DIR).training.seed;
    expect(await main(['vision-eval', '--count', '3', '--seed', String(trainingSeed)], t)).toBe(2);
    expect(t.err()).toMatch(/training seed/);
  }, 60_000);
});
