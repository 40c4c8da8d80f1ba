import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { PassThrough, Readable } from 'node:stream';
import { afterEach, describe, expect, it } from 'vitest';
import { main } from '../../../device/cli.ts';
import { cleanupDirs, OPENING, tempDir } from './helpers.ts';

afterEach(cleanupDirs);

/** Runs `red7 <args>` in-process with the given stdin lines. */
async function red7(args: string[], stdin: string[] = []): Promise<{ code: number; out: string; err: string }> {
  const stdout = new PassThrough();
  const stderr = new PassThrough();
  let out = '';
  let err = '';
  stdout.on('data', (d: Buffer) => (out += d.toString()));
  stderr.on('data', (d: Buffer) => (err += d.toString()));
  const code = await main(args, { stdin: Readable.from(stdin.map((l) => `${l}\n`)), stdout, stderr });
  return { code, out, err };
}

const lines = (commands: readonly unknown[]) => commands.map((c) => JSON.stringify(c));
const answers = (out: string) => out.trim().split('\n').map((l) => JSON.parse(l) as { ok: boolean; seq?: number; view?: { seq: number }; error?: { code: string } });

describe('red7 play', () => {
  it('answers one JSON line per command: the sequence number and public view, or the error', async () => {
    const data = tempDir();
    const r = await red7(['play', '--data', data], [...lines(OPENING), '{"type":"pass","seat":2}']);
    expect(r.code).toBe(0);
    const a = answers(r.out);
    expect(a.map((x) => (x.ok ? x.seq : x.error!.code))).toEqual([1, 2, 3, 4, 'turn/not-your-turn']);
    expect(a[3]!.view).toMatchObject({ seq: 4, phase: 'turn', active: 0, leader: 2 });
  });

  it('answers an error line for a line that is not JSON or not a command, and runs the others', async () => {
    const data = tempDir();
    const r = await red7(['play', '--data', data], [lines(OPENING)[0]!, '{"type":', '42', '{"type":"fly"}', lines(OPENING)[1]!]);
    expect(answers(r.out).map((x) => (x.ok ? x.seq : x.error!.code))).toEqual([1, 'command/malformed', 'command/malformed', 'command/malformed', 2]);
  });

  it('continues the same game when run again on the same directory', async () => {
    const data = tempDir();
    await red7(['play', '--data', data], lines(OPENING.slice(0, 2)));
    const r = await red7(['play', '--data', data], lines(OPENING.slice(2)));
    expect(answers(r.out).map((x) => x.seq)).toEqual([3, 4]);
  });

  it('with --lang, answers refusals in that language and keeps the rules\' English as detail', async () => {
    const data = tempDir();
    const r = await red7(['play', '--data', data, '--lang', 'de'], lines([...OPENING, { type: 'play', seat: 1, to: 'palette', card: 'O5' }, 'not json']));
    const answers = r.out.trim().split('\n').map((l) => JSON.parse(l));
    expect(answers[4].error).toMatchObject({ code: 'turn/not-your-turn', message: 'Ben hat außer der Reihe gespielt: Karte zurücknehmen.' });
    expect(answers[4].error.detail).toContain("it is Ann's turn");
    expect(answers[5].error).toMatchObject({ code: 'command/malformed', message: 'Dieser Befehl wurde abgelehnt.' });
  });

  it('refuses unknown options and languages with a usage line', async () => {
    expect((await red7(['play', '--frobnicate'])).code).toBe(2);
    const r = await red7(['play', '--lang', 'fr']);
    expect(r.code).toBe(2);
    expect(r.err).toContain('--lang must be one of en, de, pt, ru, ko');
  });

  it('says which file is wrong when the journal is corrupt, and exits 1', async () => {
    const data = tempDir();
    writeFileSync(join(data, 'red7.db'), 'not a database at all '.repeat(300));
    const r = await red7(['play', '--data', data], lines(OPENING));
    expect(r.code).toBe(1);
    expect(r.err).toContain(join(data, 'red7.db'));
    expect(r.out).toBe('');
  });
});

describe('red7 state, games, replay, export', () => {
  it('prints the current public view', async () => {
    const data = tempDir();
    await red7(['play', '--data', data], lines(OPENING));
    const r = await red7(['state', '--data', data]);
    expect(JSON.parse(r.out)).toMatchObject({ game: 1, seq: 4, phase: 'turn', leader: 2 });
  });

  it('prints an empty view without creating a journal where there is none', async () => {
    const data = join(tempDir(), 'nothing-here');
    const r = await red7(['state', '--data', data]);
    expect(JSON.parse(r.out)).toMatchObject({ game: null, seq: 0, phase: null });
    expect((await red7(['games', '--data', data])).out).toBe(`no games kept in ${data}\n`);
  });

  it('prints a seat\'s private view with --seat', async () => {
    const data = tempDir();
    await red7(['play', '--data', data], lines(OPENING));
    // People number seats from 1 or name them; the JSON keeps its 0-based index.
    expect(JSON.parse((await red7(['state', '--data', data, '--seat', '2'])).out)).toMatchObject({ seat: 1, knownHand: [] });
    expect(JSON.parse((await red7(['state', '--data', data, '--seat', 'ben'])).out)).toMatchObject({ seat: 1 });
    const missing = await red7(['state', '--data', data, '--seat', '7']);
    expect(missing.code).toBe(1);
    expect(missing.err).toContain('(seats: 1 Ann, 2 Ben, 3 Cy)');
    expect((await red7(['state', '--data', data, '--seat', '0'])).code).toBe(1);
  });

  it('lists the kept games', async () => {
    const data = tempDir();
    await red7(['play', '--data', data], [...lines(OPENING), JSON.stringify({ type: 'newGame', players: ['Dee', 'Eve'] })]);
    const table = (await red7(['games', '--data', data])).out.split('\n');
    expect(table[0]).toMatch(/^game\s+started\s+players\s+phase\s+commands$/);
    expect(table[1]).toMatch(/^1\s+\S+\s+Ann, Ben, Cy\s+turn\s+4$/);
    expect(table[2]).toMatch(/^2\s+\S+\s+Dee, Eve\s+setup\s+1$/);
    const json = (await red7(['games', '--data', data, '--json'])).out.trim().split('\n').map((l) => JSON.parse(l));
    expect(json.map((g: { id: number }) => g.id)).toEqual([1, 2]);
  });

  it('prints a transcript in the asked language', async () => {
    const data = tempDir();
    await red7(['play', '--data', data], lines(OPENING));
    const r = await red7(['replay', '1', '--data', data, '--lang', 'pt']);
    expect(r.code).toBe(0);
    expect(r.out).toContain('Cy está vencendo com a carta mais alta, Verde 6.');
    expect(r.out).toContain('carta inicial de Ann, R3 (Vermelho 3)');
    expect(r.out).not.toMatch(/\bdeal\b|→|end turn|next round/);
    expect((await red7(['replay', '9', '--data', data])).code).toBe(1);
    expect((await red7(['replay', 'one', '--data', data])).code).toBe(2);
    expect((await red7(['replay', '1', '--data', data, '--lang', 'xx'])).code).toBe(2);
  });

  it('exports a game as JSON', async () => {
    const data = tempDir();
    await red7(['play', '--data', data], lines(OPENING));
    const exported = JSON.parse((await red7(['export', '1', '--data', data])).out);
    expect(exported.game).toMatchObject({ id: 1, commands: 4 });
    expect(exported.commands.map((c: { seq: number }) => c.seq)).toEqual([1, 2, 3, 4]);
    expect((await red7(['export', '--data', data])).code).toBe(2);
  });
});

describe('the red7 command end to end', () => {
  it('plays, then reads state, games, replay and export from another process', () => {
    const data = tempDir();
    const bin = join(process.cwd(), 'bin', 'red7.js');
    const run = (args: string[], input = '') => spawnSync(process.execPath, [bin, ...args], { input, encoding: 'utf8', timeout: 60_000 });
    const play = run(['play', '--data', data], `${lines(OPENING).join('\n')}\n`);
    expect(play.status).toBe(0);
    expect(play.stdout.trim().split('\n')).toHaveLength(4);
    expect(JSON.parse(run(['state', '--data', data]).stdout)).toMatchObject({ seq: 4 });
    expect(run(['games', '--data', data]).stdout).toContain('Ann, Ben, Cy');
    expect(run(['replay', '1', '--data', data, '--lang', 'de']).stdout).toContain('Cy führt mit der höchsten Karte, Grün 6.');
    expect(JSON.parse(run(['export', '1', '--data', data]).stdout).commands).toHaveLength(4);
  });
});
