import { NotFoundError } from '../../host/sdk/index.js';
import type { RefundDeps } from './refund-deps.js';
import { refundErrors } from './refund-errors.js';
import { settleRefund } from './settle-refund.js';
import { PaymentRefund } from './types.js';

/** An administrator's verdict on a refund the service cannot settle by itself. */
export interface ResolveRefundInput {
  status: 'SUCCESS' | 'FAILED';
  reason: string;
}

/**
 * Ends a PENDING refund by hand, after a person checked the provider's own console: for services that cannot
 * be asked about a refund (epay V1) when the call got no answer, and for refunds flagged for review. The
 * order and the ledger follow exactly as for the provider's answer. An ended refund is refused (409).
 */
export async function resolveRefund(deps: RefundDeps, refundNo: string, input: ResolveRefundInput, actor: string): Promise<PaymentRefund> {
  const refund = /^[a-z0-9][a-z0-9-]{0,63}$/.test(refundNo) ? await deps.client.fetch(PaymentRefund, refundNo) : undefined;
  if (!refund) throw new NotFoundError('退款', refundNo);
  if (refund.spec.status !== 'PENDING') throw refundErrors.alreadyFinal(refund.spec.status);
  const failureReason = input.status === 'FAILED' ? `ADMIN: ${input.reason}` : undefined;
  const settled = await settleRefund(
    deps,
    refundNo,
    { status: input.status, failureReason, vendorStatus: 'RESOLVED_BY_ADMIN' },
    { source: 'ADMIN', actor, reason: input.reason },
  );
  if (!settled.changed) throw refundErrors.alreadyFinal(settled.refund.spec.status);
  deps.logger.info({ refundNo, status: input.status, actor }, 'refund resolved by an administrator');
  return settled.refund;
}
