import { toTimestamp } from '../../../host/resource/time.js';

/** Milliseconds since the epoch. Every rule that depends on "now" takes one, so tests can pin time. */
export type Clock = () => number;

export const systemClock: Clock = () => Date.now();

/**
 * "Now" at the precision the store keeps (whole seconds), so an in-memory rule and a store query built from
 * `toTimestamp(now)` agree on records that expire within the current second.
 */
export function wholeSecond(ms: number): number {
  return Math.floor(ms / 1000) * 1000;
}

/** The store's timestamp for the clock's current second. */
export function nowStamp(clock: Clock): string {
  return toTimestamp(wholeSecond(clock()));
}
