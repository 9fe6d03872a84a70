/**
 * The largest amount each provider takes in one payment, in minor units (sources in docs/payment-channels.md).
 * An amount above its channel's ceiling is refused at creation (400 at paymentAmount), before an order exists:
 * sent on, it would be refused by the provider, or worse, overflow its integer field.
 */

/** WeChat Pay APIv3 `amount.total` is an int (int32) of fen: 2147483647 fen = 21,474,836.47 CNY. */
export const WECHAT_PAY_MAX_FEN = 2_147_483_647;

/** Alipay `total_amount`: 0.01 … 100000000.00 yuan. */
export const ALIPAY_MAX_FEN = 10_000_000_000;

/** Stripe `amount`: at most eight digits in the smallest unit (99999999, e.g. $999,999.99), every currency. */
export const STRIPE_MAX_MINOR = 99_999_999;

/**
 * The epay-style aggregators (AGGREGATOR_1, AGGREGATOR_3) and xunhupay (AGGREGATOR_2) publish no ceiling of
 * their own; they pass the payment on to Alipay or WeChat Pay. The lower of the two, WeChat Pay's, is the one
 * every route of theirs can carry.
 */
export const AGGREGATOR_MAX_FEN = WECHAT_PAY_MAX_FEN;

/**
 * PayPal publishes no per-payment ceiling for the Orders API (account limits vary); its Payments API caps an
 * amount at 10 characters, decimal point included. That is the safe bound we apply: 9999999.99 in a
 * two-decimal currency, 9999999999 in a zero-decimal one.
 */
export function paypalMaxMinor(exponent: number): number {
  const characters = 10 - (exponent > 0 ? 1 : 0);
  return 10 ** characters - 1;
}

/** Without a provider limit (SANDBOX): 100,000,000 major units, the money module's default. */
export function defaultMaxMinor(exponent: number): number {
  return 100_000_000 * 10 ** exponent;
}
