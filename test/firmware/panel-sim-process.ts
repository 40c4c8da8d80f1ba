// Runs firmware/sim/build/panel-sim for the end-to-end suite: its first line names the pty, then
// every stdin command gets one answer line, and `LED <name> <0|1>` lines arrive in between.
import { type ChildProcessWithoutNullStreams, spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { join } from 'node:path';
import { FIRMWARE_DIR } from './firmware-make.ts';

/** The simulator binary that `make -C firmware sim` builds. */
export const SIM_BINARY = join(FIRMWARE_DIR, 'sim/build/panel-sim');

/** One `LED` line, with the time it was read. */
export interface LedChange {
  name: string;
  on: boolean;
  at: number;
}

/** A running panel-sim. */
export class PanelSimProcess {
  readonly ledChanges: LedChange[] = [];
  stderr = '';
  private readonly answers: string[] = [];
  private readonly waiting: Array<(line: string) => void> = [];
  private readonly listeners = new Set<() => void>();
  private exited: Promise<number | null>;

  private constructor(
    private readonly child: ChildProcessWithoutNullStreams,
    readonly pty: string,
    lines: AsyncIterator<string>,
  ) {
    this.exited = new Promise((resolve) => child.once('exit', (code) => resolve(code)));
    void this.pump(lines);
  }

  /** Starts the simulator with extra arguments and waits for its `PTY` line. */
  static async start(args: string[] = []): Promise<PanelSimProcess> {
    const child = spawn(SIM_BINARY, args, { stdio: ['pipe', 'pipe', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    const lines = createInterface({ input: child.stdout })[Symbol.asyncIterator]();
    const first = await Promise.race([
      lines.next(),
      new Promise<never>((_, reject) =>
        setTimeout(() => reject(new Error(`no PTY line in 10 s: ${stderr}`)), 10_000).unref(),
      ),
    ]);
    if (first.done) {
      // stdout closed without a line: the process is ending; its stderr says why
      const code = await new Promise<number | null>((resolve) =>
        child.exitCode !== null ? resolve(child.exitCode) : child.once('close', (c) => resolve(c)),
      );
      throw new Error(`panel-sim exited (${code}) before its PTY line: ${stderr}`);
    }
    const m = /^PTY (\/dev\/pts\/\d+)$/.exec(first.value);
    if (!m?.[1]) throw new Error(`first line is not "PTY /dev/pts/N": ${JSON.stringify(first.value)} ${stderr}`);
    const sim = new PanelSimProcess(child, m[1], lines);
    child.stderr.on('data', (d: Buffer) => (sim.stderr += d.toString()));
    return sim;
  }

  private async pump(lines: AsyncIterator<string>): Promise<void> {
    for (let r = await lines.next(); !r.done; r = await lines.next()) {
      const led = /^LED ([0-3GR]) ([01])$/.exec(r.value);
      if (led) {
        this.ledChanges.push({ name: led[1] ?? '', on: led[2] === '1', at: performance.now() });
        for (const l of this.listeners) l();
        continue;
      }
      const w = this.waiting.shift();
      if (w) w(r.value);
      else this.answers.push(r.value);
    }
  }

  /** Sends one command line and resolves with its answer line. */
  command(line: string): Promise<string> {
    this.child.stdin.write(`${line}\n`);
    const ready = this.answers.shift();
    if (ready !== undefined) return Promise.resolve(ready);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no answer to "${line}" in 5 s: ${this.stderr}`)), 5000);
      this.waiting.push((answer) => {
        clearTimeout(timer);
        resolve(answer);
      });
    });
  }

  /** Parses the answer to `leds` into name -> lit. */
  async leds(): Promise<Record<string, boolean>> {
    const answer = await this.command('leds');
    const m = /^LEDS 0=([01]) 1=([01]) 2=([01]) 3=([01]) G=([01]) R=([01])$/.exec(answer);
    if (!m) throw new Error(`unexpected answer to leds: ${answer}`);
    const [, l0, l1, l2, l3, g, r] = m;
    return { '0': l0 === '1', '1': l1 === '1', '2': l2 === '1', '3': l3 === '1', G: g === '1', R: r === '1' };
  }

  /** Resolves with the first LED change from index `from` on that matches, or rejects after timeoutMs. */
  waitForLed(match: (c: LedChange) => boolean, timeoutMs: number, from = 0): Promise<LedChange> {
    return new Promise((resolve, reject) => {
      const check = (): boolean => {
        const hit = this.ledChanges.slice(from).find(match);
        if (!hit) return false;
        this.listeners.delete(onChange);
        clearTimeout(timer);
        resolve(hit);
        return true;
      };
      const onChange = (): void => void check();
      const timer = setTimeout(() => {
        this.listeners.delete(onChange);
        reject(new Error(`no matching LED change in ${timeoutMs} ms: ${JSON.stringify(this.ledChanges.slice(from))}`));
      }, timeoutMs);
      this.listeners.add(onChange);
      check();
    });
  }

  /** Resolves with the exit code once the process has ended. */
  exit(): Promise<number | null> {
    return this.exited;
  }

  /** Sends a signal (SIGTERM by default) and waits for the exit. */
  async stop(signal: NodeJS.Signals = 'SIGTERM'): Promise<number | null> {
    if (this.child.exitCode === null && this.child.signalCode === null) this.child.kill(signal);
    return this.exited;
  }

  /** The simulator's process id (for CPU accounting in the benchmark). */
  get pid(): number | undefined {
    return this.child.pid;
  }

  /** Closes the simulator's stdin. */
  endInput(): void {
    this.child.stdin.end();
  }
}
