// The seat panel as the rest of the companion sees it: the serial board (PanelDriver) and the
// dashboard's virtual panel (VirtualPanel) both fit, so main.ts picks one and wires the same way.
import type { EventEmitter } from 'node:events';
import type { PanelDriverEvents } from './driver-options.ts';
import type { LinkPhase } from './link.ts';
import type { LedMode, LedTarget } from './protocol.ts';

/** A seat panel: key events out, LED state in. */
export interface SeatPanel extends Pick<EventEmitter<PanelDriverEvents>, 'on' | 'off' | 'once'> {
  start(): Promise<void>;
  stop(): Promise<void>;
  /** Sets an LED; throws TypeError for a target or mode that does not exist. */
  setLed(target: LedTarget, mode: LedMode): void;
  readonly leds: Readonly<Record<LedTarget, LedMode>>;
  readonly phase: LinkPhase;
}
