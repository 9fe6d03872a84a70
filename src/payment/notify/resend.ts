import { AppError, eq } from '../../host/sdk/index.js';
import { KINDS } from '../api-groups.js';
import type { PaymentDeps } from '../payment-deps.js';
import { ANNOUNCED } from '../orders/state-machine.js';
import type { StoredPayment } from '../orders/types.js';
import { queueDelivery } from './delivery-records.js';
import type { NotifyDelivery } from './types.js';

/**
 * An administrator's manual re-send (resendPaymentNotify): the order's latest delivery chain starts again
 * now with a fresh schedule; `delivered` keeps saying whether an earlier attempt already succeeded. An order
 * in an announced state without any chain (the URL was added later) gets a new one.
 */
export async function resendPaymentNotify(deps: PaymentDeps, order: StoredPayment): Promise<NotifyDelivery> {
  if (!order.spec.notifyUrl) throw new AppError('NO_NOTIFY_URL', '订单没有通知地址', { status: 409, messageEn: 'the order has no notifyUrl' });
  const page = await deps.client.list<NotifyDelivery>(KINDS.delivery, { where: eq('spec.paymentId', order.spec.paymentId), sort: [{ field: 'metadata.creationTimestamp', direction: 'desc' }], page: 1, size: 1 });
  const latest = page.items[0];
  if (!latest) {
    if (!ANNOUNCED.has(order.spec.status)) throw new AppError('NOTHING_TO_RESEND', '订单尚无可重发的通知', { status: 409, messageEn: `nothing to re-send while the order is ${order.spec.status}` });
    const eventId = `${order.spec.paymentId}-resend-${deps.now().getTime()}`;
    await deps.client.transaction(() => queueDelivery(deps, order, eventId));
    return deps.client.get<NotifyDelivery>(KINDS.delivery, eventId);
  }
  const status = { phase: 'PENDING', attempts: 0, nextAttemptAt: deps.now().toISOString(), manualResends: (latest.status.manualResends ?? 0) + 1 };
  return deps.client.patch<NotifyDelivery>(KINDS.delivery, latest.metadata.name, { spec: { notifyUrl: order.spec.notifyUrl }, status });
}
