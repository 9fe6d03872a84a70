import { formatMoney } from '../../host/sdk/index.js';
import { CURRENCY_EXPONENTS, normalizeCurrency } from './currencies.js';
import { InvalidAmountError } from './money-error.js';

/**
 * Formats integer minor units as the provider's decimal string with exactly `exponent` fraction digits:
 * 1000 CNY → "10.00", 1 CNY → "0.01", 500 JPY → "500". Pure string work, no float division.
 */
export function formatMinor(amountMinor: number | bigint, currencyCode: string, exponent?: number): string {
  const currency = normalizeCurrency(currencyCode);
  if (currency === undefined) {
    throw new InvalidAmountError(
      'UNKNOWN_CURRENCY',
      `unknown currency "${String(currencyCode)}"`,
      'currency',
      `不支持的币种 "${String(currencyCode)}"`,
    );
  }
  if (typeof amountMinor === 'number' && !Number.isSafeInteger(amountMinor)) {
    throw new InvalidAmountError('NOT_AN_INTEGER', 'amount in minor units must be a safe integer', 'amountMinor');
  }
  const places = exponent ?? CURRENCY_EXPONENTS[currency];
  const value = BigInt(amountMinor);
  const digits = (value < 0n ? -value : value).toString().padStart(places + 1, '0');
  const sign = value < 0n ? '-' : '';
  if (places === 0) return sign + digits;
  return `${sign}${digits.slice(0, -places)}.${digits.slice(-places)}`;
}

/** Integer minor units as the reader writes money (host formatMoney): 1990 CNY → "¥19.90" (zh-CN), "CN¥19.90" (en). */
export function minorMoneyText(amountMinor: number | bigint, currencyCode: string, language: string): string {
  return formatMoney(formatMinor(amountMinor, currencyCode), currencyCode, language);
}
