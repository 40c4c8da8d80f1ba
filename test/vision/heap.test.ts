import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const fixture = new URL('./fixtures/young-generation.ts', import.meta.url).pathname;

async function youngGeneration(mode: 'small' | 'default'): Promise<{ start: number; largest: number }> {
  const { stdout } = await promisify(execFile)(process.execPath, ['--import', 'tsx', fixture, mode]);
  return JSON.parse(stdout) as { start: number; largest: number };
}

describe('keepYoungGenerationSmall', () => {
  it('keeps the young generation near its starting size where V8 would grow it many times over', async () => {
    const [small, grown] = await Promise.all([youngGeneration('small'), youngGeneration('default')]);
    expect(small.largest).toBeLessThanOrEqual(2 * small.start);
    expect(grown.largest).toBeGreaterThan(4 * small.largest);
  });
});
