import { ChannelError } from './core/errors.js';
import type { CallbackEvent, ChannelOrder } from './core/types.js';

/**
 * Refuses a verified callback whose order number, amount or currency differ from the order's
 * (CALLBACK_MISMATCH, HTTP 400). Amounts are compared as integers of minor units.
 */
export function assertCallbackMatchesOrder(
  event: CallbackEvent,
  order: Pick<ChannelOrder, 'paymentId' | 'amountMinor' | 'currency'>,
): void {
  const mismatch = (field: string, got: unknown, want: unknown): never => {
    throw new ChannelError('CALLBACK_MISMATCH', `callback ${field} ${String(got)} does not match the order's ${String(want)}`, {
      details: [{ field, message: `expected ${String(want)}`, reason: 'MISMATCH' }],
    });
  };
  if (event.orderRef !== order.paymentId) mismatch('orderRef', event.orderRef, order.paymentId);
  if (event.amountMinor !== undefined && event.amountMinor !== order.amountMinor) mismatch('amount', event.amountMinor, order.amountMinor);
  if (event.currency !== undefined && event.currency !== order.currency) mismatch('currency', event.currency, order.currency);
  if (event.status === 'SUCCESS' && event.amountMinor === undefined) mismatch('amount', 'none', order.amountMinor);
}
