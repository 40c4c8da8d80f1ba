// Byte-at-a-time framing of the panel's serial stream (like Firmata's parser: a small state
// machine that compiles anywhere). It never throws: every byte ends up either in a decoded
// frame or in a "discarded chunk" that names why, like zwave-js's serial parser does.
import { type DecodeFailure, type Frame, FRAME_TYPES, MAX_LINE_BYTES, decodeLine } from './protocol.ts';

/** Bytes the parser could not frame, and why (the first reason that applied). */
export interface DiscardedChunk {
  bytes: Buffer;
  reason: DecodeFailure;
  detail: string;
}

/** What the parser read: a frame or a discarded chunk, in stream order. */
export type ParserOutput = { kind: 'frame'; frame: Frame } | { kind: 'discarded'; chunk: DiscardedChunk };

const LF = 0x0a;
// The window keeps two lines' worth so that the last MAX_LINE_BYTES of an over-long line are
// still there when its `\n` arrives (a whole frame may be glued to the end of the noise).
const WINDOW = MAX_LINE_BYTES * 2;
// An endless stream without `\n` is reported in slices of this size so memory stays bounded.
const MAX_DISCARD_REPORT = 1024;

// First bytes of each TYPE followed by its space: where a frame glued to noise may begin.
const TYPE_PREFIXES = FRAME_TYPES.map((t) => Buffer.from(`${t} `, 'latin1'));

/** Splits a byte stream into frames and discarded chunks; feed it whatever the port delivers. */
export class FrameParser {
  private readonly window = new Uint8Array(WINDOW);
  private length = 0;
  // Bytes of the current line already pushed out of the window (the line is noise by length).
  private spilled: number[] = [];
  private spilledTotal = 0;

  /** Reads a chunk of bytes; returns the frames and discarded chunks it completed, in order. */
  push(chunk: Uint8Array): ParserOutput[] {
    const out: ParserOutput[] = [];
    for (let i = 0; i < chunk.length; i++) {
      const b = chunk[i]!;
      if (b === LF) {
        this.endLine(out);
        continue;
      }
      if (this.length === WINDOW) this.spill(out);
      this.window[this.length++] = b;
    }
    return out;
  }

  /** Reports a partial line left at the end of the stream (the port closed mid-line) as discarded. */
  flush(): ParserOutput[] {
    const out: ParserOutput[] = [];
    if (this.length > 0 || this.spilled.length > 0) {
      const bytes = Buffer.concat([Buffer.from(this.spilled), Buffer.from(this.window.subarray(0, this.length))]);
      out.push(discard(bytes, 'format', 'the stream ended in the middle of a line'));
    }
    this.reset();
    return out;
  }

  /** Forgets any partial line, e.g. when the port is reopened. */
  reset(): void {
    this.length = 0;
    this.spilled = [];
    this.spilledTotal = 0;
  }

  private spill(out: ParserOutput[]): void {
    for (let i = 0; i < MAX_LINE_BYTES; i++) this.spilled.push(this.window[i]!);
    this.spilledTotal += MAX_LINE_BYTES;
    this.window.copyWithin(0, MAX_LINE_BYTES, WINDOW);
    this.length -= MAX_LINE_BYTES;
    if (this.spilled.length >= MAX_DISCARD_REPORT) {
      out.push(discard(Buffer.from(this.spilled), 'length', `more than ${MAX_LINE_BYTES} bytes without a line end`));
      this.spilled = [];
    }
  }

  private endLine(out: ParserOutput[]): void {
    const w = this.window;
    const n = this.length;
    const whole = this.spilledTotal === 0 ? decodeLine(w, 0, n) : undefined;
    if (whole?.ok) {
      out.push({ kind: 'frame', frame: whole.frame });
      this.reset();
      return;
    }
    // The line is not a frame. A USB-serial chip may put a junk byte on the line at reset, and
    // noise may eat a `\n`; either glues a good frame to the end of junk. Look for a whole valid
    // frame that ends the line and starts with a TYPE, so a HELLO after junk is not lost.
    const from = Math.max(1, n - MAX_LINE_BYTES);
    for (let p = from; p + 4 <= n; p++) {
      if (!startsWithType(w, p, n)) continue;
      const tail = decodeLine(w, p, n);
      if (!tail.ok) continue;
      const bytes = Buffer.concat([Buffer.from(this.spilled), Buffer.from(w.subarray(0, p))]);
      out.push(discard(bytes, whole?.ok === false ? whole.reason : 'length', 'noise before a frame on the same line'));
      out.push({ kind: 'frame', frame: tail.frame });
      this.reset();
      return;
    }
    const bytes = Buffer.concat([Buffer.from(this.spilled), Buffer.from(w.subarray(0, n)), Buffer.from([LF])]);
    const reason = whole === undefined ? 'length' : whole.ok ? 'format' : whole.reason;
    const detail = whole === undefined || whole.ok ? `line of ${this.spilledTotal + n} bytes is longer than ${MAX_LINE_BYTES}` : whole.detail;
    out.push(discard(bytes, reason, detail));
    this.reset();
  }
}

function startsWithType(w: Uint8Array, p: number, n: number): boolean {
  for (const prefix of TYPE_PREFIXES) {
    if (p + prefix.length > n) continue;
    let match = true;
    for (let k = 0; k < prefix.length; k++) {
      if (w[p + k] !== prefix[k]) {
        match = false;
        break;
      }
    }
    if (match) return true;
  }
  return false;
}

function discard(bytes: Buffer, reason: DecodeFailure, detail: string): ParserOutput {
  return { kind: 'discarded', chunk: { bytes, reason, detail } };
}

/** Writes discarded bytes readably for a log line: printable ASCII as is, the rest as \xNN. */
export function describeBytes(bytes: Uint8Array, max = 80): string {
  let s = '';
  for (let i = 0; i < bytes.length && i < max; i++) {
    const b = bytes[i]!;
    s += b >= 0x20 && b <= 0x7e && b !== 0x5c ? String.fromCharCode(b) : b === LF ? '\\n' : `\\x${b.toString(16).padStart(2, '0')}`;
  }
  return bytes.length > max ? `${s}… (${bytes.length} bytes)` : s;
}
