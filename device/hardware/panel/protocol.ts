// Panel line protocol v1 (firmware/PROTOCOL.md): frames are `BODY*CC\n` ASCII lines. This file
// only turns frames into lines and lines into frames; framing a byte stream is frame-parser.ts.
// Decoding never throws: a bad line is a value naming why (`crc`, `format`, `length`), in the
// order the shared vectors fix — length, then framing, then CRC, then the fields of BODY.
import { crc8, crc8Ascii } from './crc8.ts';

/** The most bytes a line may hold before its `\n`; anything longer is noise. */
export const MAX_LINE_BYTES = 64;

/** Frame types, as written in the TYPE field. */
export const FRAME_TYPES = ['HELLO', 'KEY', 'HB', 'ACK', 'LED'] as const;
export type FrameType = (typeof FRAME_TYPES)[number];

/** Key letters: PALETTE, CANVAS, DRAW/DECK, DONE (per seat) and the shared UNDO. */
export const KEY_CODES = ['P', 'C', 'D', 'E', 'U'] as const;
export type KeyCode = (typeof KEY_CODES)[number];

/** Press kinds: short, or long (only DONE held for 1.5 s). */
export const KEY_KINDS = ['S', 'L'] as const;
export type KeyKind = (typeof KEY_KINDS)[number];

/** Seats 0–3; the shared UNDO key has no seat (`-` on the wire, null here). */
export type Seat = 0 | 1 | 2 | 3;

/** LED targets: the four seat LEDs, status green and status red. */
export const LED_TARGETS = ['0', '1', '2', '3', 'G', 'R'] as const;
export type LedTarget = (typeof LED_TARGETS)[number];

/** LED modes; BLINK is 500 ms on / 500 ms off, timed by the panel. */
export const LED_MODES = ['ON', 'OFF', 'BLINK'] as const;
export type LedMode = (typeof LED_MODES)[number];

/** Why a target and mode make no LED command (a clear sentence), or null when they do. */
export function ledProblem(target: unknown, mode: unknown): string | null {
  if (!(LED_TARGETS as readonly unknown[]).includes(target)) return `LED target ${JSON.stringify(target)} is not one of ${LED_TARGETS.join(' ')}`;
  if (!(LED_MODES as readonly unknown[]).includes(mode)) return `LED mode ${JSON.stringify(mode)} is not one of ${LED_MODES.join(' ')}`;
  return null;
}

export interface HelloFrame { type: 'HELLO'; seq: 0; fw: string; keys: string }
export interface KeyFrame { type: 'KEY'; seq: number; seat: Seat | null; key: KeyCode; kind: KeyKind }
export interface HeartbeatFrame { type: 'HB'; seq: number }
export interface AckFrame { type: 'ACK'; seq: number }
export interface LedFrame { type: 'LED'; seq: number; target: LedTarget; mode: LedMode }

/** Any frame of protocol v1, in either direction. */
export type Frame = HelloFrame | KeyFrame | HeartbeatFrame | AckFrame | LedFrame;

/** Why a line is not a frame, as the vectors name it. */
export type DecodeFailure = 'crc' | 'format' | 'length';

/** A decoded line: the frame, or the reason and a readable detail. */
export type DecodeResult = { ok: true; frame: Frame } | { ok: false; reason: DecodeFailure; detail: string };

const STAR = 0x2a;
const CR = 0x0d;
const SEQ_PATTERN = /^(0|[1-9][0-9]{0,2})$/;

function fail(reason: DecodeFailure, detail: string): DecodeResult {
  return { ok: false, reason, detail };
}

function hexDigit(b: number): number {
  if (b >= 0x30 && b <= 0x39) return b - 0x30;
  if (b >= 0x41 && b <= 0x46) return b - 0x41 + 10;
  return -1; // lowercase is a format error: the protocol writes CC in UPPERCASE
}

/** Reads one line (without its `\n`; a final `\r` is ignored) from bytes[start, end) as a frame. */
export function decodeLine(bytes: Uint8Array, start = 0, end = bytes.length): DecodeResult {
  // The limit counts a final \r too (PROTOCOL.md), so it is checked before the \r is dropped.
  const n = end - start;
  if (n > MAX_LINE_BYTES) return fail('length', `line of ${n} bytes is longer than ${MAX_LINE_BYTES}`);
  if (end > start && bytes[end - 1] === CR) end--;
  if (end - start < 4 || bytes[end - 3] !== STAR) return fail('format', 'a frame ends in "*" and two hex digits');
  const hi = hexDigit(bytes[end - 2]!);
  const lo = hexDigit(bytes[end - 1]!);
  if (hi < 0 || lo < 0) return fail('format', 'the CRC must be two UPPERCASE hex digits');
  const bodyEnd = end - 3;
  for (let i = start; i < bodyEnd; i++) {
    const b = bytes[i]!;
    if (b < 0x20 || b > 0x7e || b === STAR) return fail('format', `byte 0x${b.toString(16).padStart(2, '0')} is not allowed in a body`);
  }
  const expected = crc8(bytes, start, bodyEnd);
  if (expected !== hi * 16 + lo) {
    return fail('crc', `CRC ${hex2(hi * 16 + lo)} does not match the body's ${hex2(expected)}`);
  }
  let body = '';
  for (let i = start; i < bodyEnd; i++) body += String.fromCharCode(bytes[i]!);
  return decodeBody(body);
}

/** Reads one line given as text (latin1, without its `\n`) as a frame. */
export function decodeText(line: string): DecodeResult {
  return decodeLine(Buffer.from(line, 'latin1'));
}

function hex2(n: number): string {
  return n.toString(16).toUpperCase().padStart(2, '0');
}

function decodeBody(body: string): DecodeResult {
  const parts = body.split(' ');
  const [type, seqText, ...fields] = parts;
  if (parts.some((p) => p === '')) return fail('format', 'fields are separated by single spaces');
  if (!(FRAME_TYPES as readonly string[]).includes(type!)) return fail('format', `unknown frame type "${type}"`);
  if (seqText === undefined || !SEQ_PATTERN.test(seqText) || Number(seqText) > 255) {
    return fail('format', `sequence number "${seqText ?? ''}" is not 0–255 without leading zeros`);
  }
  const seq = Number(seqText);
  switch (type as FrameType) {
    case 'HB':
    case 'ACK':
      if (fields.length !== 0) return fail('format', `${type} has no fields`);
      return { ok: true, frame: { type: type as 'HB' | 'ACK', seq } };
    case 'HELLO':
      return decodeHello(seq, fields);
    case 'KEY':
      return decodeKey(seq, fields);
    case 'LED':
      return decodeLed(seq, fields);
  }
}

function decodeHello(seq: number, fields: string[]): DecodeResult {
  if (seq !== 0) return fail('format', 'HELLO always has sequence number 0');
  const [fw, keys] = fields;
  if (fields.length !== 2 || !fw!.startsWith('fw=') || !keys!.startsWith('keys=')) {
    return fail('format', 'HELLO carries exactly "fw=…" then "keys=…"');
  }
  if (fw!.length === 3 || keys!.length === 5) return fail('format', 'HELLO fields must not be empty');
  return { ok: true, frame: { type: 'HELLO', seq: 0, fw: fw!.slice(3), keys: keys!.slice(5) } };
}

function decodeKey(seq: number, fields: string[]): DecodeResult {
  if (fields.length !== 3) return fail('format', 'KEY carries SEAT KEY KIND');
  const [seatText, key, kind] = fields as [string, string, string];
  if (!(KEY_CODES as readonly string[]).includes(key)) return fail('format', `unknown key "${key}"`);
  if (!(KEY_KINDS as readonly string[]).includes(kind)) return fail('format', `unknown press kind "${kind}"`);
  // UNDO is the one shared key: it alone has no seat, and only DONE knows a long press.
  let seat: Seat | null;
  if (key === 'U') {
    if (seatText !== '-') return fail('format', 'the shared UNDO key is sent with seat "-"');
    seat = null;
  } else {
    if (!/^[0-3]$/.test(seatText)) return fail('format', `seat "${seatText}" is not 0–3`);
    seat = Number(seatText) as Seat;
  }
  if (kind === 'L' && key !== 'E') return fail('format', 'only DONE has a long press');
  return { ok: true, frame: { type: 'KEY', seq, seat, key: key as KeyCode, kind: kind as KeyKind } };
}

function decodeLed(seq: number, fields: string[]): DecodeResult {
  if (fields.length !== 2) return fail('format', 'LED carries TARGET MODE');
  const [target, mode] = fields as [string, string];
  if (!(LED_TARGETS as readonly string[]).includes(target)) return fail('format', `unknown LED target "${target}"`);
  if (!(LED_MODES as readonly string[]).includes(mode)) return fail('format', `unknown LED mode "${mode}"`);
  return { ok: true, frame: { type: 'LED', seq, target: target as LedTarget, mode: mode as LedMode } };
}

/** The body of a frame (`TYPE SEQ[ FIELD]…`); throws RangeError for a frame no receiver would accept. */
export function frameBody(frame: Frame): string {
  if (!Number.isInteger(frame.seq) || frame.seq < 0 || frame.seq > 255) {
    throw new RangeError(`sequence number ${frame.seq} is not 0–255`);
  }
  let body: string;
  switch (frame.type) {
    case 'HB':
    case 'ACK':
      body = `${frame.type} ${frame.seq}`;
      break;
    case 'HELLO':
      body = `HELLO 0 fw=${frame.fw} keys=${frame.keys}`;
      break;
    case 'KEY':
      body = `KEY ${frame.seq} ${frame.seat === null ? '-' : frame.seat} ${frame.key} ${frame.kind}`;
      break;
    case 'LED':
      body = `LED ${frame.seq} ${frame.target} ${frame.mode}`;
      break;
  }
  // Round-trip through the decoder so that encode can never emit what decode would refuse.
  const line = `${body}*${hex2(crc8Ascii(body))}`;
  const check = decodeText(line);
  if (!check.ok) throw new RangeError(`cannot encode ${JSON.stringify(frame)}: ${check.detail}`);
  return body;
}

/** The wire line of a frame, `BODY*CC\n`; throws RangeError for an invalid frame. */
export function encodeFrame(frame: Frame): string {
  const body = frameBody(frame);
  return `${body}*${hex2(crc8Ascii(body))}\n`;
}
