// The typed key event the driver emits: the wire letters (P C D E U, S L) become words so that
// nothing above the driver needs to know protocol v1.
import type { KeyCode, KeyFrame, KeyKind, Seat } from './protocol.ts';

/** The panel's keys by name. */
export const PANEL_KEYS = ['palette', 'canvas', 'draw', 'done', 'undo'] as const;
export type PanelKey = (typeof PANEL_KEYS)[number];

/** Press kinds by name; only DONE has a long press (held ≥ 1.5 s: pass). */
export const PRESS_KINDS = ['short', 'long'] as const;
export type PressKind = (typeof PRESS_KINDS)[number];

const KEY_BY_CODE: Record<KeyCode, PanelKey> = { P: 'palette', C: 'canvas', D: 'draw', E: 'done', U: 'undo' };
const PRESS_BY_KIND: Record<KeyKind, PressKind> = { S: 'short', L: 'long' };

/** One press on the panel, reported once however often the panel re-sent it. */
export interface PanelKeyEvent {
  /** 0–3, or null for the shared UNDO key. */
  seat: Seat | null;
  key: PanelKey;
  press: PressKind;
  /** The panel's seq of the KEY frame (unique among recent events of one panel boot). */
  seq: number;
  /** When the host received it (ms since the epoch). */
  at: number;
}

/** The typed event of a KEY frame received at `at`. */
export function keyEventFromFrame(frame: KeyFrame, at: number): PanelKeyEvent {
  return { seat: frame.seat, key: KEY_BY_CODE[frame.key], press: PRESS_BY_KIND[frame.kind], seq: frame.seq, at };
}
