import { describe, expect, it } from 'vitest';
import { MjpegSplitter } from '../../../../device/hardware/camera/index.ts';

const frame = (n: number): Buffer => Buffer.from([0xff, 0xd8, 0xff, 0xe0, n, 0xff, 0x00, n, 0xff, 0xd9]);

describe('MJPEG stream splitter', () => {
  it('cuts concatenated JPEGs into whole frames', () => {
    const got: Buffer[] = [];
    const s = new MjpegSplitter((f) => got.push(f));
    s.push(Buffer.concat([frame(1), frame(2), frame(3)]));
    expect(got).toEqual([frame(1), frame(2), frame(3)]);
  });

  it('joins a frame split across chunks at any byte', () => {
    const stream = Buffer.concat([frame(1), frame(2)]);
    for (let cut = 1; cut < stream.length; cut++) {
      const got: Buffer[] = [];
      const s = new MjpegSplitter((f) => got.push(f));
      s.push(stream.subarray(0, cut));
      s.push(stream.subarray(cut));
      expect(got, `cut at ${cut}`).toEqual([frame(1), frame(2)]);
    }
  });

  it('discards bytes between frames and counts them', () => {
    const got: Buffer[] = [];
    const s = new MjpegSplitter((f) => got.push(f));
    s.push(Buffer.concat([Buffer.from('noise'), frame(7), Buffer.from('!!')]));
    expect(got).toEqual([frame(7)]);
    expect(s.discarded).toBe(7); // "noise" before the frame and "!!" after it
  });

  it('drops a frame that never ends once it passes the size limit', () => {
    const got: Buffer[] = [];
    const s = new MjpegSplitter((f) => got.push(f), 64);
    s.push(Buffer.concat([Buffer.from([0xff, 0xd8]), Buffer.alloc(100, 1)]));
    s.push(frame(9));
    expect(got).toEqual([frame(9)]);
  });
});
