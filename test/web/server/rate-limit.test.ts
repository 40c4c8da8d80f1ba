import { describe, expect, it } from 'vitest';
import { AuthLockout, KeyedBuckets, TokenBucket } from '../../../web/server/rate-limit.ts';

describe('TokenBucket', () => {
  it('allows a burst, refuses beyond it, and refills at the given rate', () => {
    let now = 0;
    const b = new TokenBucket({ perSecond: 10, burst: 3 }, () => now);
    expect([b.take(), b.take(), b.take(), b.take()]).toEqual([true, true, true, false]);
    now += 100;
    expect([b.take(), b.take()]).toEqual([true, false]);
  });
});

describe('KeyedBuckets', () => {
  it('keeps one bucket per address so one flooder does not use up another\'s', () => {
    const k = new KeyedBuckets({ perSecond: 1, burst: 2 }, () => 0);
    expect([k.take('a'), k.take('a'), k.take('a')]).toEqual([true, true, false]);
    expect(k.take('b')).toBe(true);
  });
});

describe('AuthLockout', () => {
  it('locks an address after too many failures and lets it in again after the window', () => {
    let now = 0;
    const l = new AuthLockout(3, 1000, () => now);
    for (let i = 0; i < 3; i++) l.fail('x');
    expect(l.locked('x')).toBe(true);
    expect(l.locked('y')).toBe(false);
    now += 1001;
    expect(l.locked('x')).toBe(false);
  });
});
