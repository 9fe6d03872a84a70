import { ChannelError } from '../core/errors.js';
import type { ChannelOrder, RefundRef, RefundRequest, RefundResult } from '../core/types.js';
import { rejected, type WechatAnswer, type WechatPayApiClient } from './apiv3-client.js';
import { mapRefundStatus } from './refund-status.js';
import { wechatTimeToIso } from './wechat-time.js';

const REFUNDS_PATH = '/v3/refund/domestic/refunds';
/** WeChat Pay's 404 code for a refund number it has never seen. */
const RESOURCE_NOT_EXISTS = 'RESOURCE_NOT_EXISTS';
/** `reason` is at most 80 characters. */
const MAX_REASON = 80;

/**
 * `POST /v3/refund/domestic/refunds`: our refund number as `out_refund_no` (WeChat Pay's idempotency key: the
 * same number again refunds once), `amount {refund, total, currency}` in integer fen, and `notify_url` so the
 * result is also notified. WeChat Pay usually answers PROCESSING; SUCCESS follows by notification or query.
 */
export async function refundTrade(client: WechatPayApiClient, order: ChannelOrder, refund: RefundRequest): Promise<RefundResult> {
  const body: Record<string, unknown> = {
    out_trade_no: order.paymentId,
    out_refund_no: refund.refundId,
    amount: { refund: refund.amountMinor, total: refund.paidAmountMinor, currency: refund.currency },
  };
  if (refund.reason) body.reason = refund.reason.slice(0, MAX_REASON);
  if (refund.callbackUrl) body.notify_url = refund.callbackUrl;
  const answer = await client.call('POST', REFUNDS_PATH, body, refund.signal);
  if (answer.status !== 200) throw rejected('refund', answer);
  return refundResult(order, refund.refundId, answer);
}

/** `GET /v3/refund/domestic/refunds/{out_refund_no}`; a refund WeChat Pay does not know is FAILED/NOT_FOUND. */
export async function queryRefundTrade(
  client: WechatPayApiClient,
  order: ChannelOrder,
  ref: RefundRef,
  signal?: AbortSignal,
): Promise<RefundResult> {
  const answer = await client.call('GET', `${REFUNDS_PATH}/${encodeURIComponent(ref.refundId)}`, undefined, signal);
  if (answer.status === 404 && answer.body.code === RESOURCE_NOT_EXISTS)
    return { status: 'FAILED', vendorStatus: 'NOT_FOUND', raw: answer.body };
  if (answer.status !== 200) throw rejected('refund query', answer);
  return refundResult(order, ref.refundId, answer);
}

/** A refund as WeChat Pay shows it (answer and query share the shape). */
function refundResult(order: ChannelOrder, refundNo: string, answer: WechatAnswer): RefundResult {
  const r = answer.body;
  if (r.out_refund_no !== refundNo || (r.out_trade_no !== undefined && r.out_trade_no !== order.paymentId)) {
    throw new ChannelError('CHANNEL_BAD_RESPONSE', 'WeChat Pay answered about another refund or order');
  }
  const amount = (r.amount ?? {}) as Record<string, unknown>;
  return {
    status: mapRefundStatus(r.status),
    channelRefundNo: typeof r.refund_id === 'string' ? r.refund_id : undefined,
    amountMinor: Number.isSafeInteger(amount.refund) ? (amount.refund as number) : undefined,
    refundedAt: wechatTimeToIso(r.success_time),
    vendorStatus: typeof r.status === 'string' ? r.status : undefined,
    raw: r,
  };
}
