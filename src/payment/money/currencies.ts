/**
 * ISO 4217 minor-unit exponents. The exponent says how many fraction digits an amount in the currency
 * may carry (CNY 2: 12.34 yuan = 1234 fen; JPY 0: 100 yen = 100 minor units; KWD 3).
 * Currencies absent here are refused rather than guessed: a wrong exponent moves money by powers of ten.
 * Providers that deviate from ISO (PayPal treats HUF and TWD as zero-decimal) pass an exponent override.
 */
const ZERO_DECIMAL = ['BIF', 'CLP', 'DJF', 'GNF', 'ISK', 'JPY', 'KMF', 'KRW', 'PYG', 'RWF', 'UGX', 'VND', 'VUV', 'XAF', 'XOF', 'XPF'];
const THREE_DECIMAL = ['BHD', 'IQD', 'JOD', 'KWD', 'LYD', 'OMR', 'TND'];
const TWO_DECIMAL = [
  'AED',
  'ARS',
  'AUD',
  'BDT',
  'BGN',
  'BRL',
  'CAD',
  'CHF',
  'CNY',
  'COP',
  'CZK',
  'DKK',
  'EGP',
  'EUR',
  'GBP',
  'HKD',
  'HUF',
  'IDR',
  'ILS',
  'INR',
  'KZT',
  'LKR',
  'MAD',
  'MOP',
  'MXN',
  'MYR',
  'NGN',
  'NOK',
  'NZD',
  'PEN',
  'PHP',
  'PKR',
  'PLN',
  'QAR',
  'RON',
  'RUB',
  'SAR',
  'SEK',
  'SGD',
  'THB',
  'TRY',
  'TWD',
  'UAH',
  'USD',
  'ZAR',
];

export const CURRENCY_EXPONENTS: Readonly<Record<string, number>> = Object.freeze({
  ...Object.fromEntries(TWO_DECIMAL.map((code) => [code, 2])),
  ...Object.fromEntries(ZERO_DECIMAL.map((code) => [code, 0])),
  ...Object.fromEntries(THREE_DECIMAL.map((code) => [code, 3])),
});

/** Upper-cases and checks a currency code; returns undefined for currencies we do not know. */
export function normalizeCurrency(code: unknown): string | undefined {
  if (typeof code !== 'string') return undefined;
  const upper = code.trim().toUpperCase();
  return Object.hasOwn(CURRENCY_EXPONENTS, upper) ? upper : undefined;
}

/** The currency's minor-unit exponent, or undefined when the currency is unknown. */
export function currencyExponent(code: string): number | undefined {
  const known = normalizeCurrency(code);
  return known === undefined ? undefined : CURRENCY_EXPONENTS[known];
}
