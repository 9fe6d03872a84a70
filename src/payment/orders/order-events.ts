import type { Logger } from '../../host/sdk/index.js';
import type { PaymentDeps } from '../deps/payment-deps.js';
import type { OrderStatus, PaymentInfo } from './types.js';

/** The refund behind a `payment.refunded` event. */
export interface OrderEventRefund {
  /** The PaymentRefund's name: our refund number. */
  refundNo: string;
  /** The caller's refund id. */
  refundId: string;
  amountMinor: number;
}

/**
 * Something the business system and the administrators are told about: an arrival at an announced status
 * (SUCCESS, FAILED, UNKNOWN; id from state-machine eventIdOf), or a refund that reached SUCCESS (`refund`
 * set; `to` is the order's status after it, PARTIALLY_REFUNDED or REFUNDED, possibly the same as `from`).
 * An event id never repeats.
 */
export interface OrderEvent {
  eventId: string;
  order: PaymentInfo;
  from: OrderStatus;
  to: OrderStatus;
  refund?: OrderEventRefund;
}

/** Writes that belong to the status change: they run in its transaction, and a throw rolls the change back. */
export type OrderEventRecorder = (event: OrderEvent) => Promise<void>;

/** Hears a change after it committed; must not throw (a throw is logged, never passed to the mover). */
export type OrderEventListener = (event: OrderEvent) => void;

/**
 * The orders family's events. Families above orders subscribe at wiring time; orders never imports them.
 * - `record`: inside the transaction of the change, for outbox records that must commit with it (notify's
 *   delivery record: a crash after the commit must not lose the merchant's notification);
 * - `publish`: after the commit, for work that follows it (waking the delivery worker, telling administrators).
 */
export class OrderEvents {
  readonly #recorders: OrderEventRecorder[] = [];
  readonly #listeners: OrderEventListener[] = [];

  constructor(private readonly logger: Logger) {}

  onRecord(recorder: OrderEventRecorder): () => void {
    this.#recorders.push(recorder);
    return () => remove(this.#recorders, recorder);
  }

  onCommitted(listener: OrderEventListener): () => void {
    this.#listeners.push(listener);
    return () => remove(this.#listeners, listener);
  }

  /** Called by the state machine inside the transaction of the change. */
  async record(event: OrderEvent): Promise<void> {
    for (const recorder of [...this.#recorders]) await recorder(event);
  }

  /** Called by the state machine once the change has committed. */
  publish(event: OrderEvent): void {
    for (const listener of [...this.#listeners]) {
      try {
        listener(event);
      } catch (err) {
        this.logger.error({ err: (err as Error).message, eventId: event.eventId }, 'order event listener failed');
      }
    }
  }
}

/** What the functions that move orders need: the service's deps and the bus they publish on. */
export interface OrderDeps extends PaymentDeps {
  orderEvents: OrderEvents;
}

function remove<T>(list: T[], item: T): void {
  const at = list.indexOf(item);
  if (at >= 0) list.splice(at, 1);
}
