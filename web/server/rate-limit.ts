// Flood control. A token bucket per connection (socket) or per address (HTTP): a burst is
// fine — a player tapping quickly, a phone reconnecting — a sustained flood is refused
// without slowing anyone else down. Wrong credentials are counted separately, per address and
// for the whole server, so that a six-digit PIN cannot be guessed by trying them all, not even
// from many addresses.

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

  /** Takes `cost` tokens (one message, or so many bytes); false when there are not enough (refused, nothing taken). */
  take(cost = 1): boolean {
    const t = this.now();
    this.tokens = Math.min(this.limit.burst, this.tokens + ((t - this.last) / 1000) * this.limit.perSecond);
    this.last = t;
    if (this.tokens < cost) return false;
    this.tokens -= cost;
    return true;
  }

  /** Milliseconds until `cost` tokens will be there (0 when they are now). */
  waitFor(cost: number): number {
    const t = this.now();
    const tokens = Math.min(this.limit.burst, this.tokens + ((t - this.last) / 1000) * this.limit.perSecond);
    return tokens >= cost ? 0 : Math.ceil(((cost - tokens) / this.limit.perSecond) * 1000);
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

/** Wrong credentials the whole server checks in GLOBAL_WINDOW_MS, from every address together. */
export const GLOBAL_FAILURES = 100;
export const GLOBAL_WINDOW_MS = 5 * 60_000;
/** How long an address that signed in stays exempt from the server-wide limit. */
const TRUST_MS = 12 * 60 * 60_000;
const MAX_TRUSTED = 256;

/**
 * Counts wrong credentials: too many in a minute from one address locks that address out for a
 * minute; too many from all addresses together stops checking credentials from addresses that
 * have not signed in lately, so a guesser with many addresses is slowed to a crawl while the
 * table's own tablets (signed in before) keep working.
 */
export class AuthLockout {
  private readonly failures = new Map<string, number[]>();
  private global: number[] = [];
  private readonly trusted = new Map<string, number>();

  constructor(
    private readonly maxFailures = 10,
    private readonly windowMs = 60_000,
    private readonly now: () => number = Date.now,
    private readonly globalMax = GLOBAL_FAILURES,
    private readonly globalWindowMs = GLOBAL_WINDOW_MS,
  ) {}

  /** True while the address may not have a credential checked. */
  locked(key: string): boolean {
    if (this.recent(key).length >= this.maxFailures) return true;
    return this.globallyLocked() && !this.isTrusted(key);
  }

  /** True while wrong credentials from everywhere have reached the server-wide limit. */
  globallyLocked(): boolean {
    const t = this.now();
    this.global = this.global.filter((x) => t - x < this.globalWindowMs);
    return this.global.length >= this.globalMax;
  }

  /** Records one wrong credential from the address. */
  fail(key: string): void {
    const list = this.recent(key);
    list.push(this.now());
    this.failures.set(key, list);
    this.global.push(this.now());
  }

  /** Records a credential that was right: the address is one of the table's. */
  succeed(key: string): void {
    this.trusted.delete(key);
    this.trusted.set(key, this.now());
    if (this.trusted.size > MAX_TRUSTED) this.trusted.delete(this.trusted.keys().next().value!);
  }

  private isTrusted(key: string): boolean {
    const since = this.trusted.get(key);
    return since !== undefined && this.now() - since < TRUST_MS;
  }

  private recent(key: string): number[] {
    const t = this.now();
    const list = (this.failures.get(key) ?? []).filter((x) => t - x < this.windowMs);
    if (list.length === 0) this.failures.delete(key);
    else this.failures.set(key, list);
    return list;
  }
}

/** The key an address is counted under: IPv4 as is (also when mapped into IPv6), IPv6 by its /64 network. */
export function addressKey(address: string | undefined): string {
  if (address === undefined || address === '') return 'unknown';
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped !== null) return mapped[1]!;
  if (!address.includes(':')) return address;
  // One household or attacker gets a whole /64: counting each address apart would multiply the limits.
  const [head = '', tail = ''] = address.toLowerCase().split('::');
  const left = head === '' ? [] : head.split(':');
  const right = tail === '' ? [] : tail.split(':');
  const groups = address.includes('::') ? [...left, ...Array(Math.max(0, 8 - left.length - right.length)).fill('0'), ...right] : left;
  return `${groups.slice(0, 4).map((g) => g.replace(/^0+(?=.)/, '')).join(':')}::/64`;
}
