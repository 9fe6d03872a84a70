import { InvalidAmountError, parseAmount, type Money } from '../money/index.js';
import type { PaymentChannel } from './channel.js';

/**
 * Parses the API's decimal amount for a channel: the currency must be one the channel takes, and the
 * channel's own bounds and exponent apply on top of the currency's.
 */
export function parseChannelAmount(channel: Pick<PaymentChannel, 'id' | 'currencies'>, value: unknown, currency: string): Money {
  const code = typeof currency === 'string' ? currency.trim().toUpperCase() : '';
  const rule = channel.currencies[code];
  if (rule === undefined) {
    const accepted = Object.keys(channel.currencies).join(', ');
    throw new InvalidAmountError(
      'UNKNOWN_CURRENCY',
      `${channel.id} accepts ${accepted}, not "${String(currency)}"`,
      'currency',
      `该支付方式只支持 ${accepted}，不支持 "${String(currency)}"`,
    );
  }
  return parseAmount(value, code, rule);
}
