import type { Clock } from '../controller/clock.js';
import type { Logger } from '../logging/logger.js';
import { PollingLoop } from './polling-loop.js';
import type { RetrySchedule } from './retry-schedule.js';

/** What one delivery attempt came to, as the item kind's `deliver` reports it. */
export type AttemptResult<D = undefined> =
  | { kind: 'delivered'; detail?: D }
  /** `permanent`: retrying cannot help (target refused for good, item gone); the item gives up at once. */
  | { kind: 'failed'; error: string; permanent?: boolean; detail?: D };

/** What the worker decided after an attempt, for the item kind to record. `at` is the clock after the attempt. */
export type Settlement<D = undefined> =
  | { kind: 'delivered'; at: number; detail?: D }
  | { kind: 'retry'; at: number; nextAttemptAt: number; error: string; detail?: D }
  | { kind: 'gave-up'; at: number; error: string; detail?: D };

/** The lease a claim writes: the attempt starts `now`; no other process may try the item before `until`. */
export interface Lease {
  now: number;
  until: number;
}

/**
 * One kind of deliverable item (an outbox message, a notifyUrl delivery) as the worker sees it. The item is
 * normally a stored resource with a status holding a phase, an attempt count and the time of its next
 * attempt; the worker never looks inside it and leaves every store access to these methods.
 *
 * @typeParam T - the item (for example `Stored<NotifyDeliverySpec, NotifyDeliveryStatus>`)
 * @typeParam C - per-cycle context from `prepare` (for example the SMTP settings); `undefined` if none
 * @typeParam D - detail carried from `deliver` to `record` (for example the HTTP status code)
 */
export interface LeasedDelivery<T, C = undefined, D = undefined> {
  /** Once per cycle, before `due`: reads what every attempt of the cycle needs. */
  prepare?(): Promise<C>;
  /**
   * Items whose next attempt is due at `now`, oldest first, at most `limit` (an indexed range such as
   * phase = PENDING and nextAttemptAt <= now). A claimed item is not due until its lease ends.
   */
  due(now: number, limit: number, context: C): Promise<T[]>;
  /** When the earliest pending item falls due (epoch ms), or undefined if none; without it the worker polls. */
  nextDueAt?(): Promise<number | undefined>;
  /**
   * Optional fast path for items whose next step is a store write only (no outside call, so no lease is
   * needed: a lost compare-and-set simply writes nothing). Handles those and returns the items left for the
   * claimed path.
   */
  withoutLease?(items: T[], context: C): Promise<T[]>;
  /**
   * Claims an item with a compare-and-set write of its version: counts the attempt, records `lease.now` as
   * its last attempt and pushes its next attempt out to `lease.until`. Resolves undefined when another
   * process changed the item first (it has the item, or the item is gone); that is the only guard against
   * two processes delivering one item, so the write must fail on a stale version.
   */
  claim(item: T, lease: Lease, context: C): Promise<T | undefined>;
  /** Failed attempts so far of a claimed item, the current one included (the claim counted it). */
  attemptsOf(claimed: T): number;
  /**
   * Makes one attempt. Returns its result rather than throwing; a thrown error counts as a failed,
   * retryable attempt with the error's message.
   */
  deliver(claimed: T, context: C): Promise<AttemptResult<D>>;
  /**
   * Records the worker's decision on the claimed item: delivered, retry at `nextAttemptAt` (which also ends
   * the lease), or gave up. A record lost to a concurrent change may be dropped.
   */
  record(claimed: T, settlement: Settlement<D>, context: C): Promise<void>;
}

export interface LeasedDeliveryWorkerOptions {
  /** Names the worker in its log lines. */
  name: string;
  logger: Logger;
  clock: Pick<Clock, 'now'>;
  /** Longest sleep between two looks (it wakes earlier for a known due time, a full batch or wake()). */
  pollIntervalMs: number;
  batchSize: number;
  /** How long a claimed item is reserved for the claiming process; a crash delays the item by this much. */
  leaseMs: number;
  /** Delay after the n-th failed attempt, or undefined to give up. */
  retry: RetrySchedule;
  /** Attempt a batch's items all at once instead of one after another (default false). */
  parallel?: boolean;
}

/**
 * The host's one outbox delivery loop, generic over the item kind: find due items → claim each with a
 * lease (a compare-and-set write) → deliver → record delivered, or the next attempt on the retry schedule,
 * or give up. Several processes may run it on one database: the claim decides which of them attempts an
 * item, and an item whose process died falls due again when its lease ends. Delivery is at least once (a
 * process that dies after delivering but before recording delivers again after the lease), so the far end
 * must tolerate a repeat (event ids, message ids).
 *
 * The loop runs one cycle at a time: a full batch is followed by the next at once, otherwise it sleeps
 * until the next due item (`nextDueAt`) or `pollIntervalMs`, whichever is sooner; wake() looks at once.
 */
export class LeasedDeliveryWorker<T, C = undefined, D = undefined> {
  private readonly loop: PollingLoop;

  constructor(
    private readonly items: LeasedDelivery<T, C, D>,
    private readonly o: LeasedDeliveryWorkerOptions,
  ) {
    const onError = (err: unknown) => o.logger.error({ err }, `${o.name} delivery cycle failed`);
    this.loop = new PollingLoop(() => this.cycle(), { intervalMs: o.pollIntervalMs, onError });
  }

  start(): void {
    this.loop.start();
  }

  /** Looks for due items now (one was just queued, or settings changed) instead of at the next poll. */
  wake(): void {
    this.loop.wake();
  }

  /** Stops the loop and waits for a running cycle to finish. */
  stop(): Promise<void> {
    return this.loop.stop();
  }

  /** One batch in the caller's flow (CLI, tests); resolves with the number of due items it found. */
  async runOnce(): Promise<number> {
    // Without prepare, C is undefined by the interface's contract (its default).
    const context = (await this.items.prepare?.()) as C;
    const due = await this.items.due(this.o.clock.now(), this.o.batchSize, context);
    const leased = this.items.withoutLease && due.length ? await this.items.withoutLease(due, context) : due;
    if (this.o.parallel) await Promise.all(leased.map((item) => this.attempt(item, context)));
    else for (const item of leased) await this.attempt(item, context);
    return due.length;
  }

  /** Claims, delivers and records one item; a lost claim means another process has it. */
  async attempt(item: T, context: C): Promise<void> {
    const now = this.o.clock.now();
    const claimed = await this.items.claim(item, { now, until: now + this.o.leaseMs }, context);
    if (!claimed) return;
    let result: AttemptResult<D>;
    try {
      result = await this.items.deliver(claimed, context);
    } catch (err) {
      result = { kind: 'failed', error: errorText(err) };
    }
    await this.items.record(claimed, this.settle(claimed, result), context);
  }

  private settle(claimed: T, result: AttemptResult<D>): Settlement<D> {
    const at = this.o.clock.now();
    if (result.kind === 'delivered') return { kind: 'delivered', at, detail: result.detail };
    const delay = result.permanent ? undefined : this.o.retry(this.items.attemptsOf(claimed));
    if (delay === undefined) return { kind: 'gave-up', at, error: result.error, detail: result.detail };
    return { kind: 'retry', at, nextAttemptAt: at + delay, error: result.error, detail: result.detail };
  }

  private async cycle(): Promise<number> {
    const found = await this.runOnce();
    if (found >= this.o.batchSize) return 0;
    const next = await this.items.nextDueAt?.();
    if (next === undefined) return this.o.pollIntervalMs;
    return Math.min(this.o.pollIntervalMs, Math.max(0, next - this.o.clock.now()));
  }
}

function errorText(err: unknown): string {
  return (err instanceof Error ? err.message : String(err)) || 'delivery failed';
}
