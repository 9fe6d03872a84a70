import type { OrderDeps } from './order-events.js';
import { closeAtChannelQuietly, reachedChannel } from './close-payment.js';
import { lockDaysOf, recordCreated, recordSuccess } from './daily-stats.js';
import { AppError } from '../../host/sdk/index.js';
import { isPaid, PaymentInfo } from './types.js';

/**
 * Deletes an order and takes it out of the day totals in one transaction. An order still open at the
 * channel is closed there first (quietly: deleting must not leave a payable trade behind). An order with a
 * refund still pending is kept (409): the refund's end must find its order.
 */
export async function deleteOrder(deps: OrderDeps, order: PaymentInfo): Promise<void> {
  if ((order.spec.refundPendingAmount ?? 0) > 0) throw refundInProgress();
  if ((order.spec.status === 'UNPAID' || order.spec.status === 'PAYING') && reachedChannel(order)) await closeAtChannelQuietly(deps, order);
  await deps.client.transaction(async () => {
    const current = await deps.client.fetch(PaymentInfo, order.metadata.name);
    if (!current) return;
    if ((current.spec.refundPendingAmount ?? 0) > 0) throw refundInProgress();
    await deps.client.delete(PaymentInfo, current.metadata.name);
    await lockDaysOf(deps, current);
    await recordCreated(deps, current, -1);
    if (isPaid(current.spec.status)) await recordSuccess(deps, current, -1);
  });
}

function refundInProgress(): AppError {
  return new AppError('REFUND_IN_PROGRESS', '订单有处理中的退款，暂不能删除', {
    status: 409,
    messageEn: 'the order has a refund in progress and cannot be deleted now',
  });
}
