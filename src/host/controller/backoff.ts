/** Exponential backoff: min, 2·min, 4·min, … capped at max (1 s → 30 s by default). */
export interface BackoffOptions {
  minDelayMs?: number;
  maxDelayMs?: number;
}

export const DEFAULT_MIN_DELAY_MS = 1000;
export const DEFAULT_MAX_DELAY_MS = 30_000;

export function backoffDelay(failures: number, options: BackoffOptions = {}): number {
  const min = options.minDelayMs ?? DEFAULT_MIN_DELAY_MS;
  const max = options.maxDelayMs ?? DEFAULT_MAX_DELAY_MS;
  const exponent = Math.min(Math.max(failures, 0), 30);
  return Math.min(min * 2 ** exponent, max);
}
