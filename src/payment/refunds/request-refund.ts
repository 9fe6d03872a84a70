import { callbackPath } from '../api/api-groups.js';
import { isChannelError, type PaymentChannel } from '../channels/index.js';
import { toChannelOrder } from '../orders/order-view.js';
import { PaymentInfo } from '../orders/types.js';
import { publicBaseUrl } from '../settings/payment-settings.js';
import type { RefundDeps } from './refund-deps.js';
import { refundErrors } from './refund-errors.js';
import { newRefundId } from './refund-number.js';
import { outcomeOfError, outcomeOfResult } from './refund-outcome.js';
import { reserveRefund, type RefundCaller, type RefundTerms } from './reserve-refund.js';
import { settleRefund } from './settle-refund.js';
import type { PaymentRefund } from './types.js';

/** A refund request as the console (and later the merchant platform API) hands it over. */
export type RefundRequestInput = Omit<RefundTerms, 'refundId'> & { refundId?: string };

/**
 * The one refund service (console `refundPayment`; the merchant platform API will call it with the merchant
 * as `caller.platform`): checks that the order's service can refund, reserves the amount with the PENDING
 * refund (reserve-refund.ts), asks the provider once, and applies its answer. A refundId the order already
 * has answers that refund and asks nobody. Returns the refund: SUCCESS, FAILED (the provider refused; the
 * amount is refundable again) or PENDING (the provider has not settled it, or did not answer: the refund
 * sync and the provider's notification finish it).
 */
export async function requestRefund(
  deps: RefundDeps,
  order: PaymentInfo,
  input: RefundRequestInput,
  caller: RefundCaller,
): Promise<PaymentRefund> {
  const channel = await deps.channels.instance(order.spec.paymentType).catch((err: unknown) => {
    throw isChannelError(err, 'CHANNEL_MISCONFIGURED') ? refundErrors.misconfigured(order.spec.paymentType, err) : err;
  });
  if (!channel.refund) throw refundErrors.notSupported(order.spec.paymentType);
  const terms: RefundTerms = { ...input, refundId: input.refundId ?? newRefundId(new Date(deps.clock.now())) };
  const { refund, created } = await reserveRefund(deps, order.metadata.name, terms, caller);
  if (!created) return refund;
  deps.logger.info(
    { paymentId: refund.spec.paymentId, refundNo: refund.spec.refundNo, amountMinor: refund.spec.amount },
    'refund reserved',
  );
  return submitRefund(deps, channel, refund);
}

/** The provider call of a reserved refund, and its answer applied. Never throws for the provider's sake. */
async function submitRefund(deps: RefundDeps, channel: PaymentChannel, refund: PaymentRefund): Promise<PaymentRefund> {
  const order = await deps.client.get(PaymentInfo, refund.spec.paymentId);
  const base = publicBaseUrl(await deps.settings.read(), deps.siteUrl);
  const s = refund.spec;
  let outcome;
  try {
    const result = await channel.refund!(toChannelOrder(order.spec), {
      refundId: s.refundNo,
      amountMinor: s.amount,
      currency: s.currency,
      paidAmountMinor: order.spec.paymentAmount,
      reason: s.reason,
      callbackUrl: `${base}${callbackPath(order.spec.paymentType)}`,
    });
    outcome = outcomeOfResult(result, refund);
  } catch (err) {
    outcome = outcomeOfError(err);
    deps.logger.warn(
      { paymentId: s.paymentId, refundNo: s.refundNo, outcome: outcome.status, err: (err as Error).message },
      'refund call failed',
    );
  }
  const { refund: settled } = await settleRefund(deps, s.refundNo, outcome, { source: 'PROVIDER_ANSWER' });
  deps.logger.info({ paymentId: s.paymentId, refundNo: s.refundNo, status: settled.spec.status }, 'refund answered');
  return settled;
}
