import type { ExponentialBackoff } from '../workers/retry-schedule.js';

/** How often and how late the outbox tries a message again (FAILED after the last attempt; an administrator can retry it). */
export type RetryPolicy = ExponentialBackoff;

export const DEFAULT_RETRY_POLICY: RetryPolicy = { maxAttempts: 10, baseDelayMs: 30_000, maxDelayMs: 3_600_000, jitter: 0.2 };
