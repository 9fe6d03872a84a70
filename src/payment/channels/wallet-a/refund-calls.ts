import { formatMinor, InvalidAmountError, parseAmount } from '../../money/index.js';
import { ChannelError } from '../core/errors.js';
import type { ChannelOrder, RefundRef, RefundRequest, RefundResult } from '../core/types.js';
import { beijingTimeToIso } from './beijing-time.js';
import { ALIPAY_SUCCESS, fault, rejected, type AlipayAnswer, type AlipayOpenApiClient } from './openapi-client.js';

const REFUND = 'alipay.trade.refund';
const REFUND_QUERY = 'alipay.trade.fastpay.refund.query';
/** Alipay's "try again": the outcome of the call is unknown, so it is an outage, not a refusal. */
const SYSTEM_ERROR = 'ACQ.SYSTEM_ERROR';
const TRADE_NOT_EXIST = 'ACQ.TRADE_NOT_EXIST';
/** refund_status of a completed refund (the query answers it only when the refund succeeded). */
const REFUND_SUCCESS = 'REFUND_SUCCESS';

/**
 * `alipay.trade.refund` with our refund number as `out_request_no` (Alipay's idempotency key: the same number
 * again refunds nothing more). `fund_change: Y` means this call moved the money: SUCCESS. `N` is a repeat of
 * an earlier request (or money not moved yet), which Alipay says to confirm with the refund query: PENDING.
 */
export async function refundTrade(client: AlipayOpenApiClient, order: ChannelOrder, refund: RefundRequest): Promise<RefundResult> {
  const biz: Record<string, unknown> = {
    out_trade_no: order.paymentId,
    refund_amount: formatMinor(refund.amountMinor, refund.currency),
    out_request_no: refund.refundId,
  };
  if (refund.reason) biz.refund_reason = refund.reason.slice(0, 256);
  const answer = await client.execute(REFUND, biz, {}, refund.signal);
  if (answer.code !== ALIPAY_SUCCESS) throw refundFailure(REFUND, answer);
  const node = answer.node;
  assertSameTrade(REFUND, order, node);
  const moved = node.fund_change === 'Y';
  return {
    status: moved ? 'SUCCESS' : 'PENDING',
    refundedAt: beijingTimeToIso(text(node.gmt_refund_pay)),
    vendorStatus: moved ? 'FUND_CHANGE_Y' : 'FUND_CHANGE_N',
    raw: node,
  };
}

/**
 * `alipay.trade.fastpay.refund.query` by out_trade_no and out_request_no. Alipay answers the refund only once
 * it succeeded (`refund_status` REFUND_SUCCESS, or absent on older gateways, with `refund_amount`); an answer
 * without the refund means Alipay never received it or it did not succeed: FAILED with vendorStatus NOT_FOUND.
 */
export async function queryRefundTrade(
  client: AlipayOpenApiClient,
  order: ChannelOrder,
  ref: RefundRef,
  signal?: AbortSignal,
): Promise<RefundResult> {
  const biz = { out_trade_no: order.paymentId, out_request_no: ref.refundId, query_options: ['gmt_refund_pay'] };
  const answer = await client.execute(REFUND_QUERY, biz, {}, signal);
  if (answer.code !== ALIPAY_SUCCESS) {
    if (answer.node.sub_code === TRADE_NOT_EXIST) return { status: 'FAILED', vendorStatus: 'NOT_FOUND', raw: answer.node };
    throw refundFailure(REFUND_QUERY, answer);
  }
  const node = answer.node;
  assertSameTrade(REFUND_QUERY, order, node);
  const refundAmount = text(node.refund_amount);
  const status = text(node.refund_status);
  if (!refundAmount || (node.out_request_no !== undefined && node.out_request_no !== ref.refundId)) {
    return { status: 'FAILED', vendorStatus: 'NOT_FOUND', raw: node };
  }
  return {
    status: status === undefined || status === REFUND_SUCCESS ? 'SUCCESS' : 'PENDING',
    amountMinor: yuan(refundAmount),
    refundedAt: beijingTimeToIso(text(node.gmt_refund_pay)),
    vendorStatus: status ?? REFUND_SUCCESS,
    raw: node,
  };
}

function refundFailure(method: string, answer: AlipayAnswer): ChannelError {
  if (answer.node.sub_code === SYSTEM_ERROR) {
    return new ChannelError('CHANNEL_UNAVAILABLE', `${method}: Alipay system error, outcome unknown`, { provider: fault(answer.node) });
  }
  return rejected(method, answer.node);
}

/** A signed answer about another trade is not an answer about ours. */
function assertSameTrade(method: string, order: ChannelOrder, node: Record<string, unknown>): void {
  if (node.out_trade_no !== undefined && node.out_trade_no !== order.paymentId) {
    throw new ChannelError('CHANNEL_BAD_RESPONSE', `${method}: answer is about another trade`);
  }
}

function yuan(amount: string): number {
  try {
    return parseAmount(amount, 'CNY', { field: 'refund_amount' }).amountMinor;
  } catch (err) {
    if (err instanceof InvalidAmountError)
      throw new ChannelError('CHANNEL_BAD_RESPONSE', 'refund query answered a malformed refund_amount');
    throw err;
  }
}

const text = (value: unknown): string | undefined => (typeof value === 'string' && value !== '' ? value : undefined);
