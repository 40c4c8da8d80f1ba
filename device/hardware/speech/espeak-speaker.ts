// Speech on the Pi through espeak-ng, which is optional: without it the Pi says so once and
// stays silent (the dashboard still speaks through the browser). Texts go to espeak-ng on stdin,
// never as arguments, so a text that starts with "-" cannot be read as an option.
import { spawn, type ChildProcess } from 'node:child_process';
import { findExecutable } from '../executables.ts';
import { SILENT_LOG, type HardwareLog } from '../log.ts';
import type { SpeakResult, Speaker } from './speaker.ts';
import { checkUtterance, ESPEAK_VOICES, type Utterance } from './utterance.ts';

export interface EspeakOptions {
  /** Program name or path; looked up on `path` when it has no slash. */
  binary?: string;
  /** The search path (PATH by default). */
  path?: string;
  /** Words per minute; espeak-ng's default 175 is fast for a noisy table. */
  wordsPerMinute?: number;
  /** Utterances kept waiting at most; when full, the oldest waiting one is dropped. */
  maxQueue?: number;
  /** An utterance taking longer than this is killed. */
  timeoutMs?: number;
  log?: HardwareLog;
}

/** The real speaker: a queue of utterances played one at a time by espeak-ng. */
export class EspeakSpeaker implements Speaker {
  private program: string | null = null;
  private started = false;
  private readonly queue: Utterance[] = [];
  private current: ChildProcess | null = null;
  private idleWaiters: (() => void)[] = [];
  private kicking = false;

  constructor(private readonly options: EspeakOptions = {}) {}

  get available(): boolean {
    return this.started && this.program !== null;
  }

  async start(): Promise<boolean> {
    if (this.started) return this.available;
    this.started = true;
    const binary = this.options.binary ?? 'espeak-ng';
    this.program = findExecutable(binary, this.options.path ?? process.env.PATH ?? '');
    if (this.program === null) {
      this.log.warn(
        `speech: ${binary} not found, so the Pi stays silent (install it with: sudo apt-get install espeak-ng); ` +
          'the dashboard still speaks through the browser',
      );
    } else {
      this.log.info(`speech: speaking through ${this.program}`);
    }
    return this.available;
  }

  async stop(): Promise<void> {
    this.started = false;
    this.queue.length = 0;
    const running = this.current;
    if (running !== null && running.exitCode === null && running.signalCode === null) {
      const exited = new Promise<void>((resolve) => running.once('close', () => resolve()));
      running.kill('SIGTERM');
      await exited;
    }
    this.settleIdle();
  }

  speak(text: string, language: string): SpeakResult {
    const checked = checkUtterance(text, language);
    if (!checked.ok) return { ok: false, code: checked.code, message: checked.message };
    if (!this.started) return { ok: false, code: 'speech/stopped', message: 'the speaker is not started' };
    if (this.program === null) return { ok: false, code: 'speech/unavailable', message: 'espeak-ng is not installed' };
    // When announcements come faster than they can be said, the oldest waiting one is the least current.
    if (this.queue.length >= (this.options.maxQueue ?? 16)) this.queue.shift();
    this.queue.push(checked.utterance);
    const queued = this.queue.length;
    this.kick();
    return { ok: true, queued };
  }

  idle(): Promise<void> {
    if (this.current === null && this.queue.length === 0) return Promise.resolve();
    return new Promise((resolve) => this.idleWaiters.push(resolve));
  }

  /** Renders a text to WAV bytes with `espeak-ng --stdout` instead of playing it. */
  async renderWav(text: string, language: string): Promise<Buffer> {
    const checked = checkUtterance(text, language);
    if (!checked.ok) throw new Error(checked.message);
    const program = this.program ?? findExecutable(this.options.binary ?? 'espeak-ng', this.options.path ?? process.env.PATH ?? '');
    if (program === null) throw new Error('espeak-ng is not installed (sudo apt-get install espeak-ng)');
    const child = spawn(program, [...this.voiceArgs(checked.utterance), '--stdout'], { stdio: ['pipe', 'pipe', 'pipe'] });
    const chunks: Buffer[] = [];
    child.stdout.on('data', (c: Buffer) => chunks.push(c));
    const failure = await this.finish(child, checked.utterance);
    if (failure !== null) throw new Error(failure.message);
    return Buffer.concat(chunks);
  }

  private get log(): HardwareLog {
    return this.options.log ?? SILENT_LOG;
  }

  private voiceArgs(u: Utterance): string[] {
    return ['-v', ESPEAK_VOICES[u.language], '-s', String(this.options.wordsPerMinute ?? 150), '-b', '1', '--stdin'];
  }

  /** Starts the queue on the next turn of the event loop: spawning takes milliseconds the caller should not wait. */
  private kick(): void {
    if (this.current !== null || this.kicking) return;
    this.kicking = true;
    setImmediate(() => {
      this.kicking = false;
      if (this.current === null) this.next();
    });
  }

  private next(): void {
    const utterance = this.queue.shift();
    if (utterance === undefined || this.program === null || !this.started) {
      this.current = null;
      this.settleIdle();
      return;
    }
    const child = spawn(this.program, this.voiceArgs(utterance), { stdio: ['pipe', 'ignore', 'pipe'] });
    this.current = child;
    void this.finish(child, utterance).then((failure) => {
      if (failure?.missing) {
        // The binary went away (uninstalled while running): say so once, as at start, and go quiet.
        this.log.warn(`speech: ${failure.message}; the Pi stays silent from now on`);
        this.program = null;
        this.queue.length = 0;
      } else if (failure !== null && this.started) {
        this.log.warn(`speech: ${failure.message}`);
      }
      if (this.current === child) this.current = null;
      this.next();
    });
  }

  /** Feeds the text, waits for the exit; resolves to the failure, or null. */
  private finish(child: ChildProcess, u: Utterance): Promise<{ message: string; missing: boolean } | null> {
    return new Promise((resolve) => {
      let stderr = '';
      child.stderr?.on('data', (c: Buffer) => {
        if (stderr.length < 2000) stderr += c.toString('utf8');
      });
      // A child that dies before reading its stdin makes the write fail with EPIPE; its exit says why.
      child.stdin?.on('error', () => {});
      child.stdin?.end(`${u.text}\n`);
      const timer = setTimeout(() => child.kill('SIGKILL'), this.options.timeoutMs ?? 30_000);
      child.once('error', (err: NodeJS.ErrnoException) => {
        clearTimeout(timer);
        resolve({ message: `cannot run espeak-ng: ${err.message}`, missing: err.code === 'ENOENT' || err.code === 'EACCES' });
      });
      child.once('close', (code, signal) => {
        clearTimeout(timer);
        if (code === 0) resolve(null);
        else if (signal !== null && !this.started) resolve(null); // stopped on purpose
        else {
          const how = signal ?? `exit ${String(code)}`;
          resolve({ message: `espeak-ng failed (${how}) saying "${u.text.slice(0, 60)}": ${lastLine(stderr)}`, missing: false });
        }
      });
    });
  }

  private settleIdle(): void {
    if (this.current !== null && this.started) return;
    const waiters = this.idleWaiters;
    this.idleWaiters = [];
    for (const w of waiters) w();
  }
}

/** The last line of stderr: ALSA prints pages of context before espeak-ng's own one-line reason. */
function lastLine(text: string): string {
  return text.trim().split('\n').at(-1)?.trim() || 'no message';
}
