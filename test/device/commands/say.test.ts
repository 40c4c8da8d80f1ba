import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { red7 as runRed7 } from '../../helpers/cli.ts';
import { makeFakeEspeak } from '../hardware/speech/fake-espeak.ts';

const dir = mkdtempSync(join(tmpdir(), 'red7-say-'));
const fake = makeFakeEspeak();
const realPath = process.env.PATH;
afterEach(() => {
  process.env.PATH = realPath;
});
afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
  rmSync(fake.dir, { recursive: true, force: true });
});

describe('red7 say', () => {
  it('writes a WAV file with the real espeak-ng', async () => {
    const wav = join(dir, 'ko.wav');
    const r = await runRed7(['say', '--lang', 'ko', '--wav', wav, '안녕하세요']);
    expect(r.code).toBe(0);
    expect(readFileSync(wav).subarray(0, 4).toString('latin1')).toBe('RIFF');
  });

  it('speaks the words through espeak-ng in the chosen voice and waits until it is done', async () => {
    process.env.PATH = `${fake.dir}:${realPath ?? ''}`;
    const r = await runRed7(['say', '--lang', 'pt', 'Ana', 'lidera']);
    expect(r.code).toBe(0);
    expect(fake.calls().map((c) => [c.args[1], c.text])).toEqual([['pt', 'Ana lidera']]);
  });

  it('exits 1 saying espeak-ng is missing when it is not on the path', async () => {
    process.env.PATH = dir;
    const r = await runRed7(['say', 'hello']);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('espeak-ng not found');
  });

  it.each([
    [['--lang', 'fr', 'bonjour'], '--lang must be one of en, de, pt, ru, ko'],
    [['--wav'], '--wav needs a file name'],
    [[], 'nothing to say'],
    [['--volume', '3', 'hi'], 'unknown option --volume'],
  ])('answers %j with usage and exit code 2', async (args, problem) => {
    const r = await runRed7(['say', ...args]);
    expect(r.code).toBe(2);
    expect(r.stderr.split('\n')[0]).toBe(`red7 say: ${problem}`);
  });
});
