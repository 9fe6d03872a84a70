/**
 * The arithmetic of the sliding-window counter, shared by the in-memory limiter and the PostgreSQL one.
 * A key keeps the count of the current fixed window (aligned to multiples of windowMs) and of the previous
 * one; the previous count is weighted by how much of it still overlaps the sliding window.
 */
export interface WindowCounter {
  /** Start of the current window, a multiple of windowMs. */
  windowStart: number;
  current: number;
  previous: number;
}

export interface WindowOptions {
  limit: number;
  windowMs: number;
}

/** Requests counted at `now`: the current window's, plus the previous one's still overlapping. */
export function weightedCount(c: WindowCounter, now: number, windowMs: number): number {
  const overlap = 1 - (now - c.windowStart) / windowMs;
  return c.current + c.previous * Math.max(0, overlap);
}

/** Whole seconds until the weighted count drops below the limit, given no further requests (at least 1). */
export function secondsUntilAllowed(c: WindowCounter, now: number, { limit, windowMs }: WindowOptions): number {
  // Once the current window rolls over, its count decays linearly over the next window:
  // n * (1 - t/W) < limit  ⇔  t > W * (1 - limit / n)
  const sinceStart = c.current >= limit ? windowMs + windowMs * (1 - limit / c.current) : windowMs * (1 - (limit - c.current) / c.previous);
  // Strictly after the crossing point: the weighted count must drop below the limit, not reach it.
  return Math.max(1, Math.floor((c.windowStart + sinceStart - now) / 1000) + 1);
}

/** A counter as it stands in the window holding `now`: one window on, current becomes previous; two, both go. */
export function rolledForward(c: WindowCounter, now: number, windowMs: number): WindowCounter {
  const start = windowStartOf(now, windowMs);
  if (start <= c.windowStart) return c;
  if (start - c.windowStart < 2 * windowMs) return { windowStart: start, current: 0, previous: c.current };
  return { windowStart: start, current: 0, previous: 0 };
}

/** The start of the window holding `now`. */
export function windowStartOf(now: number, windowMs: number): number {
  return now - (now % windowMs);
}
