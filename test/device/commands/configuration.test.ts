// Every `red7` command takes its parts from the one composition root, so each honours the
// configuration: here each runs with a temporary red7.config.json (and RED7_* variables).
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { jsonLines, red7 as runRed7, red7Process } from '../../helpers/cli.ts';
import { makeFakeSysfs, PI5_CHIPS } from '../hardware/gpio/fake-sysfs.ts';
import { makeFakeEspeak } from '../hardware/speech/fake-espeak.ts';

const made: string[] = [];
const folder = (name: string) => {
  const dir = mkdtempSync(join(tmpdir(), `red7-${name}-`));
  made.push(dir);
  return dir;
};
const sysfs = makeFakeSysfs(PI5_CHIPS);
const espeak = makeFakeEspeak();
const realPath = process.env.PATH;
afterEach(() => {
  process.env.PATH = realPath;
});
afterAll(() => {
  for (const dir of [...made, sysfs, espeak.dir]) rmSync(dir, { recursive: true, force: true });
});

/** Runs `red7 <args>` in-process in `workDir`, with only the given environment. */
async function red7(args: string[], options: { workDir: string; env?: NodeJS.ProcessEnv; stdin?: string[] }) {
  const r = await runRed7(args, (options.stdin ?? []).map((l) => `${l}\n`).join(''), { workDir: options.workDir, env: options.env ?? {} });
  return { code: r.code, out: r.stdout, err: r.stderr };
}

/** A folder holding red7.config.json with these settings. */
function configured(settings: Record<string, unknown>): string {
  const dir = folder('config');
  writeFileSync(join(dir, 'red7.config.json'), JSON.stringify(settings));
  return dir;
}

const OPENING = [
  { type: 'newGame', players: ['Ann', 'Ben', 'Cy'] },
  { type: 'deal', seat: 0, card: 'R3' }, { type: 'deal', seat: 1, card: 'B4' }, { type: 'deal', seat: 2, card: 'G6' },
].map((c) => JSON.stringify(c));

let data: string;
beforeAll(async () => {
  // A journal with one game, written by `red7 play` into the configured data folder.
  data = folder('data');
  const r = await red7(['play'], { workDir: configured({ dataDir: data, language: 'de' }), stdin: OPENING });
  expect(r.code).toBe(0);
  expect(jsonLines(r.out).at(-1)).toMatchObject({ ok: true, seq: 4, view: { language: 'de' } });
});

describe('the data folder', () => {
  it('RED7_DATA=X red7 games lists X’s games', () => {
    const r = red7Process(['games', '--json'], '', { RED7_DATA: data });
    expect(r.code).toBe(0);
    expect(jsonLines(r.stdout)).toEqual([expect.objectContaining({ id: 1, players: ['Ann', 'Ben', 'Cy'], commands: 4 })]);
  });

  it('a red7.config.json with dataDir X makes red7 games list X’s games', async () => {
    const r = await red7(['games'], { workDir: configured({ dataDir: data }) });
    expect(r.code).toBe(0);
    expect(r.out).toMatch(/^1 +\S+ +Ann, Ben, Cy +turn +4$/m);
  });

  it('state, replay and export read the configured journal; --data still wins', async () => {
    const workDir = configured({ dataDir: data });
    expect(JSON.parse((await red7(['state'], { workDir })).out)).toMatchObject({ game: 1, seq: 4 });
    expect((await red7(['replay', '1'], { workDir })).out).toContain('Ann');
    expect(JSON.parse((await red7(['export', '1'], { workDir })).out).commands).toHaveLength(4);
    const elsewhere = folder('empty');
    expect((await red7(['games', '--data', elsewhere], { workDir })).out).toBe(`no games kept in ${elsewhere}\n`);
  });

  it('a relative dataDir is read from the folder of the configuration', async () => {
    const workDir = folder('relative');
    writeFileSync(join(workDir, 'red7.config.json'), JSON.stringify({ dataDir: 'journal' }));
    expect((await red7(['games'], { workDir })).out).toBe(`no games kept in ${join(workDir, 'journal')}\n`);
  });
});

describe('the other commands', () => {
  it('red7 config shows the file’s values and where they came from', async () => {
    const workDir = configured({ dataDir: data, gpioBuzzer: 5 });
    const r = await red7(['config', '--json'], { workDir, env: { RED7_LANG: 'ko' } });
    expect(JSON.parse(r.out)).toMatchObject({ config: { dataDir: data, gpioBuzzer: 5, language: 'ko' }, sources: { dataDir: 'file', gpioBuzzer: 'file', language: 'env' } });
  });

  it('red7 gpio maps the configured pins, and an option still moves one', async () => {
    const workDir = configured({ gpioGreenLed: 5, gpioScanButton: 6 });
    const r = await red7(['gpio', '--sysfs', sysfs], { workDir });
    expect(r.out).toContain('  green LED    BCM  5 -> sysfs 576\n');
    expect(r.out).toContain('  scan button  BCM  6 -> sysfs 577\n');
    const moved = await red7(['gpio', '--sysfs', sysfs, '--green', '17'], { workDir });
    expect(moved.out).toContain('  green LED    BCM 17 -> sysfs 588\n');
  });

  it('red7 panel opens the configured serial port', async () => {
    const port = join(folder('panel'), 'not-plugged-in');
    const r = await red7(['panel'], { workDir: configured({ panel: port }), stdin: ['quit'] });
    expect(r.code).toBe(0);
    expect(jsonLines(r.out)[0]).toEqual({ event: 'started', port });
  });

  it('red7 say speaks in the configured language', async () => {
    process.env.PATH = `${espeak.dir}:${realPath ?? ''}`;
    const r = await red7(['say', 'Ana', 'lidera'], { workDir: configured({ language: 'pt' }) });
    expect(r.code).toBe(0);
    expect(espeak.calls().map((c) => c.args[1])).toEqual(['pt']);
  });

  it('logs at the configured level (RED7_LOG_LEVEL) on stderr, and only warnings when none is configured', async () => {
    const workDir = configured({ dataDir: data });
    expect((await red7(['games'], { workDir })).err).toBe('');
    const chatty = await red7(['games'], { workDir, env: { RED7_LOG_LEVEL: 'info' } });
    expect(chatty.err).toContain('referee started');
  });

  it.each([
    ['start', []], ['play', []], ['state', []], ['games', []], ['replay', ['1']], ['export', ['1']], ['config', []],
    ['gpio', ['--sysfs', sysfs]], ['panel', ['--list']], ['say', ['hi']], ['classify', ['photo.jpg']], ['vision-eval', ['--count', '1']],
  ])('red7 %s refuses a configuration that cannot be used, naming the bad value, before building any part', async (command, args) => {
    const r = await red7([command, ...args], { workDir: configured({ dataDir: data }), env: { RED7_PORT: 'eighty' } });
    expect(r.code).toBe(1);
    expect(r.err).toContain('RED7_PORT = "eighty"');
    expect(r.out).toBe('');
  });

  it.each([['judge', []], ['simulate', ['--games', '1']]])('red7 %s builds no part, so it runs whatever the configuration', async (command, args) => {
    const r = await red7([command, ...args], { workDir: folder('pure'), env: { RED7_PORT: 'eighty' } });
    expect(r.code).toBe(0);
  });
});
