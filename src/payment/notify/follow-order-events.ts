import type { PaymentDeps } from '../deps/payment-deps.js';
import type { OrderEvent, OrderEvents } from '../orders/order-events.js';
import { notifyAdministrators } from './admin-notification.js';
import { queueDelivery } from './delivery-records.js';
import type { NotifyDeliveryWorker } from './delivery-worker.js';

/** notify's subscription to the orders family's events. */
export interface OrderEventFollower {
  unsubscribe(): void;
}

/**
 * Follows order events (status changes and refunds that reached SUCCESS): each event's notifyUrl delivery
 * record and its administrator messages are written in the transaction of its change, so a process killed
 * right after the commit loses neither, and a rolled-back change leaves neither behind; once the change has
 * committed the delivery worker wakes.
 */
export function followOrderEvents(deps: PaymentDeps, events: OrderEvents, worker: Pick<NotifyDeliveryWorker, 'wake'>): OrderEventFollower {
  const stopRecording = events.onRecord(async (event) => {
    await queueDelivery(deps, event.order, event.eventId, event.refund);
    await notifyAdministrators(deps, event);
  });
  const stopListening = events.onCommitted((event: OrderEvent) => {
    if (event.order.spec.notifyUrl) worker.wake();
  });
  return {
    unsubscribe: () => {
      stopRecording();
      stopListening();
    },
  };
}
