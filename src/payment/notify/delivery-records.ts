import type { Resource } from '../../host/sdk/index.js';
import { KINDS } from '../api-groups.js';
import type { PaymentDeps } from '../payment-deps.js';
import type { StoredPayment } from '../orders/types.js';
import type { NotifyDelivery } from './types.js';

/** Resource name of an event's delivery record (event ids are already DNS-safe). */
export const deliveryName = (eventId: string) => eventId.toLowerCase();

/**
 * Queues the notifyUrl delivery of an order event. Called inside the transaction of the status change, so
 * the change and its delivery commit together; no URL, no record. The name is the event id: an event is
 * queued once, whoever asks.
 */
export async function queueDelivery(deps: PaymentDeps, order: StoredPayment, eventId: string): Promise<boolean> {
  if (!order.spec.notifyUrl) return false;
  const name = deliveryName(eventId);
  if (await deps.client.fetch(KINDS.delivery, name)) return false;
  const now = deps.now().toISOString();
  const delivery: Omit<NotifyDelivery, 'apiVersion'> = {
    kind: KINDS.delivery,
    metadata: { name, labels: { 'payment.authpay.dev/payment-id': order.spec.paymentId } },
    spec: {
      eventId,
      paymentId: order.spec.paymentId,
      orderId: order.spec.orderId,
      platform: order.spec.platform,
      eventStatus: order.spec.status,
      notifyUrl: order.spec.notifyUrl,
      occurredAt: now,
    },
    status: { phase: 'PENDING', delivered: false, attempts: 0, nextAttemptAt: now },
  };
  await deps.client.create({ apiVersion: '', ...delivery } as unknown as Resource);
  return true;
}
