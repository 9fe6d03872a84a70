import { AppError, eq } from '../../host/sdk/index.js';
import type { PaymentDeps } from '../deps/payment-deps.js';
import { ANNOUNCED } from '../orders/state-machine.js';
import { isPaid, type PaymentInfo } from '../orders/types.js';
import { queueDelivery } from './delivery-records.js';
import { PaymentNotifyDelivery, withStatus, type NotifyDelivery } from './types.js';

/**
 * An administrator's manual re-send (resendPaymentNotify): the order's latest delivery chain starts again
 * now with a fresh schedule; `delivered` keeps saying whether an earlier attempt already succeeded. An order
 * in an announced state without any chain (the URL was added later) gets a new one.
 */
export async function resendPaymentNotify(deps: PaymentDeps, order: PaymentInfo): Promise<NotifyDelivery> {
  if (!order.spec.notifyUrl)
    throw new AppError('NO_NOTIFY_URL', '订单没有通知地址', { status: 409, messageEn: 'the order has no notifyUrl' });
  const newestFirst = [{ field: 'metadata.creationTimestamp', direction: 'desc' as const }];
  const where = eq('spec.paymentId', order.spec.paymentId);
  const page = await deps.client.list(PaymentNotifyDelivery, { where, sort: newestFirst, page: 1, size: 1 });
  const latest = page.items[0] && withStatus(page.items[0]);
  if (!latest) {
    if (!ANNOUNCED.has(order.spec.status) && !isPaid(order.spec.status)) {
      const messageEn = `nothing to re-send while the order is ${order.spec.status}`;
      throw new AppError('NOTHING_TO_RESEND', '订单尚无可重发的通知', { status: 409, messageEn });
    }
    const eventId = `${order.spec.paymentId}-resend-${deps.clock.now()}`;
    await deps.client.transaction(() => queueDelivery(deps, order, eventId));
    return withStatus(await deps.client.get(PaymentNotifyDelivery, eventId));
  }
  const nextAttemptAt = new Date(deps.clock.now()).toISOString();
  const status = { phase: 'PENDING', attempts: 0, nextAttemptAt, manualResends: (latest.status.manualResends ?? 0) + 1 };
  const restarted = await deps.client.patch(PaymentNotifyDelivery, latest.metadata.name, {
    spec: { notifyUrl: order.spec.notifyUrl },
    status,
  });
  return withStatus(restarted);
}
