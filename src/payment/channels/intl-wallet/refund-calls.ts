import { formatMinor } from '../../money/index.js';
import { paypalTimeToIso } from './paypal-time.js';
import { channelRejected } from '../core/errors.js';
import type { ChannelOrder, RefundRef, RefundRequest, RefundResult } from '../core/types.js';
import { getOrder } from './order-calls.js';
import { rejected } from './paypal-answer.js';
import { readAmount } from './paypal-order.js';
import { captureStatusOf, refundStatusOf } from './paypal-status.js';
import type { PayPalClient } from './rest-client.js';

/** PayPal's limit for a refund's note to the payer. */
const MAX_NOTE = 255;

/**
 * Refunds all or part of the order's completed capture: `POST /v2/payments/captures/{id}/refund` with
 * `PayPal-Request-Id` = our refund id (a repeated refund id returns the first refund, never a second one),
 * our payment number as `custom_id` and the refund id as `invoice_id` (so the REFUNDED webhook names both).
 * PayPal refuses more than the capture's remaining amount (REFUND_AMOUNT_EXCEEDED): CHANNEL_REJECTED.
 */
export async function refundCapture(client: PayPalClient, order: ChannelOrder, refund: RefundRequest): Promise<RefundResult> {
  const facts = await getOrder(client, order, refund.signal);
  const capture = facts?.capture;
  if (!capture?.id || captureStatusOf(capture.status) !== 'SUCCESS') {
    throw channelRejected('PayPal refund', { code: 'NOT_CAPTURED', message: 'the order has no completed capture to refund' });
  }
  const body = {
    amount: { currency_code: refund.currency, value: formatMinor(refund.amountMinor, refund.currency) },
    custom_id: order.paymentId,
    invoice_id: refund.refundId,
    ...(refund.reason ? { note_to_payer: refund.reason.slice(0, MAX_NOTE) } : {}),
  };
  const path = `/v2/payments/captures/${encodeURIComponent(capture.id)}/refund`;
  const answer = await client.call('POST', path, { body, requestId: refund.refundId, signal: refund.signal });
  if (answer.status !== 200 && answer.status !== 201) throw rejected('refund', answer);
  return refundResultOf(answer.body);
}

/**
 * A refund's state: by PayPal's refund id when we have it, else found on the order by our refund id
 * (`invoice_id`). A refund PayPal does not have is FAILED (nothing was refunded; PayPal refunds within the
 * call, so a refund absent from the order later never happened): asking again with the same refund id is safe.
 */
export async function queryCaptureRefund(
  client: PayPalClient,
  order: ChannelOrder,
  ref: RefundRef,
  signal?: AbortSignal,
): Promise<RefundResult> {
  if (ref.channelRefundNo) {
    const answer = await client.call('GET', `/v2/payments/refunds/${encodeURIComponent(ref.channelRefundNo)}`, { signal });
    if (answer.status !== 200) throw rejected('get refund', answer);
    return refundResultOf(answer.body);
  }
  const facts = await getOrder(client, order, signal);
  const found = facts?.refunds.find((r) => r.invoice_id === ref.refundId);
  return found ? refundResultOf(found) : { status: 'FAILED', vendorStatus: 'NOT_FOUND', raw: {} };
}

/** A PayPal refund resource (answer, order entry or webhook resource) as our RefundResult. */
export function refundResultOf(refund: Record<string, unknown>): RefundResult {
  const vendorStatus = typeof refund.status === 'string' ? refund.status : undefined;
  const status = refundStatusOf(vendorStatus);
  const amount = readAmount(refund.amount);
  const time = paypalTimeToIso(refund.update_time) ?? paypalTimeToIso(refund.create_time);
  return {
    status,
    channelRefundNo: typeof refund.id === 'string' ? refund.id : undefined,
    amountMinor: typeof amount === 'object' ? amount.amountMinor : undefined,
    refundedAt: status === 'SUCCESS' ? time : undefined,
    vendorStatus,
    raw: { id: refund.id, status: refund.status, amount: refund.amount },
  };
}
