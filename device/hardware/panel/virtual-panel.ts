// The seat panel for a computer without the board (RULES.md §1: the dashboard then offers a
// virtual seat panel). Presses come from the dashboard, so each is checked like any other input.
import { EventEmitter } from 'node:events';
import type { PanelDriverEvents } from './driver.ts';
import { PANEL_KEYS, PRESS_KINDS, type PanelKey, type PanelKeyEvent, type PressKind } from './key-event.ts';
import { DEFAULT_LEDS, type LinkPhase } from './link.ts';
import { ledProblem, type LedMode, type LedTarget, type Seat } from './protocol.ts';
import type { SeatPanel } from './seat-panel.ts';

/** A press refused, and why. */
export type PressResult = { ok: true; event: PanelKeyEvent } | { ok: false; error: string };

/** A seat panel in memory, pressed from the dashboard; always "up" between start() and stop(). */
export class VirtualPanel extends EventEmitter<PanelDriverEvents> implements SeatPanel {
  private state: Record<LedTarget, LedMode> = { ...DEFAULT_LEDS };
  private running = false;
  private seq = 0;
  private ledListeners: Array<(target: LedTarget, mode: LedMode) => void> = [];

  /** Calls `listener` on every LED change (for the dashboard to draw); returns the unsubscribe. */
  onLedChange(listener: (target: LedTarget, mode: LedMode) => void): () => void {
    this.ledListeners.push(listener);
    return () => {
      this.ledListeners = this.ledListeners.filter((l) => l !== listener);
    };
  }

  /** 'up' while started, else 'closed'. */
  get phase(): LinkPhase {
    return this.running ? 'up' : 'closed';
  }

  /** The LED state the dashboard shows. */
  get leds(): Readonly<Record<LedTarget, LedMode>> {
    return this.state;
  }

  /** Starts accepting presses and says hello like the board does. */
  async start(): Promise<void> {
    if (this.running) return;
    this.running = true;
    this.emit('up', { path: 'virtual', fw: 'virtual', keys: '4xPCDE+U' });
  }

  /** Stops accepting presses. */
  async stop(): Promise<void> {
    if (!this.running) return;
    this.running = false;
    this.emit('down', { reason: 'the virtual panel was stopped' });
  }

  /** Sets an LED; throws TypeError for a target or mode that does not exist. */
  setLed(target: LedTarget, mode: LedMode): void {
    const problem = ledProblem(target, mode);
    if (problem !== null) throw new TypeError(problem);
    this.state = { ...this.state, [target]: mode };
    for (const l of this.ledListeners) l(target, mode);
  }

  /** Presses a key (untrusted input from the dashboard); emits the key event or says why not. */
  press(seat: unknown, key: unknown, press: unknown = 'short'): PressResult {
    if (!this.running) return { ok: false, error: 'the virtual panel is not started' };
    if (!(PANEL_KEYS as readonly unknown[]).includes(key)) return { ok: false, error: `key must be one of ${PANEL_KEYS.join(', ')}` };
    if (!(PRESS_KINDS as readonly unknown[]).includes(press)) return { ok: false, error: `press must be one of ${PRESS_KINDS.join(', ')}` };
    // The same rules as the board's wire format: UNDO alone is shared, only DONE has a long press.
    if (key === 'undo' ? seat !== null : !(typeof seat === 'number' && Number.isInteger(seat) && seat >= 0 && seat <= 3)) {
      return { ok: false, error: key === 'undo' ? 'UNDO is shared: its seat is null' : 'seat must be 0, 1, 2 or 3' };
    }
    if (press === 'long' && key !== 'done') return { ok: false, error: 'only DONE has a long press (pass)' };
    this.seq = this.seq >= 255 ? 1 : this.seq + 1;
    const event: PanelKeyEvent = { seat: seat as Seat | null, key: key as PanelKey, press: press as PressKind, seq: this.seq, at: Date.now() };
    this.emit('key', event);
    return { ok: true, event };
  }
}
