import type { PaymentDeps } from '../deps/payment-deps.js';
import type { OrderEvent, OrderEvents } from '../orders/order-events.js';
import { notifyAdministrators } from './admin-notification.js';
import { queueDelivery } from './delivery-records.js';
import type { NotifyDeliveryWorker } from './delivery-worker.js';

/** notify's subscription to the orders family's events, and what is still being done after the commits. */
export interface OrderEventFollower {
  /** Resolves when the administrator notifications of the events so far are queued. */
  settled(): Promise<void>;
  unsubscribe(): void;
}

/**
 * Follows order events (status changes and refunds that reached SUCCESS): each event's notifyUrl delivery
 * record is written in the transaction of its change (so a crash cannot lose it); once the change has
 * committed the delivery worker wakes and the administrators are told.
 */
export function followOrderEvents(deps: PaymentDeps, events: OrderEvents, worker: Pick<NotifyDeliveryWorker, 'wake'>): OrderEventFollower {
  const pending = new Set<Promise<void>>();
  const stopRecording = events.onRecord(async (event) => void (await queueDelivery(deps, event.order, event.eventId, event.refund)));
  const stopListening = events.onCommitted((event: OrderEvent) => {
    if (event.order.spec.notifyUrl) worker.wake();
    const work = notifyAdministrators(deps, event).catch((err) => {
      deps.logger.error({ err: (err as Error).message }, 'admin notification failed');
    });
    pending.add(work);
    void work.finally(() => pending.delete(work));
  });
  return {
    settled: async () => void (await Promise.all(pending)),
    unsubscribe: () => {
      stopRecording();
      stopListening();
    },
  };
}
