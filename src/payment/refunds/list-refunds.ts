import { eq, listResult, type ListResult } from '../../host/sdk/index.js';
import type { PaymentDeps } from '../deps/payment-deps.js';
import { toRefundView, type RefundView } from './refund-view.js';
import { PaymentRefund } from './types.js';

/** An order's refunds, newest first, by the indexed (paymentId, requestedAt) pair. */
export async function refundsOfOrder(deps: PaymentDeps, paymentId: string, page = 1, size = 20): Promise<ListResult<RefundView>> {
  const found = await deps.client.list(PaymentRefund, {
    where: eq('spec.paymentId', paymentId),
    sort: [{ field: 'spec.requestedAt', direction: 'desc' }],
    page,
    size,
  });
  const items = deps.client.viewItems(PaymentRefund, found.items, toRefundView);
  return listResult(items, found.total ?? items.length, page, size);
}
