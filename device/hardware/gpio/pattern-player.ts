// Runs one pattern at a time on the three outputs. A new pattern replaces the running one at
// once (the newest event is the one the table needs to know about), and stop() leaves every
// output off. It writes only the outputs whose level changes, so the line history is the pattern.
import type { HardwareLog } from '../log.ts';
import type { Level, OutputPin } from './pin.ts';
import { SIGNAL_OUTPUTS, type Pattern, type SignalOutput } from './signals.ts';

/** How a play ended. */
export type PlayOutcome = 'done' | 'replaced' | 'stopped';

interface Running {
  timer: ReturnType<typeof setTimeout> | null;
  finish: (outcome: PlayOutcome) => void;
}

/** Plays patterns on outputs without overlap. */
export class PatternPlayer {
  private readonly levels: Record<SignalOutput, Level> = { green: 0, red: 0, buzzer: 0 };
  private running: Running | null = null;
  private readonly failedWrites = new Set<SignalOutput>();

  constructor(
    private readonly outputs: Record<SignalOutput, OutputPin>,
    private readonly log?: HardwareLog,
  ) {}

  /** Whether a pattern is running. */
  get busy(): boolean {
    return this.running !== null;
  }

  /** Starts a pattern, replacing any running one; resolves when it ends or is cut short. */
  play(pattern: Pattern): Promise<PlayOutcome> {
    this.cancel('replaced');
    return new Promise<PlayOutcome>((resolve) => {
      const running: Running = { timer: null, finish: resolve };
      this.running = running;
      const step = (index: number): void => {
        const current = pattern[index];
        if (current === undefined) {
          this.apply([]);
          this.running = null;
          resolve('done');
          return;
        }
        this.apply(current.on);
        running.timer = setTimeout(() => step(index + 1), current.ms);
      };
      step(0);
    });
  }

  /** Cuts the running pattern short and switches everything off. */
  stop(): void {
    this.cancel('stopped');
    this.apply([]);
  }

  private cancel(outcome: PlayOutcome): void {
    const running = this.running;
    if (running === null) return;
    if (running.timer !== null) clearTimeout(running.timer);
    this.running = null;
    running.finish(outcome);
  }

  private apply(on: readonly SignalOutput[]): void {
    for (const output of SIGNAL_OUTPUTS) {
      const level: Level = on.includes(output) ? 1 : 0;
      if (this.levels[output] === level) continue;
      try {
        this.outputs[output].write(level);
        this.levels[output] = level;
        this.failedWrites.delete(output);
      } catch (err) {
        // A failing line must not stop the signal on the others; say so once per failure streak.
        if (!this.failedWrites.has(output)) this.log?.warn(`gpio: cannot switch the ${output} output: ${(err as Error).message}`);
        this.failedWrites.add(output);
      }
    }
  }
}
