// The driver's options, events and counters, and the checks and backoff that go with them.
import type { Logger } from 'pino';
import type { OpenOptions } from '@serialport/stream';
import type { DiscardedChunk } from './frame-parser.ts';
import type { PanelKeyEvent } from './key-event.ts';
import type { LinkTiming } from './link.ts';

/** A serialport binding: the real one by default, `@serialport/binding-mock` in unit tests. */
export type PanelBinding = OpenOptions['binding'];

/** Options of the driver; all optional. */
export interface PanelDriverOptions {
  /** The serial port; omitted: auto-detect an Arduino-class board. */
  path?: string;
  binding?: PanelBinding;
  baudRate?: number;
  logger?: Logger;
  timing?: Partial<LinkTiming>;
  /** Reconnect delays: the first, doubled after each failure up to the max. */
  backoff?: { initialMs?: number; maxMs?: number };
  /** How often timers (heartbeat, dead link, LED resend) are checked. */
  tickMs?: number;
  /** Candidate ports, best first; defaults to /dev/serial/by-id and the binding's port list. */
  findPorts?: () => Promise<string[]>;
}

/** The driver's events. */
export interface PanelDriverEvents {
  /** A key press, reported once; its ACK is written after the listeners ran. */
  key: [PanelKeyEvent];
  /** The panel said HELLO on `path` (after every open, and after a panel reboot). */
  up: [{ path: string; fw: string; keys: string }];
  /** The link went down; the driver is already reconnecting. */
  down: [{ reason: string }];
  /** Bytes of line noise the parser could not frame. */
  discarded: [DiscardedChunk];
}

/** Counters for the dashboard and tests. */
export interface PanelStats {
  frames: number;
  keys: number;
  duplicates: number;
  discardedChunks: number;
  discardedBytes: number;
  opens: number;
  hellos: number;
}

/** Protocol v1's line speed. */
export const BAUD = 115200;

/** The reconnect delay after `failures` failed attempts: doubling from the initial, capped. */
export function backoffDelay(failures: number, backoff: PanelDriverOptions['backoff'] = {}): number {
  const initial = backoff.initialMs ?? 250;
  const max = backoff.maxMs ?? 5000;
  return Math.min(max, initial * 2 ** Math.min(failures, 16));
}

/** Why driver options cannot work, or null when they can. */
export function invalidOptions(o: PanelDriverOptions): string | null {
  if (o.path !== undefined && (typeof o.path !== 'string' || o.path.trim() === '')) return `path ${JSON.stringify(o.path)} is not a port path`;
  if (o.baudRate !== undefined && (!Number.isInteger(o.baudRate) || o.baudRate <= 0)) return `baud rate ${o.baudRate} is not a positive integer`;
  if (o.tickMs !== undefined && !(o.tickMs > 0 && o.tickMs <= 1000)) return `tickMs ${o.tickMs} is not within 1–1000`;
  const b = o.backoff ?? {};
  if (b.initialMs !== undefined && !(b.initialMs > 0)) return `backoff.initialMs ${b.initialMs} is not positive`;
  if (b.maxMs !== undefined && !(b.maxMs >= (b.initialMs ?? 250))) return `backoff.maxMs ${b.maxMs} is below the initial delay`;
  for (const [k, v] of Object.entries(o.timing ?? {})) if (!(typeof v === 'number' && v > 0)) return `timing.${k} ${v} is not positive`;
  return null;
}
