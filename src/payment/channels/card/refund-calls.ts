import { InvalidAmountError } from '../../money/index.js';
import { ChannelError, channelRejected } from '../core/errors.js';
import type { ChannelOrder, RefundRef, RefundRequest, RefundResult } from '../core/types.js';
import { fromStripeAmount, toStripeAmount } from './stripe-amount.js';
import { stripeFault, type StripeApiClient } from './stripe-client.js';
import { refundStatus } from './stripe-status.js';

const MAX_METADATA_VALUE = 500;
const str = (v: unknown) => (typeof v === 'string' ? v : undefined);

/**
 * Refunds part or all of the order's payment: `POST /v1/refunds` for the session's PaymentIntent, the amount
 * in Stripe's units, our refund id as Idempotency-Key (the same refund twice refunds once) and in metadata
 * (with our payment id, so refund webhooks name the order). A session that is not paid is refused before
 * Stripe is asked to refund; Stripe refuses more than the unrefunded amount itself (CHANNEL_REJECTED).
 */
export async function createRefund(client: StripeApiClient, order: ChannelOrder, refund: RefundRequest): Promise<RefundResult> {
  if (refund.currency !== order.currency) {
    throw new InvalidAmountError(
      'UNKNOWN_CURRENCY',
      `a refund is in the order's currency ${order.currency}`,
      'currency',
      `退款币种须为订单币种 ${order.currency}`,
    );
  }
  const amount = toStripeAmount(refund.amountMinor, order.currency, 'refundAmount');
  const paymentIntent = await paidIntentOf(client, order, refund.signal);
  const metadata: Record<string, string> = { refundId: refund.refundId, paymentId: order.paymentId };
  if (refund.reason?.trim()) metadata.reason = refund.reason.trim().slice(0, MAX_METADATA_VALUE);
  const answer = await client.post(
    '/v1/refunds',
    { payment_intent: paymentIntent, amount, metadata },
    { idempotencyKey: refund.refundId, signal: refund.signal },
  );
  if (answer.status !== 200) throw stripeFault('refund', answer);
  return refundResult(answer.body, order.currency, refund.refundId);
}

/**
 * A refund's state at Stripe: `GET /v1/refunds/{id}` when its id is known; otherwise (the creation's answer
 * was lost) the PaymentIntent's refunds are searched for our refund id. Not found: PENDING — sending the
 * refund again with the same refund id is safe (idempotent) and settles the question.
 */
export async function retrieveRefund(
  client: StripeApiClient,
  order: ChannelOrder,
  ref: RefundRef,
  signal?: AbortSignal,
): Promise<RefundResult> {
  if (ref.channelRefundNo) {
    const answer = await client.get(`/v1/refunds/${encodeURIComponent(ref.channelRefundNo)}`, {}, signal);
    if (answer.status !== 200) throw stripeFault('retrieve refund', answer);
    return refundResult(answer.body, order.currency, ref.refundId);
  }
  const paymentIntent = await paidIntentOf(client, order, signal);
  const answer = await client.get('/v1/refunds', { payment_intent: paymentIntent, limit: 100 }, signal);
  if (answer.status !== 200) throw stripeFault('list refunds', answer);
  const found = (Array.isArray(answer.body.data) ? (answer.body.data as Array<Record<string, unknown>>) : []).find(
    (r) => (r.metadata as Record<string, unknown> | undefined)?.refundId === ref.refundId,
  );
  if (!found) return { status: 'PENDING', vendorStatus: 'NOT_FOUND', raw: { payment_intent: paymentIntent } };
  return refundResult(found, order.currency, ref.refundId);
}

/** The PaymentIntent of a paid session; CHANNEL_REJECTED (`not_paid`) while there is nothing to refund. */
async function paidIntentOf(client: StripeApiClient, order: ChannelOrder, signal?: AbortSignal): Promise<string> {
  if (!order.channelTradeNo) throw channelRejected('refund', { code: 'not_paid', message: 'the order has no Checkout Session' });
  const answer = await client.get(`/v1/checkout/sessions/${encodeURIComponent(order.channelTradeNo)}`, {}, signal);
  if (answer.status !== 200) throw stripeFault('retrieve Checkout Session', answer);
  const intent = answer.body.payment_intent;
  const id = typeof intent === 'object' && intent !== null ? str((intent as Record<string, unknown>).id) : str(intent);
  if (answer.body.payment_status !== 'paid' || !id) {
    throw channelRejected('refund', { code: 'not_paid', message: 'the Checkout Session has no settled payment to refund' });
  }
  return id;
}

/** A Stripe Refund object as our RefundResult; one about another refund or currency is not an answer about ours. */
export function refundResult(refund: Record<string, unknown>, currency: string, refundId: string): RefundResult {
  const ours = (refund.metadata as Record<string, unknown> | undefined)?.refundId;
  const refundCurrency = str(refund.currency)?.toUpperCase();
  if ((ours !== undefined && ours !== refundId) || (refundCurrency !== undefined && refundCurrency !== currency)) {
    throw new ChannelError('CHANNEL_BAD_RESPONSE', 'Stripe answered about another refund');
  }
  const status = refundStatus(refund.status);
  const created = refund.created;
  return {
    status,
    channelRefundNo: str(refund.id),
    amountMinor: fromStripeAmount(refund.amount, currency),
    refundedAt: status === 'SUCCESS' && typeof created === 'number' ? new Date(created * 1000).toISOString() : undefined,
    vendorStatus: str(refund.status),
    raw: refundSummary(refund),
  };
}

export function refundSummary(refund: Record<string, unknown>): Record<string, unknown> {
  return {
    id: refund.id,
    status: refund.status,
    amount: refund.amount,
    currency: refund.currency,
    payment_intent: refund.payment_intent,
    failure_reason: refund.failure_reason,
  };
}
