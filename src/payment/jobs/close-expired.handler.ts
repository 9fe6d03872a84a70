import { type JobContext, and, inValues } from '../../host/sdk/index.js';
import type { OrderDeps } from '../orders/order-events.js';
import { closePayment } from '../orders/close-payment.js';
import { PaymentInfo } from '../orders/types.js';
import { forEachLimited } from './for-each-limited.js';

const BATCH = 100;
const MAX_PER_RUN = 2000;

/**
 * Closes UNPAID and PAYING orders past expiresAt (indexed status + expiresAt range, oldest first): at the
 * channel, then FAILED with reason TIMEOUT. An order the channel reports paid becomes SUCCESS instead; an
 * order whose channel is unreachable waits for the next run.
 */
export async function closeExpiredOrders(deps: OrderDeps, ctx: Pick<JobContext, 'signal' | 'reportCounts'>): Promise<void> {
  const now = new Date(deps.clock.now()).toISOString();
  const seen = new Set<string>();
  let lastExpiry = '';
  while (seen.size < MAX_PER_RUN && !ctx.signal.aborted) {
    const where = and(
      inValues('spec.status', ['UNPAID', 'PAYING']),
      { op: 'le', field: 'spec.expiresAt', value: now },
      lastExpiry ? { op: 'ge', field: 'spec.expiresAt', value: lastExpiry } : undefined,
    )!;
    const page = await deps.client.list(PaymentInfo, {
      where,
      sort: [{ field: 'spec.expiresAt', direction: 'asc' }],
      page: 1,
      size: BATCH,
    });
    const fresh = page.items.filter((o) => !seen.has(o.metadata.name));
    if (!fresh.length) return;
    for (const o of fresh) seen.add(o.metadata.name);
    lastExpiry = fresh[fresh.length - 1].spec.expiresAt ?? now;
    await forEachLimited(fresh, 8, async (order) => {
      try {
        const closed = await closePayment(deps, order, 'TIMEOUT');
        ctx.reportCounts(closed.spec.status === 'FAILED' ? { closed: 1 } : { other: 1 });
      } catch (err) {
        ctx.reportCounts({ failed: 1 });
        deps.logger.warn({ paymentId: order.spec.paymentId, err: (err as Error).message }, 'time-out close failed; retried next run');
      }
    });
  }
}
