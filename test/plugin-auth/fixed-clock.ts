import { systemClock, type Clock } from '../../src/host/sdk/index.js';

/** A clock whose "now" the test decides (a fixed instant or a function of real time); timers stay real. */
export function clockAt(now: number | (() => number)): Clock {
  return { ...systemClock, now: typeof now === 'number' ? () => now : now };
}
