import { mkdtempSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { EspeakSpeaker } from '../../../../device/hardware/speech/espeak-speaker.ts';
import { findExecutable } from '../../../../device/hardware/executables.ts';
import { makeFakeEspeak } from './fake-espeak.ts';

const dirs: string[] = [];
const speakers: EspeakSpeaker[] = [];
afterEach(async () => {
  for (const s of speakers.splice(0)) await s.stop();
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

function setup(delayMs = 0, maxQueue?: number) {
  const fake = makeFakeEspeak(delayMs);
  dirs.push(fake.dir);
  const logs: string[] = [];
  const speaker = new EspeakSpeaker({
    path: `${fake.dir}:${process.env.PATH ?? ''}`,
    maxQueue,
    log: { info: (m) => logs.push(`info ${m}`), warn: (m) => logs.push(`warn ${m}`) },
  });
  speakers.push(speaker);
  return { fake, speaker, logs };
}

async function until(check: () => boolean, ms = 5000): Promise<void> {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error('condition not reached in time');
    await new Promise((r) => setTimeout(r, 10));
  }
}

describe('EspeakSpeaker with a fake espeak-ng on the path', () => {
  it('finds espeak-ng on the path at start, not before', async () => {
    const { fake, speaker, logs } = setup();
    expect(speaker.available).toBe(false);
    expect(await speaker.start()).toBe(true);
    expect(logs).toEqual([`info speech: speaking through ${fake.program}`]);
  });

  it('says a German text with the de voice, giving the text on stdin', async () => {
    const { fake, speaker } = setup();
    await speaker.start();
    expect(speaker.speak('Ann führt mit drei Farben', 'de')).toEqual({ ok: true, queued: 1 });
    await speaker.idle();
    expect(fake.calls().map((c) => [c.args, c.text])).toEqual([
      [['-v', 'de', '-s', '150', '-b', '1', '--stdin'], 'Ann führt mit drei Farben'],
    ]);
  });

  it('uses an espeak-ng voice for each of the five languages', async () => {
    const { fake, speaker } = setup();
    await speaker.start();
    for (const [lang, text] of [['en', 'Ann leads'], ['de', 'Ann führt'], ['pt', 'Ana lidera'], ['ru', 'Анна лидирует'], ['ko', '안나가 이기고 있습니다']]) {
      expect(speaker.speak(text!, lang!).ok).toBe(true);
    }
    await speaker.idle();
    expect(fake.calls().map((c) => c.args[1])).toEqual(['en-gb', 'de', 'pt', 'ru', 'ko']);
    expect(fake.calls()[4]!.text).toBe('안나가 이기고 있습니다');
  });

  it('returns at once and says queued texts one after another, in order', async () => {
    const { fake, speaker } = setup(150);
    await speaker.start();
    speaker.speak('one', 'en');
    speaker.speak('two', 'en');
    // espeak-ng is spawned on the next turn of the event loop, so all three are still waiting.
    expect(speaker.speak('three', 'en')).toEqual({ ok: true, queued: 3 });
    expect(fake.started()).toEqual([]); // nothing has even started: the caller did not wait
    await speaker.idle();
    const calls = fake.calls();
    expect(calls.map((c) => c.text)).toEqual(['one', 'two', 'three']);
    for (let i = 1; i < calls.length; i++) expect(calls[i]!.start).toBeGreaterThanOrEqual(calls[i - 1]!.end);
  });

  it('hands a text that starts with a dash to espeak-ng as text, not as an option', async () => {
    const { fake, speaker } = setup();
    await speaker.start();
    speaker.speak('-v ru --stdout', 'en');
    await speaker.idle();
    expect(fake.calls()[0]).toMatchObject({ args: ['-v', 'en-gb', '-s', '150', '-b', '1', '--stdin'], text: '-v ru --stdout' });
  });

  it('turns control characters and runs of whitespace into single spaces', async () => {
    const { fake, speaker } = setup();
    await speaker.start();
    speaker.speak('Ann\u0007 leads\n\n  now\u001b[0m', 'en');
    await speaker.idle();
    expect(fake.calls()[0]!.text).toBe('Ann leads now [0m');
  });

  it('answers a bad language or text with a typed reason and runs nothing', async () => {
    const { fake, speaker } = setup();
    await speaker.start();
    expect(speaker.speak('Bonjour', 'fr')).toEqual({
      ok: false, code: 'speech/bad-language', message: 'cannot speak language "fr" (known: en, de, pt, ru, ko)',
    });
    expect(speaker.speak(' \n\t', 'en')).toEqual({ ok: false, code: 'speech/bad-text', message: 'nothing to speak: the text is empty' });
    expect(speaker.speak(42 as unknown as string, 'en').ok).toBe(false);
    expect(speaker.speak('x'.repeat(1001), 'en')).toMatchObject({ ok: false, code: 'speech/bad-text' });
    await speaker.idle();
    expect(fake.started()).toEqual([]);
  });

  it('refuses to speak before start', () => {
    const { speaker } = setup();
    expect(speaker.speak('hello', 'en')).toEqual({ ok: false, code: 'speech/stopped', message: 'the speaker is not started' });
  });

  it("warns with espeak-ng's own reason when it fails, and goes on with the next text", async () => {
    const { fake, speaker, logs } = setup();
    await speaker.start();
    speaker.speak('FAIL here', 'en');
    speaker.speak('after the failure', 'en');
    await speaker.idle();
    expect(fake.calls().map((c) => c.text)).toEqual(['FAIL here', 'after the failure']);
    expect(logs.slice(1)).toEqual(['warn speech: espeak-ng failed (exit 1) saying "FAIL here": error: No such file or directory']);
  });

  it('drops the oldest waiting text when announcements come faster than they can be said', async () => {
    const { fake, speaker } = setup(100, 2);
    await speaker.start();
    speaker.speak('a', 'en');
    await until(() => fake.started().length === 1);
    for (const t of ['b', 'c', 'd']) speaker.speak(t, 'en');
    await speaker.idle();
    expect(fake.calls().map((c) => c.text)).toEqual(['a', 'c', 'd']);
  });

  it('silences the current text and forgets the waiting ones on stop', async () => {
    const { fake, speaker } = setup(10_000);
    await speaker.start();
    speaker.speak('a long one', 'en');
    speaker.speak('never said', 'en');
    await until(() => fake.started().length === 1);
    const t0 = Date.now();
    await speaker.stop();
    expect(Date.now() - t0).toBeLessThan(2000);
    await speaker.idle();
    expect(fake.started()).toEqual(['a long one']);
    expect(speaker.speak('later', 'en')).toMatchObject({ ok: false, code: 'speech/stopped' });
  });

  it('says once that espeak-ng went away while running, then stays silent', async () => {
    const { fake, speaker, logs } = setup();
    await speaker.start();
    unlinkSync(fake.program);
    speaker.speak('first', 'en');
    speaker.speak('second', 'en');
    await speaker.idle();
    const warnings = logs.filter((l) => l.startsWith('warn'));
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatch(/^warn speech: cannot run espeak-ng: .*ENOENT.*; the Pi stays silent from now on$/);
    expect(speaker.speak('third', 'en')).toMatchObject({ ok: false, code: 'speech/unavailable' });
  });
});

describe('EspeakSpeaker without espeak-ng', () => {
  it('says once that espeak-ng is missing, how to install it, and stays silent', async () => {
    const empty = mkdtempSync(join(tmpdir(), 'red7-nospeech-'));
    dirs.push(empty);
    const logs: string[] = [];
    const speaker = new EspeakSpeaker({ path: empty, log: { info: (m) => logs.push(m), warn: (m) => logs.push(`warn ${m}`) } });
    speakers.push(speaker);
    expect(await speaker.start()).toBe(false);
    expect(logs).toEqual([
      'warn speech: espeak-ng not found, so the Pi stays silent (install it with: sudo apt-get install espeak-ng); ' +
        'the dashboard still speaks through the browser',
    ]);
    expect(speaker.speak('hello', 'en')).toEqual({ ok: false, code: 'speech/unavailable', message: 'espeak-ng is not installed' });
    expect(speaker.speak('hello again', 'de').ok).toBe(false);
    await speaker.idle();
    expect(logs).toHaveLength(1);
  });
});

describe('findExecutable', () => {
  it('skips relative path entries and files that are not executable', () => {
    const fake = makeFakeEspeak();
    dirs.push(fake.dir);
    expect(findExecutable('espeak-ng', `relative/dir:${fake.dir}`)).toBe(fake.program);
    writeFileSync(join(fake.dir, 'espeak-data.txt'), 'not a program');
    expect(findExecutable('espeak-data.txt', fake.dir)).toBeNull();
    expect(findExecutable('no-such-program', fake.dir)).toBeNull();
    expect(findExecutable(fake.program, '')).toBe(fake.program);
  });
});
