// Flood control. A token bucket per connection (socket) or per address (HTTP): a burst is
// fine — a player tapping quickly, a phone reconnecting — a sustained flood is refused
// without slowing anyone else down. Wrong credentials are counted separately, so that a
// six-digit PIN cannot be guessed by trying them all.

/** How fast a client may send: `perSecond` on average, `burst` at once. */
export interface RateLimit {
  perSecond: number;
  burst: number;
}

/** Default limit per socket connection: far above a human, far below a flood. */
export const SOCKET_LIMIT: RateLimit = { perSecond: 20, burst: 40 };
/** Default limit per address for HTTP requests to the API. */
export const HTTP_LIMIT: RateLimit = { perSecond: 30, burst: 60 };

/** One token bucket. */
export class TokenBucket {
  private tokens: number;
  private last: number;

  constructor(
    private readonly limit: RateLimit,
    private readonly now: () => number = Date.now,
  ) {
    this.tokens = limit.burst;
    this.last = now();
  }

  /** Takes one token; false when the bucket is empty (the message is refused). */
  take(): boolean {
    const t = this.now();
    this.tokens = Math.min(this.limit.burst, this.tokens + ((t - this.last) / 1000) * this.limit.perSecond);
    this.last = t;
    if (this.tokens < 1) return false;
    this.tokens -= 1;
    return true;
  }
}

/** Token buckets keyed by address, forgetting idle ones so the map cannot grow without end. */
export class KeyedBuckets {
  private readonly buckets = new Map<string, { bucket: TokenBucket; seen: number }>();

  constructor(
    private readonly limit: RateLimit,
    private readonly now: () => number = Date.now,
  ) {}

  /** Takes one token from the key's bucket. */
  take(key: string): boolean {
    const t = this.now();
    if (this.buckets.size > 10_000) {
      for (const [k, v] of this.buckets) if (t - v.seen > 60_000) this.buckets.delete(k);
    }
    let entry = this.buckets.get(key);
    if (entry === undefined) {
      entry = { bucket: new TokenBucket(this.limit, this.now), seen: t };
      this.buckets.set(key, entry);
    }
    entry.seen = t;
    return entry.bucket.take();
  }
}

/** Counts wrong credentials per address; too many in a minute locks that address out for a minute. */
export class AuthLockout {
  private readonly failures = new Map<string, number[]>();

  constructor(
    private readonly maxFailures = 10,
    private readonly windowMs = 60_000,
    private readonly now: () => number = Date.now,
  ) {}

  /** True while the address has failed too often recently. */
  locked(key: string): boolean {
    return this.recent(key).length >= this.maxFailures;
  }

  /** Records one wrong credential from the address. */
  fail(key: string): void {
    const list = this.recent(key);
    list.push(this.now());
    this.failures.set(key, list);
  }

  private recent(key: string): number[] {
    const t = this.now();
    const list = (this.failures.get(key) ?? []).filter((x) => t - x < this.windowMs);
    if (list.length === 0) this.failures.delete(key);
    else this.failures.set(key, list);
    return list;
  }
}
