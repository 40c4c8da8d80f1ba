import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { OLD_GENERATION_GROWTH } from '../../vision/heap.ts';

const fixture = new URL('./fixtures/young-generation.ts', import.meta.url).pathname;
const oldFixture = new URL('./fixtures/old-generation.ts', import.meta.url).pathname;

async function youngGeneration(mode: 'small' | 'default'): Promise<{ start: number; largest: number }> {
  const { stdout } = await promisify(execFile)(process.execPath, ['--import', 'tsx', fixture, mode]);
  return JSON.parse(stdout) as { start: number; largest: number };
}

async function oldGeneration(): Promise<{ kept: number; peak: number }> {
  const { stdout } = await promisify(execFile)(process.execPath, ['--expose-gc', '--import', 'tsx', oldFixture, 'set']);
  return JSON.parse(stdout) as { kept: number; peak: number };
}

describe('setHeapForReading', () => {
  it('keeps the young generation near its starting size where V8 would grow it many times over', async () => {
    const [small, grown] = await Promise.all([youngGeneration('small'), youngGeneration('default')]);
    expect(small.largest).toBeLessThanOrEqual(2 * small.start);
    expect(grown.largest).toBeGreaterThan(4 * small.largest);
  });

  it('lets the old generation fill to twice what a full collection kept before the next, whatever V8 would pick', async () => {
    const { kept, peak } = await oldGeneration();
    expect(peak / kept).toBeGreaterThan(0.9 * OLD_GENERATION_GROWTH);
    expect(peak / kept).toBeLessThan(1.4 * OLD_GENERATION_GROWTH);
  });
});
