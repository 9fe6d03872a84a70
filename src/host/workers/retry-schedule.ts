/**
 * When a failed delivery is tried again: the delay after the n-th failed attempt (1-based), or undefined
 * when the chain is exhausted and the item gives up.
 */
export type RetrySchedule = (failedAttempts: number) => number | undefined;

/** Doubling delays with a cap and random spread, up to a number of attempts. */
export interface ExponentialBackoff {
  /** Attempts in all; after the last one fails the item gives up. */
  maxAttempts: number;
  /** Delay after the first failed attempt; doubles each time. */
  baseDelayMs: number;
  maxDelayMs: number;
  /** Fraction of random spread (0.2 = ±20%) so many failed items do not retry in lockstep. */
  jitter: number;
}

/** base·2^(n-1), capped at maxDelayMs, spread by ±jitter; gives up once maxAttempts attempts failed. */
export function exponentialBackoff(policy: ExponentialBackoff, random: () => number = Math.random): RetrySchedule {
  return (failedAttempts) => {
    if (failedAttempts >= policy.maxAttempts) return undefined;
    const exponential = policy.baseDelayMs * 2 ** Math.max(0, failedAttempts - 1);
    const capped = Math.min(policy.maxDelayMs, exponential);
    const spread = 1 + policy.jitter * (2 * random() - 1);
    return Math.max(0, Math.round(capped * spread));
  };
}

/** A fixed table: the n-th entry follows the n-th failed attempt; past the table the item gives up. */
export function delayTable(delaysMs: readonly number[]): RetrySchedule {
  return (failedAttempts) => (failedAttempts >= 1 && failedAttempts <= delaysMs.length ? delaysMs[failedAttempts - 1] : undefined);
}
