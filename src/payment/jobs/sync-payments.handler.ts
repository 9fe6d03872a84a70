import { type JobContext, and, inValues, toTimestamp } from '../../host/sdk/index.js';
import type { OrderDeps } from '../orders/order-events.js';
import { syncWithChannel } from '../orders/sync-payment.js';
import { PaymentInfo } from '../orders/types.js';
import { forEachLimited } from './for-each-limited.js';

const MAX_PER_RUN = 500;
/** Orders older than this are no longer asked about (a person looks at UNKNOWN ones in the console). */
const LOOKBACK_MS = 7 * 86_400_000;

/**
 * Asks the channel about PAYING and UNKNOWN orders of the last 7 days (oldest first, bounded per run) and
 * applies each answer through the state machine, so a lost callback is still found.
 */
export async function syncOpenOrders(deps: OrderDeps, ctx: Pick<JobContext, 'signal' | 'reportCounts'>): Promise<void> {
  const since = toTimestamp(deps.clock.now() - LOOKBACK_MS);
  const where = and(inValues('spec.status', ['PAYING', 'UNKNOWN']), { op: 'ge', field: 'metadata.creationTimestamp', value: since })!;
  const page = await deps.client.list(PaymentInfo, {
    where,
    sort: [{ field: 'metadata.creationTimestamp', direction: 'asc' }],
    page: 1,
    size: MAX_PER_RUN,
  });
  await forEachLimited(page.items, 8, async (order) => {
    if (ctx.signal.aborted) return;
    try {
      const after = await syncWithChannel(deps, order, 'SYNC', ctx.signal);
      ctx.reportCounts(after.spec.status !== order.spec.status ? { changed: 1 } : { unchanged: 1 });
    } catch (err) {
      ctx.reportCounts({ failed: 1 });
      deps.logger.warn({ paymentId: order.spec.paymentId, err: (err as Error).message }, 'status sync failed; retried next run');
    }
  });
}
