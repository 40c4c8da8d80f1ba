// Line noise, seeded: a megabyte of random and corrupted bytes must not crash the parser or the
// link, must not invent a key press, and must not stop the good frames after it from being read.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { FrameParser } from '../../../../device/hardware/panel/frame-parser.ts';
import { initialLinkState, linkStep, type LinkState } from '../../../../device/hardware/panel/link.ts';
import { decodeLine, encodeFrame, type Frame, type KeyFrame } from '../../../../device/hardware/panel/protocol.ts';
import { mulberry32 } from '../../../../shared/random.ts';
import { noisyStream } from './noise.ts';

/** Feeds bytes to a parser in random-sized chunks, as a serial port delivers them. */
function parseInChunks(bytes: Buffer, rand: () => number): Frame[] {
  const parser = new FrameParser();
  const frames: Frame[] = [];
  for (let i = 0; i < bytes.length;) {
    const n = 1 + Math.floor(rand() * 200);
    for (const out of parser.push(bytes.subarray(i, i + n))) if (out.kind === 'frame') frames.push(out.frame);
    i += n;
  }
  return frames;
}

describe('the parser and link under line noise', () => {
  it('read exactly the intact frames out of 1 MB of noise, corrupted and cut frames', () => {
    const { bytes, intact } = noisyStream(0x5eed, 1 << 20);
    expect(bytes.length).toBeGreaterThanOrEqual(1 << 20);
    expect(intact.length).toBeGreaterThan(5000);
    expect(parseInChunks(bytes, mulberry32(7))).toEqual(intact);
  });

  it('report each intact key press once and no other through the link', () => {
    const { bytes, intact } = noisyStream(0xfeed, 1 << 20);
    let link: LinkState = linkStep(initialLinkState(), { type: 'opened', now: 0 }).state;
    link = linkStep(link, { type: 'frame', frame: { type: 'HELLO', seq: 0, fw: '1.0.0', keys: '4xPCDE+U' }, now: 1 }).state;
    const keys: KeyFrame[] = [];
    const parser = new FrameParser();
    let now = 1;
    for (let i = 0; i < bytes.length; i += 64) {
      now += 3; // ~50 kB/s: the link sees real-looking time between chunks
      for (const out of parser.push(bytes.subarray(i, i + 64))) {
        if (out.kind !== 'frame') continue;
        const step = linkStep(link, { type: 'frame', frame: out.frame, now });
        link = step.state;
        for (const e of step.effects) if (e.type === 'key') keys.push(e.frame);
      }
      const tick = linkStep(link, { type: 'tick', now });
      link = tick.state;
      expect(tick.effects.some((e) => e.type === 'dead')).toBe(false);
    }
    const sentKeys = intact.filter((f): f is KeyFrame => f.type === 'KEY');
    expect(keys).toEqual(sentKeys);
  });

  it('never throws on arbitrary bytes, and any frame it reads is one that was sent', () => {
    const frameArb = fc.oneof(
      fc.record({ type: fc.constant('HB' as const), seq: fc.integer({ min: 0, max: 255 }) }),
      fc.record({ type: fc.constant('ACK' as const), seq: fc.integer({ min: 0, max: 255 }) }),
      fc.record({
        type: fc.constant('KEY' as const), seq: fc.integer({ min: 1, max: 255 }),
        seat: fc.constantFrom(0, 1, 2, 3) as fc.Arbitrary<0 | 1 | 2 | 3>, key: fc.constantFrom('P', 'C', 'D') as fc.Arbitrary<'P'>,
        kind: fc.constant('S' as const),
      }),
    );
    const segment = fc.oneof(
      frameArb.map((f) => ({ frame: f as Frame, bytes: Buffer.from(encodeFrame(f as Frame), 'latin1') })),
      fc.uint8Array({ minLength: 0, maxLength: 200 }).map((b) => ({ frame: null, bytes: Buffer.from(b) })),
    );
    fc.assert(
      fc.property(fc.array(segment, { maxLength: 60 }), fc.integer({ min: 1, max: 97 }), (segments, chunk) => {
        const bytes = Buffer.concat(segments.map((s) => s.bytes));
        const sent = segments.flatMap((s) => (s.frame ? [JSON.stringify(s.frame)] : []));
        const parser = new FrameParser();
        const read: string[] = [];
        for (let i = 0; i < bytes.length; i += chunk) {
          for (const out of parser.push(bytes.subarray(i, i + chunk))) if (out.kind === 'frame') read.push(JSON.stringify(out.frame));
        }
        // Every frame read was sent, in order (a subsequence of what was sent)…
        let j = 0;
        for (const r of read) {
          while (j < sent.length && sent[j] !== r) j++;
          expect(j).toBeLessThan(sent.length);
          j++;
        }
        // …and every frame sent after a line end is read.
        const afterLineEnd = segments.filter((s, k) => s.frame && (k === 0 || segments[k - 1]!.bytes.at(-1) === 0x0a));
        for (const s of afterLineEnd) expect(read).toContain(JSON.stringify(s.frame));
      }),
      { seed: 20261129, numRuns: 300 },
    );
  });

  it('decodes a line only when it re-encodes to the same bytes', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 80 }), (line) => {
        const r = decodeLine(line);
        if (r.ok) expect(encodeFrame(r.frame)).toBe(`${Buffer.from(line).toString('latin1').replace(/\r$/, '')}\n`);
      }),
      { seed: 42, numRuns: 20_000 },
    );
  });
});
