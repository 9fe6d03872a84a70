import { isAppError } from '../../host/sdk/index.js';
import { isChannelError, type RefundResult } from '../channels/index.js';
import type { RefundOutcome } from './settle-refund.js';
import type { PaymentRefund } from './types.js';

/** The vendorStatus adapters report when the provider has no refund of that number (contract: docs/payment-channels.md). */
export const REFUND_NOT_FOUND = 'NOT_FOUND';

/**
 * What a provider's refund answer means for our refund. A SUCCESS for another amount than ours is not
 * trusted: the refund stays PENDING, flagged AMOUNT_MISMATCH for a person.
 */
export function outcomeOfResult(result: RefundResult, refund: PaymentRefund): RefundOutcome {
  const base: RefundOutcome = {
    status: result.status,
    channelRefundNo: result.channelRefundNo,
    vendorStatus: result.vendorStatus,
    refundedAt: result.refundedAt,
  };
  if (result.status === 'SUCCESS' && result.amountMinor !== undefined && result.amountMinor !== refund.spec.amount) {
    return { ...base, status: 'PENDING', reviewFlag: 'AMOUNT_MISMATCH' };
  }
  if (result.status === 'FAILED') return { ...base, failureReason: `CHANNEL_${result.vendorStatus ?? 'FAILED'}` };
  return base;
}

/**
 * What a failed refund call means. A refusal by the provider (CHANNEL_REJECTED) or a request the adapter
 * refused before sending (a 4xx error) ends the refund FAILED. An outage, a time-out or an answer we cannot
 * trust leaves it PENDING: the money may have moved, so the refund sync asks the provider later.
 */
export function outcomeOfError(err: unknown): RefundOutcome {
  const code = isAppError(err) ? String(err.code) : 'INTERNAL';
  const text = `${code}: ${(err as Error | undefined)?.message ?? 'refund call failed'}`.slice(0, 1024);
  const refused = isChannelError(err, 'CHANNEL_REJECTED') || (isAppError(err) && err.status < 500);
  return refused ? { status: 'FAILED', failureReason: text } : { status: 'PENDING', lastError: text };
}
