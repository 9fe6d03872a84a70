import { type JobContext, and, eq } from '../../host/sdk/index.js';
import type { RefundDeps } from '../refunds/refund-deps.js';
import { syncRefund } from '../refunds/sync-refund.js';
import { PaymentRefund } from '../refunds/types.js';
import { forEachLimited } from './for-each-limited.js';

const MAX_PER_RUN = 500;
/** Refunds requested longer ago are no longer asked about (WeChat Pay settles bank-card refunds within days). */
const LOOKBACK_MS = 30 * 86_400_000;

/**
 * Asks the payment services about PENDING refunds of the last 30 days (the indexed status + requestedAt pair,
 * oldest first, bounded per run) and applies each answer, so a refund whose provider answered "processing",
 * whose notification was lost or whose call got no answer still ends.
 */
export async function syncPendingRefunds(deps: RefundDeps, ctx: Pick<JobContext, 'signal' | 'reportCounts'>): Promise<void> {
  const since = new Date(deps.clock.now() - LOOKBACK_MS).toISOString();
  const where = and(eq('spec.status', 'PENDING'), { op: 'ge', field: 'spec.requestedAt', value: since })!;
  const page = await deps.client.list(PaymentRefund, {
    where,
    sort: [{ field: 'spec.requestedAt', direction: 'asc' }],
    page: 1,
    size: MAX_PER_RUN,
    countTotal: false,
  });
  await forEachLimited(page.items, 8, async (refund) => {
    if (ctx.signal.aborted) return;
    try {
      const { changed } = await syncRefund(deps, refund, 'SYNC', ctx.signal);
      ctx.reportCounts(changed ? { changed: 1 } : { unchanged: 1 });
    } catch (err) {
      ctx.reportCounts({ failed: 1 });
      deps.logger.warn({ refundNo: refund.spec.refundNo, err: (err as Error).message }, 'refund sync failed; retried next run');
    }
  });
}
