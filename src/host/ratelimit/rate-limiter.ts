/**
 * A small in-memory rate limiter for public endpoints (log-in, sign-up, public APIs).
 *
 * Sliding-window counter: each key keeps the count of the current fixed window and of the previous one, and
 * the previous count is weighted by how much of it still overlaps the sliding window. Two numbers per key,
 * no per-request log. Memory is bounded: past `maxKeys`, the least recently touched keys are evicted (a
 * Map keeps insertion order, and every touch re-inserts the key).
 *
 * Per process: with several replicas each one counts on its own, which multiplies the limit by the number
 * of replicas; that is acceptable for brute-force protection.
 */
export interface RateLimitOptions {
  /** Requests allowed per window. */
  limit: number;
  windowMs: number;
  /** Keys kept at most (default 10 000). */
  maxKeys?: number;
  clock?: () => number;
}

export interface RateLimitDecision {
  allowed: boolean;
  /** Requests left in the window after this one (0 when refused). */
  remaining: number;
  /** Whole seconds until a request would be allowed again (0 when allowed). */
  retryAfterSeconds: number;
}

interface Counter {
  windowStart: number;
  current: number;
  previous: number;
}

export class RateLimiter {
  private readonly counters = new Map<string, Counter>();
  private readonly maxKeys: number;
  private readonly clock: () => number;

  constructor(private readonly options: RateLimitOptions) {
    if (!(options.limit > 0) || !(options.windowMs > 0)) throw new Error('rate limit and window must be positive');
    this.maxKeys = options.maxKeys ?? 10_000;
    this.clock = options.clock ?? Date.now;
  }

  /** Counts one request for key and says whether it is allowed; refused requests are not counted. */
  hit(key: string): RateLimitDecision {
    const decision = this.check(key);
    if (decision.allowed) {
      this.touch(key).current += 1;
      decision.remaining = Math.max(0, decision.remaining - 1);
    }
    return decision;
  }

  /** Says whether a request would be allowed, without counting it. */
  check(key: string): RateLimitDecision {
    const now = this.clock();
    const counter = this.roll(key, now);
    const used = counter ? this.weighted(counter, now) : 0;
    if (used < this.options.limit) return { allowed: true, remaining: Math.floor(this.options.limit - used), retryAfterSeconds: 0 };
    return { allowed: false, remaining: 0, retryAfterSeconds: this.retryAfter(counter!, now) };
  }

  /** Forgets a key (for example the failure count of a user after a successful log-in). */
  reset(key: string): void {
    this.counters.delete(key);
  }

  get size(): number {
    return this.counters.size;
  }

  private weighted(c: Counter, now: number): number {
    const overlap = 1 - (now - c.windowStart) / this.options.windowMs;
    return c.current + c.previous * Math.max(0, overlap);
  }

  /** Seconds until the weighted count drops below the limit, given no further requests. */
  private retryAfter(c: Counter, now: number): number {
    const { limit, windowMs } = this.options;
    // Once the current window rolls over, its count decays linearly over the next window:
    // n * (1 - t/W) < limit  ⇔  t > W * (1 - limit / n)
    const sinceStart =
      c.current >= limit ? windowMs + windowMs * (1 - limit / c.current) : windowMs * (1 - (limit - c.current) / c.previous);
    // Strictly after the crossing point: the weighted count must drop below the limit, not reach it.
    return Math.max(1, Math.floor((c.windowStart + sinceStart - now) / 1000) + 1);
  }

  /** Moves a key's counter forward to the window containing now. */
  private roll(key: string, now: number): Counter | undefined {
    const c = this.counters.get(key);
    if (!c) return undefined;
    const { windowMs } = this.options;
    const elapsedWindows = Math.floor((now - c.windowStart) / windowMs);
    if (elapsedWindows >= 2) {
      this.counters.delete(key);
      return undefined;
    }
    if (elapsedWindows === 1) {
      c.previous = c.current;
      c.current = 0;
      c.windowStart += windowMs;
    }
    return c;
  }

  private touch(key: string): Counter {
    let c = this.counters.get(key);
    if (c) this.counters.delete(key);
    else c = { windowStart: this.clock() - (this.clock() % this.options.windowMs), current: 0, previous: 0 };
    this.counters.set(key, c);
    while (this.counters.size > this.maxKeys) this.counters.delete(this.counters.keys().next().value as string);
    return c;
  }
}
