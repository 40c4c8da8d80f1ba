import { describe, expect, it } from 'vitest';
import { crc8, crc8Ascii } from '../../../../device/hardware/panel/crc8.ts';
import { decodeLine, decodeText, encodeFrame, type Frame } from '../../../../device/hardware/panel/protocol.ts';
import { readVectors } from './vectors.ts';

const vectors = readVectors();

describe('CRC-8/SMBUS', () => {
  it('gives the check value 0xF4 for "123456789"', () => {
    expect(crc8(Buffer.from('123456789'))).toBe(0xf4);
    expect(crc8Ascii('123456789')).toBe(0xf4);
  });

  it('is 0 for no bytes, as init 0x00 and xorout 0x00 imply', () => {
    expect(crc8(new Uint8Array(0))).toBe(0);
  });
});

describe('the shared vectors file', () => {
  it('holds at least 25 vectors, valid and invalid of every reason', () => {
    expect(vectors.length).toBeGreaterThanOrEqual(25);
    const reasons = new Set(vectors.flatMap((v) => (v.kind === 'invalid' ? [v.reason] : [])));
    expect([...reasons].sort()).toEqual(['crc', 'format', 'length']);
    expect(vectors.some((v) => v.kind === 'valid')).toBe(true);
  });
});

describe('decoding', () => {
  for (const v of vectors) {
    if (v.kind === 'valid') {
      it(`decodes line ${v.line} "${v.frame.toString('latin1')}" to its JSON`, () => {
        expect(decodeLine(v.frame)).toEqual({ ok: true, frame: v.json });
      });
    } else {
      it(`rejects line ${v.line} "${JSON.stringify(v.frame.toString('latin1'))}" for ${v.reason}`, () => {
        const r = decodeLine(v.frame);
        expect(r.ok).toBe(false);
        if (!r.ok) expect(r.reason).toBe(v.reason);
      });
    }
  }

  it('ignores a \\r before the line end', () => {
    expect(decodeText('HB 9*7A\r')).toEqual({ ok: true, frame: { type: 'HB', seq: 9 } });
  });

  it('counts a \r toward the 64-byte limit, as PROTOCOL.md says', () => {
    const longest = vectors.find((v) => v.kind === 'valid' && v.frame.length === 64);
    expect(longest).toBeDefined();
    expect(decodeLine(longest!.frame).ok).toBe(true);
    expect(decodeLine(Buffer.concat([longest!.frame, Buffer.from('\r')]))).toMatchObject({ ok: false, reason: 'length' });
  });

  it('answers an empty line with a format failure instead of throwing', () => {
    expect(decodeText('')).toMatchObject({ ok: false, reason: 'format' });
  });
});

describe('encoding', () => {
  for (const v of vectors) {
    if (v.kind !== 'valid') continue;
    it(`writes ${JSON.stringify(v.json)} as the bytes of line ${v.line}`, () => {
      expect(encodeFrame(v.json as Frame)).toBe(`${v.frame.toString('latin1')}\n`);
    });
  }

  it('refuses a sequence number above 255', () => {
    expect(() => encodeFrame({ type: 'HB', seq: 256 })).toThrow(RangeError);
  });

  it('refuses a frame the decoder would reject, such as UNDO with a seat', () => {
    expect(() => encodeFrame({ type: 'KEY', seq: 3, seat: 1, key: 'U', kind: 'S' })).toThrow(/seat "-"/);
  });
});
