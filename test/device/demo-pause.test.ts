import { getEventListeners } from 'node:events';
import { describe, expect, it } from 'vitest';
import { pause } from '../../device/demo/demo.ts';

describe('the demo’s pause between steps', () => {
  it('leaves no abort listener behind, however many steps the demo takes', async () => {
    const abort = new AbortController();
    for (let i = 0; i < 40; i++) await pause(0, abort.signal);
    expect(getEventListeners(abort.signal, 'abort')).toHaveLength(0);
  });

  it('ends at once when the demo is stopped', async () => {
    const abort = new AbortController();
    const waiting = pause(60_000, abort.signal);
    abort.abort();
    await expect(waiting).resolves.toBeUndefined();
    expect(getEventListeners(abort.signal, 'abort')).toHaveLength(0);
  });
});
