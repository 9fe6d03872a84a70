import { ConflictError, PollingLoop, and, eq, type Condition } from '../../host/sdk/index.js';
import type { PaymentDeps } from '../deps/payment-deps.js';
import { deliverOnce, type AttemptResult } from './deliver-once.js';
import { retryDelayAfter } from './retry-schedule.js';
import { PaymentNotifyDelivery, withStatus, type NotifyDelivery, type NotifyDeliveryStatus } from './types.js';

export interface DeliveryWorkerOptions {
  /** Longest sleep between two looks (it also wakes at once when an event is queued). Default 2 s. */
  pollMs?: number;
  batchSize?: number;
  /** How long a claimed delivery is reserved for this process (a crash delays it by this much). */
  leaseMs?: number;
}

/**
 * Sends due notifyUrl deliveries: PENDING records whose nextAttemptAt has passed, found by the indexed
 * (phase, nextAttemptAt) range. Each is claimed with a compare-and-set write that pushes nextAttemptAt out
 * by a lease, so replicas sharing a database never send one attempt twice.
 */
export class NotifyDeliveryWorker {
  private readonly loop: PollingLoop;
  private readonly batchSize: number;
  private readonly leaseMs: number;
  private stopped = false;

  constructor(private readonly deps: PaymentDeps, options: DeliveryWorkerOptions = {}) {
    this.batchSize = options.batchSize ?? 20;
    this.leaseMs = options.leaseMs ?? 60_000;
    this.loop = new PollingLoop(() => this.drain(), {
      intervalMs: options.pollMs ?? 2000,
      onError: (err) => deps.logger.error({ err: (err as Error).message }, 'notify delivery cycle failed'),
    });
  }

  start(): void {
    this.stopped = false;
    this.loop.start();
  }

  /** Delivers now (an event was just queued) instead of at the next poll. */
  wake(): void {
    this.loop.wake();
  }

  stop(): Promise<void> {
    this.stopped = true;
    return this.loop.stop();
  }

  /** Delivers every due record, batch after batch. */
  private async drain(): Promise<void> {
    for (;;) {
      const due = await this.dueBatch();
      if (!due.length || this.stopped) return;
      await Promise.all(due.map((d) => this.attempt(d)));
      if (due.length < this.batchSize) return;
    }
  }

  private async dueBatch(): Promise<NotifyDelivery[]> {
    const now = new Date(this.deps.clock.now()).toISOString();
    const where: Condition = and(eq('status.phase', 'PENDING'), { op: 'le', field: 'status.nextAttemptAt', value: now })!;
    const sort = [{ field: 'status.nextAttemptAt', direction: 'asc' as const }];
    const page = await this.deps.client.list(PaymentNotifyDelivery, { where, sort, page: 1, size: this.batchSize });
    return page.items.map(withStatus);
  }

  /** Claims, sends and records one attempt; a lost claim means another replica has it. */
  async attempt(delivery: NotifyDelivery): Promise<void> {
    const claimed = await this.claim(delivery);
    if (!claimed) return;
    const result = await deliverOnce(this.deps, claimed);
    await this.record(claimed, result);
  }

  private async claim(delivery: NotifyDelivery): Promise<NotifyDelivery | undefined> {
    const now = this.deps.clock.now();
    const status: NotifyDeliveryStatus = {
      ...delivery.status,
      attempts: delivery.status.attempts + 1,
      lastAttemptAt: new Date(now).toISOString(),
      nextAttemptAt: new Date(now + this.leaseMs).toISOString(),
    };
    try {
      return await this.deps.client.update<NotifyDelivery>({ ...delivery, status });
    } catch (err) {
      if (err instanceof ConflictError) return undefined;
      throw err;
    }
  }

  private async record(claimed: NotifyDelivery, result: AttemptResult): Promise<void> {
    const now = this.deps.clock.now();
    const status: NotifyDeliveryStatus = { ...claimed.status };
    if (result.kind === 'delivered') {
      const deliveredAt = new Date(now).toISOString();
      Object.assign(status, { phase: 'DELIVERED', delivered: true, deliveredAt, lastStatusCode: result.status });
      delete status.nextAttemptAt;
      delete status.lastError;
    } else {
      const delay = result.kind === 'fatal' ? undefined : retryDelayAfter(status.attempts);
      status.lastError = result.error.slice(0, 1000);
      if (result.kind === 'failed' && result.status !== undefined) status.lastStatusCode = result.status;
      if (delay === undefined) {
        status.phase = 'GAVE_UP';
        delete status.nextAttemptAt;
      } else {
        status.nextAttemptAt = new Date(now + delay).toISOString();
      }
    }
    this.deps.logger.info({ delivery: claimed.metadata.name, attempt: status.attempts, outcome: result.kind, phase: status.phase }, 'notifyUrl delivery attempt');
    // A merge patch: removed fields are sent as null so they disappear from the stored status.
    const patch: Record<string, unknown> = { ...status };
    for (const key of Object.keys(claimed.status)) if (!(key in status)) patch[key] = null;
    await this.deps.client.patch(PaymentNotifyDelivery, claimed.metadata.name, { status: patch });
  }
}
