import { AsyncResource } from 'node:async_hooks';

export interface PollingLoopOptions {
  /** Sleep between cycles when a cycle does not say otherwise. */
  intervalMs: number;
  onError(err: unknown): void;
}

/**
 * A background loop for outbox-style workers: runs one cycle at a time, sleeps between cycles, and wakes at
 * once on wake(). A cycle may return how long to sleep next (0 for "more work waiting").
 *
 * The timer is bound to the async context the loop was made in: wake() is often called from inside a
 * caller's store transaction, and a timer created there would otherwise inherit that transaction's context
 * and run the next cycle inside it (or wait for its lock).
 */
export class PollingLoop {
  private timer?: NodeJS.Timeout;
  private running?: Promise<void>;
  private again = false;
  private stopped = true;
  private readonly fire = AsyncResource.bind(() => void this.run());

  constructor(
    private readonly cycle: () => Promise<number | void>,
    private readonly options: PollingLoopOptions,
  ) {}

  start(): void {
    this.stopped = false;
    this.schedule(0);
  }

  /** Runs a cycle now instead of at the next poll (after new work was queued). */
  wake(): void {
    if (this.stopped) return;
    // During a cycle a timer could be replaced by the cycle's own next sleep; note the wake instead.
    if (this.running) this.again = true;
    else this.schedule(0);
  }

  /** Stops scheduling and waits for a running cycle to finish. */
  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    await this.running;
  }

  private schedule(delayMs: number): void {
    if (this.stopped) return;
    clearTimeout(this.timer);
    this.timer = setTimeout(this.fire, delayMs);
    this.timer.unref();
  }

  private async run(): Promise<void> {
    if (this.running) {
      this.again = true;
      return;
    }
    let next = this.options.intervalMs;
    this.running = this.cycle().then(
      (delay) => {
        if (typeof delay === 'number') next = delay;
      },
      (err: unknown) => this.options.onError(err),
    );
    await this.running;
    this.running = undefined;
    const more = this.again;
    this.again = false;
    this.schedule(more ? 0 : next);
  }
}
