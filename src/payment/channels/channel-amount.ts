import { currencyExponent, InvalidAmountError, parseAmount, type Money } from '../money/index.js';
import type { ChannelCurrencyRule, PaymentChannel } from './core/channel.js';

/**
 * Parses the API's decimal amount for a channel: the currency must be one the channel takes, and the
 * channel's own bounds (of the paymentChannel, where they differ), exponent and precision apply on top of the
 * currency's. Above the provider's ceiling is ABOVE_MAXIMUM, naming the ceiling.
 */
export function parseChannelAmount(
  channel: Pick<PaymentChannel, 'id' | 'currencies' | 'currenciesFor'>,
  value: unknown,
  currency: string,
  paymentChannel?: string,
): Money {
  const code = typeof currency === 'string' ? currency.trim().toUpperCase() : '';
  const rules = (paymentChannel !== undefined && channel.currenciesFor?.(paymentChannel)) || channel.currencies;
  const rule = rules[code];
  if (rule === undefined) {
    const codes = Object.keys(rules);
    // A multi-currency service takes over a hundred: name a few and the count rather than all of them.
    const accepted = codes.length > 12 ? `${codes.slice(0, 12).join(', ')} … (${codes.length} currencies)` : codes.join(', ');
    throw new InvalidAmountError(
      'UNKNOWN_CURRENCY',
      `${channel.id} accepts ${accepted}, not "${String(currency)}"`,
      'currency',
      `该支付方式只支持 ${accepted}，不支持 "${String(currency)}"`,
    );
  }
  const money = parseAmount(value, code, rule);
  assertProviderPrecision(channel, money, rule);
  return money;
}

/** Refuses amounts finer than the provider carries (Stripe: KWD 5.125 — only 5.120 or 5.130 can be charged). */
function assertProviderPrecision(channel: Pick<PaymentChannel, 'id'>, money: Money, rule: ChannelCurrencyRule): void {
  const exponent = rule.exponent ?? currencyExponent(money.currency) ?? 0;
  if (rule.maxFractionDigits === undefined || rule.maxFractionDigits >= exponent) return;
  const step = 10 ** (exponent - rule.maxFractionDigits);
  if (money.amountMinor % step === 0) return;
  const digits = rule.maxFractionDigits;
  throw new InvalidAmountError(
    'TOO_MANY_DECIMALS',
    `${channel.id} takes ${money.currency} amounts with at most ${digits} decimal places`,
    'paymentAmount',
    `该支付方式的 ${money.currency} 金额最多 ${digits} 位小数`,
  );
}
