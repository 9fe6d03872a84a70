import { randomBytes } from 'node:crypto';
import { ChannelError } from '../core/errors.js';
import type { RefundRef, RefundRequest, RefundResult } from '../core/types.js';
import type { SandboxRefundSpec, SandboxTradeSpec } from './trade-store.js';

/**
 * The simulated gateway's refund rules, as a real one keeps them: only a paid trade is refunded, in its own
 * currency, never beyond what was paid in total; our refund number is the idempotency key (the same number
 * again answers the first refund; with another amount it is refused). Money goes back at once.
 */
export function refundTrade(
  trade: SandboxTradeSpec | undefined,
  request: RefundRequest,
  at: string,
): { next?: SandboxTradeSpec; refund: SandboxRefundSpec } {
  if (!trade) throw rejected('TRADE_NOT_EXIST', 'the sandbox has no trade of this order');
  if (trade.status !== 'SUCCESS') throw rejected('TRADE_NOT_PAID', `the sandbox trade is ${trade.status}, not paid`);
  const refunds = trade.refunds ?? [];
  const earlier = refunds.find((r) => r.refundId === request.refundId);
  if (earlier) {
    if (earlier.amountMinor !== request.amountMinor)
      throw rejected('REFUND_ID_REUSED', `refund ${request.refundId} was made for ${earlier.amountMinor}, not ${request.amountMinor}`);
    return { refund: earlier };
  }
  if (request.currency !== trade.currency)
    throw rejected('CURRENCY_MISMATCH', `the trade is in ${trade.currency}, the refund in ${request.currency}`);
  if (!Number.isSafeInteger(request.amountMinor) || request.amountMinor <= 0)
    throw rejected('INVALID_AMOUNT', 'a refund amount is a positive number of minor units');
  const refunded = refunds.reduce((sum, r) => sum + r.amountMinor, 0);
  if (refunded + request.amountMinor > trade.amountMinor)
    throw rejected('REFUND_AMOUNT_EXCEEDS', `${request.amountMinor} is above the ${trade.amountMinor - refunded} left of the trade`);
  const refund: SandboxRefundSpec = {
    refundId: request.refundId,
    refundNo: `SBXR${randomBytes(12).toString('hex')}`,
    amountMinor: request.amountMinor,
    refundedAt: at,
  };
  if (request.reason) refund.reason = request.reason.slice(0, 256);
  return { next: { ...trade, refunds: [...refunds, refund] }, refund };
}

/** A refund the trade holds, by our refund number or the gateway's. */
export function findRefund(trade: SandboxTradeSpec | undefined, ref: RefundRef): SandboxRefundSpec | undefined {
  return trade?.refunds?.find(
    (r) => r.refundId === ref.refundId || (ref.channelRefundNo !== undefined && r.refundNo === ref.channelRefundNo),
  );
}

/** A refund record as the refund contract reports it: every sandbox refund succeeded when it was made. */
export function refundResult(refund: SandboxRefundSpec): RefundResult {
  return {
    status: 'SUCCESS',
    channelRefundNo: refund.refundNo,
    amountMinor: refund.amountMinor,
    refundedAt: refund.refundedAt,
    vendorStatus: 'SUCCESS',
    raw: { simulated: true, ...refund },
  };
}

function rejected(code: string, message: string): ChannelError {
  return new ChannelError('CHANNEL_REJECTED', `sandbox refund refused: ${message}`, { provider: { code, message } });
}
