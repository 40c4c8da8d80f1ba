import { describe, expect, it } from 'vitest';
import { BatchQueue } from '../../../device/referee/batch-queue.ts';

describe('BatchQueue', () => {
  it('hands items over in arrival order, those that waited together in one batch', async () => {
    const batches: number[][] = [];
    const queue = new BatchQueue<number, string>(async (items) => {
      batches.push(items);
      await new Promise((r) => setTimeout(r, 5));
      return items.map((i) => `#${i}`);
    });
    const first = queue.push(1);
    const rest = [2, 3, 4].map((i) => queue.push(i));
    expect(await Promise.all([first, ...rest])).toEqual(['#1', '#2', '#3', '#4']);
    expect(batches).toEqual([[1], [2, 3, 4]]);
  });

  it('caps the size of a batch', async () => {
    const batches: number[][] = [];
    const queue = new BatchQueue<number, number>(async (items) => (batches.push(items), items), 2);
    await Promise.all([1, 2, 3, 4, 5].map((i) => queue.push(i)));
    expect(batches.flat()).toEqual([1, 2, 3, 4, 5]);
    expect(Math.max(...batches.map((b) => b.length))).toBeLessThanOrEqual(2);
  });

  it('rejects the items of a batch whose runner throws, and goes on with the next', async () => {
    let calls = 0;
    const queue = new BatchQueue<number, number>(async (items) => {
      if (calls++ === 0) throw new Error('boom');
      return items;
    });
    const a = queue.push(1);
    const b = queue.push(2);
    await expect(a).rejects.toThrow('boom');
    expect(await b).toBe(2);
  });

  it('is idle once everything queued has run', async () => {
    const queue = new BatchQueue<number, number>(async (items) => items);
    const p = queue.push(7);
    await queue.idle();
    expect(await p).toBe(7);
  });
});
