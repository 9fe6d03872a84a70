import { toTimestamp, type Clock } from '../../host/sdk/index.js';

/**
 * "Now" at the precision the store keeps (whole seconds), so an in-memory rule and a store query built from
 * `toTimestamp(now)` agree on records that expire within the current second.
 */
export function wholeSecond(ms: number): number {
  return Math.floor(ms / 1000) * 1000;
}

/** The clock's current second, in milliseconds since the epoch. */
export function nowSecond(clock: Clock): number {
  return wholeSecond(clock.now());
}

/** The store's timestamp for the clock's current second. */
export function nowStamp(clock: Clock): string {
  return toTimestamp(nowSecond(clock));
}
