import { describe, expect, it } from 'vitest';
import { FrameParser, describeBytes, type ParserOutput } from '../../../../device/hardware/panel/frame-parser.ts';
import { encodeFrame } from '../../../../device/hardware/panel/protocol.ts';
import { readVectors } from './vectors.ts';

const bytes = (s: string): Buffer => Buffer.from(s, 'latin1');
const frames = (out: ParserOutput[]) => out.flatMap((o) => (o.kind === 'frame' ? [o.frame] : []));
const discards = (out: ParserOutput[]) => out.flatMap((o) => (o.kind === 'discarded' ? [o.chunk] : []));

describe('FrameParser', () => {
  it('reads every valid vector as its frame and rejects every invalid one with its reason', () => {
    for (const v of readVectors()) {
      const out = new FrameParser().push(Buffer.concat([v.frame, bytes('\n')]));
      if (v.kind === 'valid') expect(out, `line ${v.line}`).toEqual([{ kind: 'frame', frame: v.json }]);
      else {
        expect(frames(out), `line ${v.line}`).toEqual([]);
        expect(discards(out).map((d) => d.reason), `line ${v.line}`).toEqual([v.reason]);
      }
    }
  });

  it('reads a frame delivered one byte at a time', () => {
    const p = new FrameParser();
    const out = [...bytes('KEY 7 2 P S*FE\n')].flatMap((b) => p.push(Uint8Array.of(b)));
    expect(frames(out)).toEqual([{ type: 'KEY', seq: 7, seat: 2, key: 'P', kind: 'S' }]);
  });

  it('reads several frames in one chunk, in order', () => {
    const out = new FrameParser().push(bytes('HB 1*42\nKEY 1 0 P S*F6\nACK 3*56\n'));
    expect(frames(out).map((f) => f.type)).toEqual(['HB', 'KEY', 'ACK']);
  });

  it('ignores a \\r before the \\n', () => {
    expect(frames(new FrameParser().push(bytes('HB 9*7A\r\n')))).toEqual([{ type: 'HB', seq: 9 }]);
  });

  it('drops a frame whose CRC is wrong and names the reason', () => {
    const out = new FrameParser().push(bytes('KEY 7 2 P S*FF\n'));
    expect(frames(out)).toEqual([]);
    expect(discards(out)).toMatchObject([{ reason: 'crc', bytes: bytes('KEY 7 2 P S*FF\n') }]);
  });

  it('drops a line longer than 64 bytes as noise and reads the next line', () => {
    const out = new FrameParser().push(bytes(`${'X'.repeat(300)}\nHB 9*7A\n`));
    expect(discards(out).map((d) => d.reason)).toEqual(['length']);
    expect(discards(out)[0]!.bytes.length).toBe(301);
    expect(frames(out)).toEqual([{ type: 'HB', seq: 9 }]);
  });

  it('recovers a whole frame glued to the end of junk (a USB chip\'s byte at reset)', () => {
    const out = new FrameParser().push(bytes('\x00\xf0HELLO 0 fw=1.0.0 keys=4xPCDE+U*C6\n'));
    expect(frames(out)).toEqual([{ type: 'HELLO', seq: 0, fw: '1.0.0', keys: '4xPCDE+U' }]);
    expect(discards(out)).toMatchObject([{ bytes: bytes('\x00\xf0') }]);
  });

  it('recovers a frame glued to the end of more than 64 bytes of noise', () => {
    const out = new FrameParser().push(bytes(`${'#'.repeat(500)}KEY 7 2 P S*FE\n`));
    expect(frames(out)).toEqual([{ type: 'KEY', seq: 7, seat: 2, key: 'P', kind: 'S' }]);
    expect(discards(out).map((d) => [d.reason, d.bytes.length])).toEqual([['length', 500]]);
  });

  it('keeps memory bounded on an endless stream without line ends', () => {
    const p = new FrameParser();
    let reported = 0;
    for (let i = 0; i < 100; i++) reported += discards(p.push(Buffer.alloc(1000, 0x41))).reduce((n, d) => n + d.bytes.length, 0);
    expect(reported).toBeGreaterThan(90_000);
    expect(frames(p.push(bytes('\nHB 1*42\n')))).toEqual([{ type: 'HB', seq: 1 }]);
  });

  it('reports a partial line as discarded when the stream ends', () => {
    const p = new FrameParser();
    expect(p.push(bytes('KEY 7 2'))).toEqual([]);
    expect(discards(p.flush())).toMatchObject([{ reason: 'format', bytes: bytes('KEY 7 2') }]);
    expect(frames(p.push(bytes('HB 9*7A\n')))).toEqual([{ type: 'HB', seq: 9 }]);
  });

  it('reads back what encodeFrame writes', () => {
    const line = encodeFrame({ type: 'LED', seq: 200, target: 'R', mode: 'BLINK' });
    expect(frames(new FrameParser().push(bytes(line)))).toEqual([{ type: 'LED', seq: 200, target: 'R', mode: 'BLINK' }]);
  });
});

describe('describeBytes', () => {
  it('shows printable bytes as they are and the rest escaped', () => {
    expect(describeBytes(bytes('HB\x00\n\\'))).toBe('HB\\x00\\n\\x5c');
  });
});
