// Seeded line noise for the fuzz tests: intact panel frames mixed with random garbage, frames
// with one byte replaced and frames cut short.
import { encodeFrame, KEY_CODES, type Frame } from '../../../../device/hardware/panel/protocol.ts';
import { mulberry32 } from '../../../../shared/random.ts';

/** The frames a panel sends, with seqs numbered like the firmware's. */
function panelFrames(rand: () => number) {
  let seq = 0;
  const next = () => (seq = seq >= 255 ? 1 : seq + 1);
  return (): Frame => {
    const r = rand();
    if (r < 0.5) {
      const key = KEY_CODES[Math.floor(rand() * KEY_CODES.length)]!;
      const seat = key === 'U' ? null : (Math.floor(rand() * 4) as 0 | 1 | 2 | 3);
      return { type: 'KEY', seq: next(), seat, key, kind: key === 'E' && rand() < 0.5 ? 'L' : 'S' };
    }
    if (r < 0.8) return { type: 'HB', seq: next() };
    if (r < 0.97) return { type: 'ACK', seq: Math.floor(rand() * 256) };
    return { type: 'HELLO', seq: 0, fw: '1.0.0', keys: '4xPCDE+U' };
  };
}

/**
 * A byte stream of intact frames, random garbage, frames with one byte replaced (CRC-8 finds
 * every error within 8 bits, so each must be dropped) and frames cut short.
 */
export function noisyStream(seed: number, minBytes: number) {
  const rand = mulberry32(seed);
  const frame = panelFrames(rand);
  const parts: Buffer[] = [];
  const intact: Frame[] = [];
  let size = 0;
  while (size < minBytes) {
    const r = rand();
    let part: Buffer;
    if (r < 0.4) {
      const f = frame();
      intact.push(f);
      part = Buffer.from(encodeFrame(f), 'latin1');
    } else if (r < 0.6) {
      part = Buffer.alloc(1 + Math.floor(rand() * 300));
      for (let i = 0; i < part.length; i++) part[i] = Math.floor(rand() * 256);
    } else if (r < 0.85) {
      part = Buffer.from(encodeFrame(frame()), 'latin1');
      const at = Math.floor(rand() * part.length);
      part[at] = (part[at]! + 1 + Math.floor(rand() * 255)) & 0xff;
    } else {
      const whole = Buffer.from(encodeFrame(frame()), 'latin1');
      part = whole.subarray(0, Math.floor(rand() * (whole.length - 1)));
    }
    parts.push(part);
    size += part.length;
  }
  return { bytes: Buffer.concat(parts), intact };
}
