// Drives firmware/sim/build/panel-sim — the real panel.elf in simavr, its UART on a pty — for
// the simulator's own tests, the panel driver's end-to-end tests, the drills and the benches:
// builds it, starts it, presses keys on its stdin and reads its answers and LED pin changes.
import { execFile, spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { mkdir, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { createInterface } from 'node:readline';
import { join } from 'node:path';
import { FIRMWARE_DIR } from '../firmware/firmware-make.ts';
import { promisify } from 'node:util';
import { PATIENCE_MS } from './patience.ts';

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

/** A pin change the simulator printed, with the time it was read. */
/** An LED line: `at` when the host read it, `avrMs` the simulated AVR's clock when the pin changed. */
export interface LedChange { name: string; on: boolean; at: number; avrMs: number }

/** A running panel-sim. */
export class PanelSim {
  readonly ledChanges: LedChange[] = [];
  stderr = '';
  private readonly waiting: Array<{ resolve: (line: string) => void; reject: (err: Error) => void }> = [];
  private readonly exited: Promise<number | null>;
  private listeners: Array<() => void> = [];

  private constructor(private readonly child: ChildProcessWithoutNullStreams, readonly pty: string, lines: AsyncIterator<string>) {
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

  /** Starts panel-sim (`--link`, `--elf` and any other arguments given) and waits for its `PTY` line. */
  static async start(options: { link?: string; elf?: string; args?: string[] } = {}): Promise<PanelSim> {
    const args = [...(options.elf ? ['--elf', options.elf] : []), ...(options.link ? ['--link', options.link] : []), ...(options.args ?? [])];
    const child = spawn(SIM_PATH, args, { stdio: ['pipe', 'pipe', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (d: Buffer) => { stderr += d.toString(); });
    const lines = createInterface({ input: child.stdout })[Symbol.asyncIterator]();
    // stdout closing without a line means the process is ending: its stderr says why.
    const closed = new Promise<number | null>((resolve) => child.once('close', (code) => resolve(code)));
    const first = await Promise.race([
      lines.next(),
      new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`panel-sim printed no PTY line in 10 s: ${stderr}`)), 10_000).unref()),
    ]);
    if (first.done) throw new Error(`panel-sim exited (${await closed}) before its PTY line: ${stderr}`);
    const match = /^PTY (\/\S+)$/.exec(first.value);
    if (!match) {
      child.kill('SIGKILL');
      throw new Error(`panel-sim's first line is not "PTY /dev/pts/N": ${JSON.stringify(first.value)} ${stderr}`);
    }
    const sim = new PanelSim(child, match[1]!, lines);
    sim.stderr = stderr;
    child.stderr.on('data', (d: Buffer) => { sim.stderr += d.toString(); });
    return sim;
  }

  private onLine(line: string): void {
    const led = /^LED (\S+) ([01]) (\d+(?:\.\d+)?)$/.exec(line);
    if (led) {
      this.ledChanges.push({ name: led[1]!, on: led[2] === '1', at: performance.now(), avrMs: Number(led[3]) });
      for (const l of this.listeners) l();
      return;
    }
    this.waiting.shift()?.resolve(line);
  }

  /** Sends one command line and resolves with its answer line (rejects after PATIENCE_MS or when the sim exits). */
  command(line: string): Promise<string> {
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no answer to "${line}" in ${PATIENCE_MS} ms: ${this.stderr}`)), PATIENCE_MS);
      this.waiting.push({
        resolve: (answer) => { clearTimeout(timer); resolve(answer); },
        reject: (err) => { clearTimeout(timer); reject(err); },
      });
      this.child.stdin.write(`${line}\n`);
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

  /** The LED pin levels, from `leds` (1 = lit). */
  async leds(): Promise<Record<string, 0 | 1>> {
    const answer = await this.command('leds');
    const m = /^LEDS 0=([01]) 1=([01]) 2=([01]) 3=([01]) G=([01]) R=([01])$/.exec(answer);
    if (!m) throw new Error(`panel-sim answered "${answer}" to "leds"`);
    const [, l0, l1, l2, l3, g, r] = m.map(Number) as number[];
    return { 0: l0, 1: l1, 2: l2, 3: l3, G: g, R: r } as Record<string, 0 | 1>;
  }

  /** The first LED change that matches, from index `from` of ledChanges on (by default: the next one), within `timeoutMs`. */
  waitForLed(match: (c: LedChange) => boolean, timeoutMs: number, from = this.ledChanges.length): Promise<LedChange> {
    return new Promise((resolve, reject) => {
      const check = (): void => {
        const hit = this.ledChanges.slice(from).find(match);
        if (hit === undefined) return;
        this.listeners = this.listeners.filter((l) => l !== check);
        clearTimeout(timer);
        resolve(hit);
      };
      const timer = setTimeout(() => {
        this.listeners = this.listeners.filter((l) => l !== check);
        reject(new Error(`no matching LED change in ${timeoutMs} ms: ${JSON.stringify(this.ledChanges.slice(from))}`));
      }, timeoutMs);
      this.listeners.push(check);
      check();
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

  /** Resolves with the exit code once the process has ended. */
  exit(): Promise<number | null> {
    return this.exited;
  }

  /** Sends a signal (SIGTERM by default; SIGKILL pulls the cable) and resolves with the exit code. */
  async stop(signal: NodeJS.Signals = 'SIGTERM'): Promise<number | null> {
    if (this.child.exitCode === null && this.child.signalCode === null) this.child.kill(signal);
    return this.exited;
  }

  /** Closes the simulator's stdin (it then exits). */
  endInput(): void {
    this.child.stdin.end();
  }

  /** The simulator's process id (for CPU accounting in the benchmark). */
  get pid(): number | undefined {
    return this.child.pid;
  }
}
