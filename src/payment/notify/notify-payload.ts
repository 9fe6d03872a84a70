import { formatMinor } from '../money/index.js';
import type { PaymentInfoSpec } from '../orders/types.js';

/** The JSON body POSTed to a notifyUrl (docs/payment.md "notifyUrl"). */
export interface NotifyPayload {
  eventId: string;
  orderId: string;
  paymentId: string;
  /** The order's status at delivery time (a fresh read), not a copy taken when the event was queued. */
  status: string;
  /** Decimal string in the currency's units, e.g. "12.30". */
  amount: string;
  /** The same amount in integer minor units. */
  amountMinor: number;
  currency: string;
  type: string;
  channel: string;
  platform: string;
  paidAt: string | null;
  failureReason: string | null;
}

export function buildNotifyPayload(eventId: string, order: PaymentInfoSpec): NotifyPayload {
  return {
    eventId,
    orderId: order.orderId,
    paymentId: order.paymentId,
    status: order.status,
    amount: formatMinor(order.paymentAmount, order.currency),
    amountMinor: order.paymentAmount,
    currency: order.currency,
    type: order.paymentType,
    channel: order.paymentChannel,
    platform: order.platform,
    paidAt: order.paidAt ?? null,
    failureReason: order.failureReason ?? null,
  };
}
