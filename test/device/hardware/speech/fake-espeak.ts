// A stand-in espeak-ng: an executable in a temp dir that appends what it was given (arguments,
// stdin, start and end times) to a JSON-lines log, takes its time, and fails when asked to.
import { chmodSync, existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface FakeCall {
  args: string[];
  text: string;
  start: number;
  end: number;
}

export interface FakeEspeak {
  /** The directory to put on the search path. */
  dir: string;
  program: string;
  /** Calls that have finished, in order. */
  calls(): FakeCall[];
  /** Texts whose utterance has started. */
  started(): string[];
}

/** Writes the fake; it sleeps `delayMs` per text and exits 1 with ALSA-like stderr for a text containing FAIL. */
export function makeFakeEspeak(delayMs = 0): FakeEspeak {
  const dir = mkdtempSync(join(tmpdir(), 'red7-espeak-'));
  const log = join(dir, 'calls.jsonl');
  const startLog = join(dir, 'started.txt');
  const program = join(dir, 'espeak-ng');
  writeFileSync(
    program,
    `#!${process.execPath}
const fs = require('node:fs');
const start = Date.now();
const text = fs.readFileSync(0, 'utf8').trim();
fs.appendFileSync(${JSON.stringify(startLog)}, text + '\\n');
setTimeout(() => {
  fs.appendFileSync(${JSON.stringify(log)}, JSON.stringify({ args: process.argv.slice(2), text, start, end: Date.now() }) + '\\n');
  if (text.includes('FAIL')) {
    process.stderr.write('ALSA lib pcm.c:2666:(snd_pcm_open_noupdate) Unknown PCM default\\nerror: No such file or directory\\n');
    process.exit(1);
  }
}, ${delayMs});
`,
  );
  chmodSync(program, 0o755);
  const lines = (path: string) => (existsSync(path) ? readFileSync(path, 'utf8').split('\n').filter((l) => l !== '') : []);
  return {
    dir,
    program,
    calls: () => lines(log).map((l) => JSON.parse(l) as FakeCall),
    started: () => lines(startLog),
  };
}
