import { formatMinor } from '../money/index.js';
import type { PaymentInfoSpec } from '../orders/types.js';
import type { PaymentRefundSpec } from '../refunds/types.js';
import type { NotifyEventType } from './types.js';

/** The refund a `payment.refunded` event is about, as it stands at delivery time. */
export interface NotifyRefund {
  refundNo: string;
  refundId: string;
  /** Decimal string in the currency's units. */
  amount: string;
  amountMinor: number;
  currency: string;
  reason: string;
  status: string;
  channelRefundNo: string | null;
  refundedAt: string | null;
}

/** The JSON body POSTed to a notifyUrl (docs/payment.md "notifyUrl"). */
export interface NotifyPayload {
  eventId: string;
  /** payment.status_changed (the order's status moved) or payment.refunded (one of its refunds succeeded). */
  event: NotifyEventType;
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
  /** Refunded so far (all SUCCESS refunds of the order), decimal and minor units. */
  refundedAmount: string;
  refundedAmountMinor: number;
  /** payment.refunded only. */
  refund?: NotifyRefund;
}

export function buildNotifyPayload(
  eventId: string,
  order: PaymentInfoSpec,
  event: NotifyEventType = 'payment.status_changed',
  refund?: PaymentRefundSpec,
): NotifyPayload {
  const refunded = order.refundedAmount ?? 0;
  return {
    eventId,
    event,
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
    refundedAmount: formatMinor(refunded, order.currency),
    refundedAmountMinor: refunded,
    ...(refund ? { refund: refundOf(refund) } : {}),
  };
}

function refundOf(r: PaymentRefundSpec): NotifyRefund {
  return {
    refundNo: r.refundNo,
    refundId: r.refundId,
    amount: formatMinor(r.amount, r.currency),
    amountMinor: r.amount,
    currency: r.currency,
    reason: r.reason,
    status: r.status,
    channelRefundNo: r.channelRefundNo ?? null,
    refundedAt: r.refundedAt ?? null,
  };
}
