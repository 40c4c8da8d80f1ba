// The C side under `npm test`: the AVR build and its size limits, the host tests of the logic,
// and the promise of firmware/PROTOCOL.md that every frame it quotes is a test vector.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { FIRMWARE_DIR, make } from './firmware-make.ts';

/** The FRAME column of every vector in protocol/vectors.txt. */
function vectorFrames(): Set<string> {
  const text = readFileSync(join(FIRMWARE_DIR, 'protocol/vectors.txt'), 'utf8');
  const frames = new Set<string>();
  for (const line of text.split('\n')) {
    if (line === '' || line.startsWith('#')) continue;
    const [verdict, frame] = line.split('\t');
    if ((verdict === 'valid' || verdict === 'invalid') && frame !== undefined) frames.add(frame);
  }
  return frames;
}

/** Frames PROTOCOL.md quotes: the third column of its ```frames blocks and inline `…*HH` spans. */
function quotedFrames(): string[] {
  const doc = readFileSync(join(FIRMWARE_DIR, 'PROTOCOL.md'), 'utf8');
  const quoted: string[] = [];
  for (const block of doc.matchAll(/```frames\n([\s\S]*?)```/g)) {
    for (const line of (block[1] ?? '').split('\n')) {
      const m = /^\s*\d+\s+(?:panel|host)\s+(.+?\*[0-9A-F]{2})(?:\s{2,}.*)?$/.exec(line);
      if (line.trim() !== '') quoted.push(m?.[1] ?? `unparsable session line: ${line}`);
    }
  }
  for (const m of doc.matchAll(/`([A-Z]+ [0-9]+[^`*]*\*[0-9A-F]{2})`/g)) quoted.push(m[1] ?? '');
  return quoted;
}

describe('the seat panel firmware', () => {
  it('builds for the ATmega328P with room to spare in flash and RAM (make -C firmware)', async () => {
    const out = await make();
    expect(existsSync(join(FIRMWARE_DIR, 'build/panel.elf'))).toBe(true);
    expect(readFileSync(join(FIRMWARE_DIR, 'build/panel.hex'), 'utf8')).toMatch(/^:[0-9A-F]{10,}/);
    const flash = /flash: (\d+) of 32768 bytes/.exec(out);
    const ram = /RAM: +(\d+) of 2048 bytes/.exec(out);
    expect(flash, out).not.toBeNull();
    expect(ram, out).not.toBeNull();
    expect(Number(flash?.[1])).toBeLessThan(30720);
    expect(Number(ram?.[1])).toBeLessThan(1536);
  });

  it('passes its host tests, vectors included', async () => {
    const out = await make('test');
    const summary = /(\d+) tests, (\d+) checks, (\d+) failed tests, (\d+) failed checks/.exec(out);
    expect(summary, out).not.toBeNull();
    expect(Number(summary?.[1])).toBeGreaterThanOrEqual(50);
    expect(Number(summary?.[3])).toBe(0);
    expect(out).toMatch(/ok {3}decodes, re-encodes and feeds every line of vectors\.txt/);
  });

  it('builds the simulator', async () => {
    await make('sim');
    expect(existsSync(join(FIRMWARE_DIR, 'sim/build/panel-sim'))).toBe(true);
  });

  it('quotes in PROTOCOL.md only frames that are test vectors', () => {
    const frames = vectorFrames();
    const quoted = quotedFrames();
    expect(quoted.length).toBeGreaterThanOrEqual(15);
    expect(quoted.filter((f) => !frames.has(f))).toEqual([]);
  });

  it('keeps at least 25 vectors, with every reason for rejection', () => {
    const text = readFileSync(join(FIRMWARE_DIR, 'protocol/vectors.txt'), 'utf8');
    const rows = text.split('\n').filter((l) => l !== '' && !l.startsWith('#')).map((l) => l.split('\t'));
    expect(rows.length).toBeGreaterThanOrEqual(25);
    expect(rows.every((r) => r.length === 3 && (r[0] === 'valid' || r[0] === 'invalid'))).toBe(true);
    const reasons = new Set(rows.filter((r) => r[0] === 'invalid').map((r) => r[2]));
    expect([...reasons].sort()).toEqual(['crc', 'format', 'length']);
  });
});
