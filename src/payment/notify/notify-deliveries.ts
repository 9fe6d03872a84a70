import { ConflictError, and, eq, type Condition } from '../../host/sdk/index.js';
import type { AttemptResult, Lease, LeasedDelivery, Settlement } from '../../host/sdk/index.js';
import type { PaymentDeps } from '../deps/payment-deps.js';
import { deliverOnce, type AttemptResult as NotifyAttempt } from './deliver-once.js';
import { PaymentNotifyDelivery, withStatus, type NotifyDelivery, type NotifyDeliveryStatus } from './types.js';

const iso = (ms: number) => new Date(ms).toISOString();

/** notifyUrl deliveries as items of the host's leased delivery worker; the detail is deliverOnce's own result. */
export class NotifyDeliveries implements LeasedDelivery<NotifyDelivery, undefined, NotifyAttempt> {
  constructor(private readonly deps: PaymentDeps) {}

  async due(now: number, limit: number): Promise<NotifyDelivery[]> {
    const where: Condition = and(eq('status.phase', 'PENDING'), { op: 'le', field: 'status.nextAttemptAt', value: iso(now) })!;
    const sort = [{ field: 'status.nextAttemptAt', direction: 'asc' as const }];
    const page = await this.deps.client.list(PaymentNotifyDelivery, { where, sort, page: 1, size: limit });
    return this.deps.client.viewItems(PaymentNotifyDelivery, page.items, withStatus);
  }

  async claim(delivery: NotifyDelivery, lease: Lease): Promise<NotifyDelivery | undefined> {
    const attempts = delivery.status.attempts + 1;
    const status: NotifyDeliveryStatus = { ...delivery.status, attempts, lastAttemptAt: iso(lease.now), nextAttemptAt: iso(lease.until) };
    try {
      return await this.deps.client.update<NotifyDelivery>({ ...delivery, status });
    } catch (err) {
      if (err instanceof ConflictError) return undefined;
      throw err;
    }
  }

  attemptsOf(claimed: NotifyDelivery): number {
    return claimed.status.attempts;
  }

  async deliver(claimed: NotifyDelivery): Promise<AttemptResult<NotifyAttempt>> {
    const r = await deliverOnce(this.deps, claimed);
    if (r.kind === 'delivered') return { kind: 'delivered', detail: r };
    return { kind: 'failed', error: r.error, permanent: r.kind === 'fatal', detail: r };
  }

  async record(claimed: NotifyDelivery, s: Settlement<NotifyAttempt>): Promise<void> {
    const status: NotifyDeliveryStatus = { ...claimed.status };
    if (s.kind === 'delivered') {
      const lastStatusCode = s.detail?.kind === 'delivered' ? s.detail.status : undefined;
      Object.assign(status, { phase: 'DELIVERED', delivered: true, deliveredAt: iso(s.at), lastStatusCode });
      delete status.nextAttemptAt;
      delete status.lastError;
    } else {
      status.lastError = s.error.slice(0, 1000);
      if (s.detail?.kind === 'failed' && s.detail.status !== undefined) status.lastStatusCode = s.detail.status;
      if (s.kind === 'gave-up') {
        status.phase = 'GAVE_UP';
        delete status.nextAttemptAt;
      } else status.nextAttemptAt = iso(s.nextAttemptAt);
    }
    const outcome = s.detail?.kind ?? 'failed';
    const line = { delivery: claimed.metadata.name, attempt: status.attempts, outcome, phase: status.phase };
    this.deps.logger.info(line, 'notifyUrl delivery attempt');
    // A merge patch: removed fields are sent as null so they disappear from the stored status.
    const patch: Record<string, unknown> = { ...status };
    for (const key of Object.keys(claimed.status)) if (!(key in status)) patch[key] = null;
    await this.deps.client.patch(PaymentNotifyDelivery, claimed.metadata.name, { status: patch });
  }
}
