import { rolledForward, secondsUntilAllowed, weightedCount, windowStartOf, type WindowCounter } from './sliding-window.js';

/**
 * A small in-memory rate limiter for public endpoints (log-in, sign-up, public APIs).
 *
 * Sliding-window counter (sliding-window.ts): each key keeps the count of the current fixed window and of
 * the previous one. Two numbers per key, no per-request log. Memory is bounded: past `maxKeys`, the least
 * recently touched keys are evicted (a Map keeps insertion order, and every touch re-inserts the key).
 *
 * Per process: it is the limiter of the SQLite host (one process). On PostgreSQL, where replicas share the
 * store, the host hands out limiters counting in the database instead (postgres-rate-limits.ts), so the
 * limit holds across replicas.
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

type Counter = WindowCounter;

/** A rate limit, counted in this process or in a database the replicas share. */
export interface RateLimit {
  /** Counts one request for key and says whether it is allowed; refused requests are not counted. */
  hit(key: string): RateLimitDecision | Promise<RateLimitDecision>;
  /** Says whether a request would be allowed, without counting it. */
  check(key: string): RateLimitDecision | Promise<RateLimitDecision>;
  /** Forgets a key. */
  reset(key: string): void | Promise<void>;
}

/**
 * Makes the limiter of one named limit (`host:login-ip`, `<plugin>:public`). Limiters of one name share their
 * counts where the backend shares them (PostgreSQL), so a name must mean one limit.
 */
export type RateLimitFactory = (name: string, options: RateLimitOptions) => RateLimit;

/** The factory of the single-process host: every limiter counts in memory. */
export const inMemoryRateLimits: RateLimitFactory = (_name, options) => new RateLimiter(options);

export class RateLimiter implements RateLimit {
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
    return weightedCount(c, now, this.options.windowMs);
  }

  private retryAfter(c: Counter, now: number): number {
    return secondsUntilAllowed(c, now, this.options);
  }

  /** Moves a key's counter forward to the window containing now. */
  private roll(key: string, now: number): Counter | undefined {
    const c = this.counters.get(key);
    if (!c) return undefined;
    const next = rolledForward(c, now, this.options.windowMs);
    if (next.current === 0 && next.previous === 0) {
      this.counters.delete(key);
      return undefined;
    }
    return Object.assign(c, next);
  }

  private touch(key: string): Counter {
    let c = this.counters.get(key);
    if (c) this.counters.delete(key);
    else c = { windowStart: windowStartOf(this.clock(), this.options.windowMs), current: 0, previous: 0 };
    this.counters.set(key, c);
    while (this.counters.size > this.maxKeys) this.counters.delete(this.counters.keys().next().value as string);
    return c;
  }
}
