import { setImmediate } from 'node:timers/promises';
import { type JobContext, and, lt } from '../../host/sdk/index.js';
import { PaymentCallbackLog, type PaymentCallbackLogObject } from '../callbacks/callback-log.js';
import type { PaymentDeps } from '../deps/payment-deps.js';
import { looksLikePaymentId } from '../orders/payment-id.js';
import { PaymentInfo, type OrderStatus } from '../orders/types.js';

const BATCH = 200;
const MAX_EXAMINED_PER_RUN = 20_000;
const DAY_MS = 86_400_000;
/** Orders whose callbacks may still matter: their history stays while they can change. */
const OPEN: ReadonlySet<OrderStatus> = new Set<OrderStatus>(['UNPAID', 'PAYING', 'UNKNOWN']);

/**
 * Deletes PaymentCallbackLogs first received more than `callbackLogRetentionDays` ago, oldest first, in
 * batches read through the `spec.receivedAt` index (no scan). Logs of an order still open (UNPAID, PAYING,
 * UNKNOWN) are kept, so the console can always explain an order that has not settled; the cursor moves
 * past them. Each batch is deleted in one transaction, and other writers get the store between batches.
 */
export async function deleteExpiredCallbackLogs(deps: PaymentDeps, ctx: Pick<JobContext, 'signal' | 'reportCounts'>): Promise<number> {
  const { callbackLogRetentionDays: days } = await deps.settings.read();
  if (!(days > 0)) return 0;
  const cutoff = new Date(deps.clock.now() - days * DAY_MS).toISOString();
  const seen = new Set<string>();
  let from = '';
  let deleted = 0;
  while (seen.size < MAX_EXAMINED_PER_RUN && !ctx.signal.aborted) {
    const where = and(lt('spec.receivedAt', cutoff), from ? { op: 'ge', field: 'spec.receivedAt', value: from } : undefined)!;
    const page = await deps.client.list(PaymentCallbackLog, {
      where,
      sort: [{ field: 'spec.receivedAt', direction: 'asc' }],
      page: 1,
      size: BATCH,
      countTotal: false,
    });
    const fresh = page.items.filter((log) => !seen.has(log.metadata.name));
    if (!fresh.length) break;
    for (const log of fresh) seen.add(log.metadata.name);
    from = fresh[fresh.length - 1].spec.receivedAt;
    const expired = await withoutOpenOrders(deps, fresh);
    await deps.client.transaction(async (tx) => {
      for (const log of expired) await tx.delete(PaymentCallbackLog, log.metadata.name);
    });
    deleted += expired.length;
    ctx.reportCounts({ deleted: expired.length, kept: fresh.length - expired.length });
    await setImmediate();
  }
  return deleted;
}

/** The logs whose order is closed (SUCCESS, FAILED), gone, or not ours at all. */
async function withoutOpenOrders(deps: PaymentDeps, logs: PaymentCallbackLogObject[]): Promise<PaymentCallbackLogObject[]> {
  const open = new Set<string>();
  const ids = new Set(logs.map((log) => log.spec.paymentId).filter(looksLikePaymentId));
  for (const id of ids) {
    const order = await deps.client.fetch(PaymentInfo, id);
    if (order && OPEN.has(order.spec.status)) open.add(id);
  }
  return logs.filter((log) => !log.spec.paymentId || !open.has(log.spec.paymentId));
}
