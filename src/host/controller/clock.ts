/** An opaque timer handle, as returned by Clock.setTimeout. */
export type TimerHandle = unknown;

/**
 * Time and timers, injected into the scheduler, queues and informers so tests can observe or replace them.
 * The system clock unrefs its timers: pending work never keeps a process alive on its own.
 */
export interface Clock {
  now(): number;
  setTimeout(fn: () => void, ms: number): TimerHandle;
  clearTimeout(handle: TimerHandle): void;
}

export const systemClock: Clock = {
  now: () => Date.now(),
  setTimeout(fn, ms) {
    const t = setTimeout(fn, Math.max(0, ms));
    t.unref?.();
    return t;
  },
  clearTimeout(handle) {
    clearTimeout(handle as NodeJS.Timeout);
  },
};

/** Waits ms on the given clock; resolves early (without error) when the signal aborts. */
export function sleep(clock: Clock, ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal?.aborted) return resolve();
    const handle = clock.setTimeout(done, ms);
    function done() {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }
    function onAbort() {
      clock.clearTimeout(handle);
      done();
    }
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}
