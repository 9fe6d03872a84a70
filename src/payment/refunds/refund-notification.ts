import { AppError, and, eq } from '../../host/sdk/index.js';
import { ChannelError, type CallbackEvent, type PaymentChannel } from '../channels/index.js';
import { looksLikePaymentId } from '../orders/payment-id.js';
import { PaymentInfo } from '../orders/types.js';
import type { RefundDeps } from './refund-deps.js';
import { outcomeOfResult } from './refund-outcome.js';
import { settleRefund } from './settle-refund.js';
import { syncRefund } from './sync-refund.js';
import { PaymentRefund } from './types.js';

/** What a verified refund notification came to, for the callback log. */
export interface RefundNotificationResult {
  outcome: 'ACCEPTED' | 'IGNORED';
  /** TRANSITIONED, NO_CHANGE, QUERY_DISAGREES, REFUND_ALREADY_FINAL, UNKNOWN_REFUND. */
  reason: string;
  refundNo?: string;
  transition?: string;
}

/**
 * A verified notification about a refund (`event.refund`): find our refund (by our refund number, else by the
 * provider's refund number), check it belongs to the order and has the amount notified, then settle it from
 * the provider's query where the adapter can query (the payload is a hint), else from the verified payload.
 * Throws UNKNOWN_ORDER and CALLBACK_MISMATCH (refused); a refund we never made (refunded at the provider's own
 * console) is acknowledged and ignored, since resending cannot change that.
 */
export async function applyRefundNotification(
  deps: RefundDeps,
  channel: PaymentChannel,
  event: CallbackEvent,
): Promise<RefundNotificationResult> {
  const notified = event.refund!;
  const order = looksLikePaymentId(event.orderRef) ? await deps.client.fetch(PaymentInfo, event.orderRef) : undefined;
  if (!order || order.spec.paymentType !== channel.id) {
    throw new AppError('UNKNOWN_ORDER', `没有该退款通知对应的订单 ${event.orderRef}`, {
      status: 400,
      messageEn: `no ${channel.id} payment order ${event.orderRef}`,
    });
  }
  const refund = await findRefund(deps, order.spec.paymentId, order.spec.paymentType, notified);
  if (!refund) return { outcome: 'IGNORED', reason: 'UNKNOWN_REFUND' };
  const refundNo = refund.spec.refundNo;
  if (notified.amountMinor !== undefined && notified.amountMinor !== refund.spec.amount) {
    throw new ChannelError(
      'CALLBACK_MISMATCH',
      `refund notification amount ${notified.amountMinor} is not the refund's ${refund.spec.amount}`,
      {
        details: [{ field: 'refund.amount', message: `expected ${refund.spec.amount}`, reason: 'MISMATCH' }],
      },
    );
  }
  if (refund.spec.status !== 'PENDING') {
    return { outcome: 'ACCEPTED', reason: notified.status === refund.spec.status ? 'NO_CHANGE' : 'REFUND_ALREADY_FINAL', refundNo };
  }
  const settled = channel.queryRefund
    ? await syncRefund(deps, refund, 'CALLBACK')
    : await settleRefund(deps, refundNo, outcomeOfResult(notified, refund), { source: 'CALLBACK' });
  if (!settled.changed) return { outcome: 'ACCEPTED', reason: notified.status === 'PENDING' ? 'NO_CHANGE' : 'QUERY_DISAGREES', refundNo };
  return { outcome: 'ACCEPTED', reason: 'TRANSITIONED', refundNo, transition: `refund PENDING->${settled.refund.spec.status}` };
}

/** Our refund of this order named by the notification. */
async function findRefund(
  deps: RefundDeps,
  paymentId: string,
  paymentType: string,
  notified: NonNullable<CallbackEvent['refund']>,
): Promise<PaymentRefund | undefined> {
  const byNumber = notified.refundId && /^[a-z0-9][a-z0-9-]{0,63}$/.test(notified.refundId);
  let refund = byNumber ? await deps.client.fetch(PaymentRefund, notified.refundId!) : undefined;
  if (!refund && notified.channelRefundNo) {
    const where = and(eq('spec.paymentType', paymentType), eq('spec.channelRefundNo', notified.channelRefundNo));
    refund = (await deps.client.list(PaymentRefund, { where, page: 1, size: 1 })).items[0];
  }
  return refund?.spec.paymentId === paymentId ? refund : undefined;
}
