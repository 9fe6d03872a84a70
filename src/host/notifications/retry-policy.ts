/** How often and how late the worker tries a message again. */
export interface RetryPolicy {
  /** Attempts before a message becomes FAILED (an administrator can retry it). */
  maxAttempts: number;
  /** Delay after the first failed attempt; doubles each time. */
  baseDelayMs: number;
  maxDelayMs: number;
  /** Fraction of random spread (0.2 = ±20%) so many failed messages do not retry in lockstep. */
  jitter: number;
}

export const DEFAULT_RETRY_POLICY: RetryPolicy = { maxAttempts: 10, baseDelayMs: 30_000, maxDelayMs: 3_600_000, jitter: 0.2 };

/** Delay before the next attempt after `attempts` failed ones (1-based): base·2^(n-1), capped, spread. */
export function retryDelayMs(policy: RetryPolicy, attempts: number, random: () => number = Math.random): number {
  const exponential = policy.baseDelayMs * 2 ** Math.max(0, attempts - 1);
  const capped = Math.min(policy.maxDelayMs, exponential);
  const spread = 1 + policy.jitter * (2 * random() - 1);
  return Math.max(0, Math.round(capped * spread));
}
