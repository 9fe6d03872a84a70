import { isAppError } from '../../host/sdk/index.js';
import { toChannelOrder } from '../orders/order-view.js';
import { PaymentInfo } from '../orders/types.js';
import type { RefundDeps } from './refund-deps.js';
import { outcomeOfResult, REFUND_NOT_FOUND } from './refund-outcome.js';
import { settleRefund, type SettleResult } from './settle-refund.js';
import type { PaymentRefund } from './types.js';

/**
 * How long a refund the provider does not know stays PENDING. A refund reserved just before a crash, or whose
 * call got no answer, is unknown to the provider; after this long it never arrived there and FAILS (the amount
 * becomes refundable again). Until then a request still in flight may land.
 */
export const NOT_FOUND_GRACE_MS = 10 * 60_000;

/**
 * Asks the provider about a PENDING refund (`queryRefund`) and applies the answer. A refund of a service that
 * cannot be asked stays as it is (a person resolves it: resolvePaymentRefund). A failed query is recorded on
 * the refund's status and thrown.
 */
export async function syncRefund(
  deps: RefundDeps,
  refund: PaymentRefund,
  source: 'SYNC' | 'CALLBACK',
  signal?: AbortSignal,
): Promise<SettleResult> {
  if (refund.spec.status !== 'PENDING') return { refund, changed: false };
  const channel = await deps.channels.instance(refund.spec.paymentType);
  if (!channel.queryRefund) return { refund, changed: false };
  const order = await deps.client.get(PaymentInfo, refund.spec.paymentId);
  const queriedAt = new Date(deps.clock.now()).toISOString();
  const ref = { refundId: refund.spec.refundNo, channelRefundNo: refund.spec.channelRefundNo };
  let result;
  try {
    result = await channel.queryRefund(toChannelOrder(order.spec), ref, signal);
  } catch (err) {
    const lastError = `${isAppError(err) ? err.code : 'INTERNAL'}: ${(err as Error).message}`;
    await settleRefund(deps, refund.spec.refundNo, { status: 'PENDING', queriedAt, lastError }, { source });
    throw err;
  }
  const outcome = { ...outcomeOfResult(result, refund), queriedAt };
  if (outcome.status === 'FAILED' && result.vendorStatus === REFUND_NOT_FOUND) {
    const age = deps.clock.now() - Date.parse(refund.spec.requestedAt);
    if (age < NOT_FOUND_GRACE_MS) return settleRefund(deps, refund.spec.refundNo, { ...outcome, status: 'PENDING' }, { source });
    outcome.failureReason = 'NOT_FOUND: the provider has no refund of this number';
  }
  return settleRefund(deps, refund.spec.refundNo, outcome, { source });
}
