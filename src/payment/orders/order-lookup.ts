import { NotFoundError } from '../../host/sdk/index.js';
import type { PaymentDeps } from '../deps/payment-deps.js';
import { looksLikePaymentId } from './payment-id.js';
import { PaymentInfo } from './types.js';
import { publicBaseUrl } from '../settings/payment-settings.js';

/**
 * An order by payment number, or 404: also for malformed numbers (without a store read) and for a stored
 * order without its spec (reported; the generic API can still show, fix or delete it).
 */
export async function orderOr404(deps: PaymentDeps, paymentId: string): Promise<PaymentInfo> {
  const order = looksLikePaymentId(paymentId) ? await deps.client.fetch(PaymentInfo, paymentId) : undefined;
  if (!order || !deps.client.wellFormed(PaymentInfo, order)) throw new NotFoundError('支付订单', paymentId);
  return order;
}

/** The base URL of payment pages in answers. */
export async function pageBase(deps: PaymentDeps): Promise<string> {
  return publicBaseUrl(await deps.settings.read(), deps.siteUrl);
}

export const PAYMENT_ID_PARAMS = {
  type: 'object',
  properties: { paymentId: { type: 'string', minLength: 1, maxLength: 64 } },
  required: ['paymentId'],
};
