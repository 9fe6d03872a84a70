import type { PaymentDeps } from '../deps/payment-deps.js';
import type { OrderEventRefund } from '../orders/order-events.js';
import type { PaymentInfo } from '../orders/types.js';
import { PaymentNotifyDelivery } from './types.js';

/** Resource name of an event's delivery record (event ids are already DNS-safe). */
export const deliveryName = (eventId: string) => eventId.toLowerCase();

/**
 * Queues the notifyUrl delivery of an order event. Called inside the transaction of the status change (or of
 * the refund that reached SUCCESS), so the change and its delivery commit together; no URL, no record. The
 * name is the event id: an event is queued once, whoever asks.
 */
export async function queueDelivery(deps: PaymentDeps, order: PaymentInfo, eventId: string, refund?: OrderEventRefund): Promise<boolean> {
  if (!order.spec.notifyUrl) return false;
  const name = deliveryName(eventId);
  if (await deps.client.fetch(PaymentNotifyDelivery, name)) return false;
  const now = new Date(deps.clock.now()).toISOString();
  await deps.client.create(PaymentNotifyDelivery, {
    metadata: { name, labels: { 'payment.authpay.dev/payment-id': order.spec.paymentId } },
    spec: {
      eventId,
      paymentId: order.spec.paymentId,
      orderId: order.spec.orderId,
      platform: order.spec.platform,
      eventStatus: order.spec.status,
      eventType: refund ? 'payment.refunded' : 'payment.status_changed',
      ...(refund ? { refundNo: refund.refundNo } : {}),
      notifyUrl: order.spec.notifyUrl,
      occurredAt: now,
    },
    status: { phase: 'PENDING', delivered: false, attempts: 0, nextAttemptAt: now },
  });
  return true;
}
