import { backoffDelay, type BackoffOptions } from './backoff.js';
import { systemClock, type Clock, type TimerHandle } from './clock.js';

/**
 * A de-duplicating work queue of object names, modelled on client-go's workqueue (client-node has none):
 * - a key already waiting is not queued twice;
 * - a key added while a worker processes it is queued again when that worker calls done();
 * - delayed adds keep only the earliest due time; rate-limited adds back off per key until forget().
 */
export class WorkQueue {
  private readonly ready: string[] = [];
  private readonly dirty = new Set<string>();
  private readonly processing = new Set<string>();
  private readonly delayed = new Map<string, { dueAt: number; timer: TimerHandle }>();
  private readonly failures = new Map<string, number>();
  private readonly waiters: Array<(key: string | undefined) => void> = [];
  private shuttingDown = false;

  constructor(
    private readonly backoff: BackoffOptions = {},
    private readonly clock: Clock = systemClock,
  ) {}

  add(key: string): void {
    if (this.shuttingDown || this.dirty.has(key)) return;
    this.dirty.add(key);
    if (this.processing.has(key)) return;
    this.push(key);
  }

  /** Adds the key after delayMs; an earlier pending add of the same key wins. */
  addAfter(key: string, delayMs: number): void {
    if (this.shuttingDown) return;
    if (delayMs <= 0) return this.add(key);
    const dueAt = this.clock.now() + delayMs;
    const pending = this.delayed.get(key);
    if (pending && pending.dueAt <= dueAt) return;
    if (pending) this.clock.clearTimeout(pending.timer);
    const timer = this.clock.setTimeout(() => {
      this.delayed.delete(key);
      this.add(key);
    }, delayMs);
    this.delayed.set(key, { dueAt, timer });
  }

  /** Re-adds a failed key after its backoff delay; returns the delay used. */
  addRateLimited(key: string): number {
    const failures = this.failures.get(key) ?? 0;
    this.failures.set(key, failures + 1);
    const delay = backoffDelay(failures, this.backoff);
    this.addAfter(key, delay);
    return delay;
  }

  /** Resets the key's backoff (after a success). */
  forget(key: string): void {
    this.failures.delete(key);
  }

  failuresOf(key: string): number {
    return this.failures.get(key) ?? 0;
  }

  /** The next key to process; undefined once the queue is shut down. */
  get(): Promise<string | undefined> {
    if (this.shuttingDown) return Promise.resolve(undefined);
    const key = this.ready.shift();
    if (key !== undefined) return Promise.resolve(this.take(key));
    return new Promise((resolve) => this.waiters.push(resolve));
  }

  /** Marks processing of key finished; a key added meanwhile is queued again. */
  done(key: string): void {
    this.processing.delete(key);
    if (this.dirty.has(key) && !this.shuttingDown) this.push(key);
  }

  get length(): number {
    return this.ready.length;
  }

  shutdown(): void {
    this.shuttingDown = true;
    for (const { timer } of this.delayed.values()) this.clock.clearTimeout(timer);
    this.delayed.clear();
    this.ready.length = 0;
    for (const waiter of this.waiters.splice(0)) waiter(undefined);
  }

  private push(key: string): void {
    const waiter = this.waiters.shift();
    if (waiter) waiter(this.take(key));
    else this.ready.push(key);
  }

  private take(key: string): string {
    this.dirty.delete(key);
    this.processing.add(key);
    return key;
  }
}
