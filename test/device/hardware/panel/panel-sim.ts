// Drives firmware/sim/build/panel-sim — the real panel.elf in simavr, its UART on a pty — for
// the end-to-end test and the latency bench: builds it, starts it, presses keys on its stdin
// and reads its answers and LED pin changes from its stdout.
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { mkdir, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { createInterface } from 'node:readline';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

/** The firmware folder (owned by the firmware engineer; only built and run here). */
export const FIRMWARE_DIR = fileURLToPath(new URL('../../../../firmware/', import.meta.url));
/** The simulator binary `make -C firmware sim` builds. */
export const SIM_PATH = join(FIRMWARE_DIR, 'sim/build/panel-sim');

const run = promisify(execFile);

/** True when `make -q` says the target is up to date (nothing to build, nothing to race). */
async function upToDate(target: readonly string[]): Promise<boolean> {
  return run('make', ['-q', '-C', FIRMWARE_DIR, ...target]).then(() => true, () => false);
}

// Test files run in parallel: one build at a time across them, by a lock directory.
async function withBuildLock<T>(fn: () => Promise<T>): Promise<T> {
  const lock = join(tmpdir(), 'red7-panel-firmware-build.lock');
  const deadline = Date.now() + 300_000;
  for (;;) {
    try {
      await mkdir(lock);
      break;
    } catch {
      const age = await stat(lock).then((s) => Date.now() - s.mtimeMs, () => 0);
      if (age > 300_000) await rm(lock, { recursive: true, force: true }); // left by a killed run
      if (Date.now() > deadline) throw new Error(`waited 5 minutes for ${lock}`);
      await new Promise((r) => setTimeout(r, 200));
    }
  }
  try {
    return await fn();
  } finally {
    await rm(lock, { recursive: true, force: true });
  }
}

/** Builds the firmware and the simulator (when not up to date); throws with make's output on failure. */
export async function buildFirmwareAndSim(): Promise<void> {
  await withBuildLock(async () => {
    // `make -C firmware` and `make -C firmware sim`, each skipped when its output is up to date
    // (the default target always reruns its size report, so the ELF is what is asked about).
    for (const [target, output] of [[[], 'build/panel.elf'], [['sim'], 'sim/build/panel-sim']] as const) {
      if (await upToDate([output])) continue;
      // One retry: the firmware's own tests may be building the same files at this moment.
      for (let attempt = 1; ; attempt++) {
        try {
          await run('make', ['-C', FIRMWARE_DIR, ...target], { timeout: 300_000 });
          break;
        } catch (err) {
          if (attempt < 2) {
            await new Promise((r) => setTimeout(r, 2000));
            continue;
          }
          const e = err as { stdout?: string; stderr?: string; message: string };
          throw new Error(`make -C firmware ${target.join(' ')} failed: ${e.message}\n${e.stdout ?? ''}\n${e.stderr ?? ''}`);
        }
      }
    }
  });
}

/** A pin change the simulator printed. */
export interface LedChange { name: string; on: boolean; at: number }

/** A running panel-sim process. */
export class PanelSim {
  readonly ledChanges: LedChange[] = [];
  private readonly waiting: Array<{ resolve: (line: string) => void; reject: (err: Error) => void }> = [];
  private stderr = '';
  private exited: Promise<number | null>;
  private listeners: Array<(c: LedChange) => void> = [];

  private constructor(private readonly child: ChildProcess, readonly pty: string, lines: AsyncIterator<string>) {
    this.exited = new Promise((resolve) => child.once('exit', (code) => resolve(code)));
    child.once('exit', () => {
      for (const w of this.waiting.splice(0)) w.reject(new Error(`panel-sim exited: ${this.stderr.trim()}`));
    });
    void (async () => {
      for (;;) {
        const { value, done } = await lines.next();
        if (done) return;
        this.onLine(value);
      }
    })();
  }

  /** Starts panel-sim (with `--link PATH` when given) and waits for its `PTY` line. */
  static async start(options: { link?: string; elf?: string } = {}): Promise<PanelSim> {
    const args = [...(options.elf ? ['--elf', options.elf] : []), ...(options.link ? ['--link', options.link] : [])];
    const child = spawn(SIM_PATH, args, { stdio: ['pipe', 'pipe', 'pipe'] });
    let stderr = '';
    child.stderr!.on('data', (d: Buffer) => { stderr += d.toString(); });
    const lines = createInterface({ input: child.stdout! })[Symbol.asyncIterator]();
    const first = await Promise.race([
      lines.next(),
      new Promise<never>((_, reject) => child.once('exit', (code) => reject(new Error(`panel-sim exited (${code}) before its PTY line: ${stderr}`)))),
      new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`panel-sim printed no PTY line in 10 s: ${stderr}`)), 10_000).unref()),
    ]);
    const match = /^PTY (\/\S+)$/.exec(first.done ? '' : first.value);
    if (!match) {
      child.kill('SIGKILL');
      throw new Error(`panel-sim's first line is not "PTY /dev/pts/N": ${JSON.stringify(first.value)} ${stderr}`);
    }
    const sim = new PanelSim(child, match[1]!, lines);
    child.stderr!.on('data', (d: Buffer) => { sim.stderr += d.toString(); });
    return sim;
  }

  private onLine(line: string): void {
    const led = /^LED (\S+) ([01])$/.exec(line);
    if (led) {
      const change = { name: led[1]!, on: led[2] === '1', at: performance.now() };
      this.ledChanges.push(change);
      for (const l of this.listeners) l(change);
      return;
    }
    this.waiting.shift()?.resolve(line);
  }

  /** Sends one command line and resolves with its answer line. */
  command(line: string): Promise<string> {
    return new Promise((resolve, reject) => {
      this.waiting.push({ resolve, reject });
      this.child.stdin!.write(`${line}\n`);
    });
  }

  /** `press SEAT KEY` (or `press U`); throws unless the simulator answers OK. */
  async press(seat: number | null, key: string): Promise<void> {
    await this.expectOk(seat === null ? `press ${key}` : `press ${seat} ${key}`);
  }

  /** `release SEAT KEY` (or `release U`); throws unless the simulator answers OK. */
  async release(seat: number | null, key: string): Promise<void> {
    await this.expectOk(seat === null ? `release ${key}` : `release ${seat} ${key}`);
  }

  private async expectOk(line: string): Promise<void> {
    const answer = await this.command(line);
    if (answer !== 'OK') throw new Error(`panel-sim answered "${answer}" to "${line}"`);
  }

  /** The LED pin levels, from `leds`. */
  async leds(): Promise<Record<string, 0 | 1>> {
    const answer = await this.command('leds');
    if (!answer.startsWith('LEDS ')) throw new Error(`panel-sim answered "${answer}" to "leds"`);
    return Object.fromEntries(answer.slice(5).split(' ').map((kv) => {
      const [k, v] = kv.split('=');
      return [k!, v === '1' ? 1 : 0] as const;
    }));
  }

  /** Resolves with the next change of an LED pin that matches, within `timeoutMs`. */
  nextLedChange(match: (c: LedChange) => boolean, timeoutMs: number): Promise<LedChange> {
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.listeners = this.listeners.filter((l) => l !== listener);
        reject(new Error(`no matching LED change within ${timeoutMs} ms`));
      }, timeoutMs);
      const listener = (c: LedChange): void => {
        if (!match(c)) return;
        clearTimeout(timer);
        this.listeners = this.listeners.filter((l) => l !== listener);
        resolve(c);
      };
      this.listeners.push(listener);
    });
  }

  /** Freezes the simulator (SIGSTOP): the pty stays open but the board says nothing. */
  pause(): void {
    this.child.kill('SIGSTOP');
  }

  /** Lets a paused simulator run on (SIGCONT). */
  resume(): void {
    this.child.kill('SIGCONT');
  }

  /** Ends the simulator with a signal (SIGKILL: the cable is pulled) and waits for it to exit. */
  async kill(signal: NodeJS.Signals = 'SIGKILL'): Promise<void> {
    if (this.child.exitCode === null && this.child.signalCode === null) this.child.kill(signal);
    await this.exited;
  }
}
