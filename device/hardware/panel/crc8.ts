// CRC-8/SMBUS as the panel protocol v1 fixes it: polynomial 0x07, init 0x00, not reflected,
// xorout 0x00. A 256-entry table because the parser checks a CRC on every line it frames.

const TABLE = new Uint8Array(256);
for (let i = 0; i < 256; i++) {
  let c = i;
  for (let bit = 0; bit < 8; bit++) c = c & 0x80 ? ((c << 1) ^ 0x07) & 0xff : (c << 1) & 0xff;
  TABLE[i] = c;
}

/** CRC-8/SMBUS of bytes[start, end); the check value of "123456789" is 0xF4. */
export function crc8(bytes: Uint8Array, start = 0, end = bytes.length): number {
  let c = 0;
  for (let i = start; i < end; i++) c = TABLE[c ^ bytes[i]!]!;
  return c;
}

/** CRC-8/SMBUS of an ASCII string (the body of a frame). */
export function crc8Ascii(text: string): number {
  let c = 0;
  for (let i = 0; i < text.length; i++) c = TABLE[c ^ (text.charCodeAt(i) & 0xff)]!;
  return c;
}
