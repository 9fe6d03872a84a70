import { currencyExponent, InvalidAmountError } from '../../money/index.js';
import type { ChannelCurrencyRule } from '../core/channel.js';
import { STRIPE_MAX_MINOR } from '../core/provider-ceilings.js';

/**
 * Stripe's presentment currencies (docs.stripe.com/currencies) that the money module knows. Withdrawn ISO
 * codes Stripe still lists (HRK, MRO, SLL, STD) are left out, like BTN and GHS whose support we could not
 * confirm: a currency we cannot vouch for is refused, not guessed.
 */
export const STRIPE_CURRENCIES = [
  'AED', 'AFN', 'ALL', 'AMD', 'ANG', 'AOA', 'ARS', 'AUD', 'AWG', 'AZN', 'BAM', 'BBD', 'BDT', 'BGN', 'BHD', 'BIF',
  'BMD', 'BND', 'BOB', 'BRL', 'BSD', 'BWP', 'BYN', 'BZD', 'CAD', 'CDF', 'CHF', 'CLP', 'CNY', 'COP', 'CRC', 'CVE',
  'CZK', 'DJF', 'DKK', 'DOP', 'DZD', 'EGP', 'ETB', 'EUR', 'FJD', 'FKP', 'GBP', 'GEL', 'GIP', 'GMD', 'GNF', 'GTQ',
  'GYD', 'HKD', 'HNL', 'HTG', 'HUF', 'IDR', 'ILS', 'INR', 'ISK', 'JMD', 'JOD', 'JPY', 'KES', 'KGS', 'KHR', 'KMF',
  'KRW', 'KWD', 'KYD', 'KZT', 'LAK', 'LBP', 'LKR', 'LRD', 'LSL', 'MAD', 'MDL', 'MGA', 'MKD', 'MMK', 'MNT', 'MOP',
  'MUR', 'MVR', 'MWK', 'MXN', 'MYR', 'MZN', 'NAD', 'NGN', 'NIO', 'NOK', 'NPR', 'NZD', 'OMR', 'PAB', 'PEN', 'PGK',
  'PHP', 'PKR', 'PLN', 'PYG', 'QAR', 'RON', 'RSD', 'RUB', 'RWF', 'SAR', 'SBD', 'SCR', 'SEK', 'SGD', 'SHP', 'SLE',
  'SOS', 'SRD', 'SZL', 'THB', 'TJS', 'TND', 'TOP', 'TRY', 'TTD', 'TWD', 'TZS', 'UAH', 'UGX', 'USD', 'UYU', 'UZS',
  'VND', 'VUV', 'WST', 'XAF', 'XCD', 'XOF', 'XPF', 'YER', 'ZAR', 'ZMW',
] as const; // prettier-ignore

/** Stripe's zero-decimal currencies: `amount` is whole units. */
const ZERO_DECIMAL = new Set(['BIF', 'CLP', 'DJF', 'GNF', 'JPY', 'KMF', 'KRW', 'MGA', 'PYG', 'RWF', 'VND', 'VUV', 'XAF', 'XOF', 'XPF']);
/** Three-decimal currencies: thousandths on the wire, but the last digit must be 0 (payments, refunds). */
const THREE_DECIMAL = new Set(['BHD', 'JOD', 'KWD', 'OMR', 'TND']);
/**
 * Special cases: ISK and UGX became zero-decimal (ISO 0) but Stripe keeps them two-decimal for backward
 * compatibility, always `…00` (5 ISK is `500`). UGX is also in Stripe's zero-decimal list; the special case
 * is the rule its API applies. HUF and TWD are zero-decimal at Stripe for payouts only; charges and refunds
 * take their two decimals, as ISO.
 */
const WHOLE_UNITS_WRITTEN_WITH_TWO_DECIMALS = new Set(['ISK', 'UGX']);

/** Digits after the point in Stripe's `amount` for a currency (0, 2 or 3), the special cases included. */
export function stripeExponent(currency: string): number {
  if (WHOLE_UNITS_WRITTEN_WITH_TWO_DECIMALS.has(currency)) return 2;
  if (ZERO_DECIMAL.has(currency)) return 0;
  if (THREE_DECIMAL.has(currency)) return 3;
  return 2;
}

/** The fraction digits an amount Stripe can charge may carry, where fewer than ISO's (see ChannelCurrencyRule). */
function chargeableFractionDigits(currency: string): number | undefined {
  if (THREE_DECIMAL.has(currency)) return 2;
  if (currency === 'MGA') return 0;
  return undefined;
}

/** CARD's currency rules: every Stripe currency, at the precision Stripe can charge. */
export const CARD_CURRENCIES: Readonly<Record<string, ChannelCurrencyRule>> = Object.freeze(
  Object.fromEntries(
    STRIPE_CURRENCIES.filter((code) => currencyExponent(code) !== undefined).map((code) => {
      const digits = chargeableFractionDigits(code);
      const rule: ChannelCurrencyRule = { maxMinor: STRIPE_MAX_MINOR };
      return [code, digits === undefined ? rule : { ...rule, maxFractionDigits: digits }];
    }),
  ),
);

function isoExponentOf(currency: string): number {
  const exponent = currencyExponent(currency);
  if (exponent === undefined || !(currency in CARD_CURRENCIES)) {
    throw new InvalidAmountError('UNKNOWN_CURRENCY', `CARD does not accept ${currency}`, 'currency', `该支付方式不支持币种 ${currency}`);
  }
  return exponent;
}

/**
 * Our integer minor units (ISO exponent) → Stripe's `amount`: JPY 500 → 500, EUR 12.30 → 1230, KWD 5.120 →
 * 5120, ISK 5 → 500, MGA 12 (ISO 1200) → 12. Exact integer arithmetic; an amount Stripe cannot carry (KWD
 * 5.125, MGA 12.50) is refused with INVALID_AMOUNT, never rounded.
 */
export function toStripeAmount(amountMinor: number, currency: string, field = 'amount'): number {
  const iso = isoExponentOf(currency);
  if (!Number.isSafeInteger(amountMinor) || amountMinor <= 0) {
    throw new InvalidAmountError('NOT_POSITIVE', `${field} must be a positive integer of minor units`, field);
  }
  const step = 10 ** (iso - chargeableDigits(currency, iso));
  if (amountMinor % step !== 0) {
    const digits = chargeableDigits(currency, iso);
    throw new InvalidAmountError(
      'TOO_MANY_DECIMALS',
      `Stripe takes ${currency} amounts with at most ${digits} decimal places`,
      field,
      `Stripe 的 ${currency} 金额最多 ${digits} 位小数`,
    );
  }
  const wire = stripeExponent(currency);
  return wire >= iso ? amountMinor * 10 ** (wire - iso) : amountMinor / 10 ** (iso - wire);
}

/**
 * Stripe's `amount` → our minor units, or undefined when it is not a whole number of our minor units
 * (ISK 550 is 5.5 króna, which no ISK amount of ours is).
 */
export function fromStripeAmount(amount: unknown, currency: string): number | undefined {
  if (typeof amount !== 'number' || !Number.isSafeInteger(amount) || amount < 0) return undefined;
  const iso = isoExponentOf(currency);
  const wire = stripeExponent(currency);
  if (wire <= iso) return amount * 10 ** (iso - wire);
  const factor = 10 ** (wire - iso);
  return amount % factor === 0 ? amount / factor : undefined;
}

function chargeableDigits(currency: string, iso: number): number {
  return Math.min(chargeableFractionDigits(currency) ?? iso, iso);
}
