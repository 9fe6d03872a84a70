import { formatMinor, InvalidAmountError, parseAmount } from '../../money/index.js';
import { ChannelError } from '../core/errors.js';
import type { ChannelOrder, RefundRef, RefundRequest, RefundResult } from '../core/types.js';
import { beijingTimeToIso } from '../wallet-a/beijing-time.js';
import { badResponse, text, type EpayClient } from './epay-client.js';
import { isUnknownTrade } from './trade-calls.js';

/**
 * A refund at the epay site. Its answer is final: `code` success means refunded (V2 also names the refund
 * `refund_no` and signs the answer), any other code is a refusal with the site's message (CHANNEL_REJECTED).
 * V1 has no refund number, so a V1 refund must never be sent twice: the refund service calls it once.
 */
export async function refundTrade(client: EpayClient, order: ChannelOrder, refund: RefundRequest): Promise<RefundResult> {
  const call = client.dialect.refundCall(order.paymentId, formatMinor(refund.amountMinor, refund.currency), refund.refundId);
  const answer = await client.call(call, refund.signal);
  if (!answer.ok) throw client.rejected(call.path.split('?')[0], answer);
  const body = answer.body;
  const echoed = text(body.out_refund_no);
  if (echoed !== undefined && echoed !== refund.refundId)
    throw badResponse(`${client.dialect.label} refund: answer is about another refund`);
  return {
    status: 'SUCCESS',
    channelRefundNo: text(body.refund_no),
    amountMinor: yuan(text(body.money), client.dialect.label),
    vendorStatus: 'REFUNDED',
    raw: body,
  };
}

/** V2 `api/pay/refundquery`: status 1 refunded, 0 failed; a refund number the site does not know is NOT_FOUND. */
export async function queryRefundTrade(
  client: EpayClient,
  order: ChannelOrder,
  ref: RefundRef,
  signal?: AbortSignal,
): Promise<RefundResult> {
  const call = client.dialect.refundQueryCall!(ref.refundId);
  const answer = await client.call(call, signal);
  if (!answer.ok) {
    if (isUnknownTrade(answer)) return { status: 'FAILED', vendorStatus: 'NOT_FOUND', raw: answer.body };
    throw client.rejected(call.path, answer);
  }
  const body = answer.body;
  if ((text(body.out_refund_no) ?? ref.refundId) !== ref.refundId || (text(body.out_trade_no) ?? order.paymentId) !== order.paymentId) {
    throw badResponse(`${client.dialect.label} refundquery: answer is about another refund`);
  }
  const done = text(body.status) === '1';
  return {
    status: done ? 'SUCCESS' : 'FAILED',
    channelRefundNo: text(body.refund_no),
    amountMinor: yuan(text(body.money), client.dialect.label),
    refundedAt: done ? beijingTimeToIso(text(body.addtime)) : undefined,
    vendorStatus: done ? 'REFUNDED' : 'REFUND_FAILED',
    raw: body,
  };
}

function yuan(money: string | undefined, label: string): number | undefined {
  if (money === undefined) return undefined;
  try {
    return parseAmount(money, 'CNY', { field: 'money' }).amountMinor;
  } catch (err) {
    if (err instanceof InvalidAmountError) throw new ChannelError('CHANNEL_BAD_RESPONSE', `${label}: refund answer has a malformed amount`);
    throw err;
  }
}
