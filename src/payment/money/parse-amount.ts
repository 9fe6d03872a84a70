import { formatMoney } from '../../host/sdk/index.js';
import { CURRENCY_EXPONENTS, normalizeCurrency } from './currencies.js';
import { InvalidAmountError } from './money-error.js';

/** An amount in integer minor units (fen, cents, yen) with its upper-case ISO 4217 currency. */
export interface Money {
  amountMinor: number;
  currency: string;
}

/** Inclusive bounds in minor units; channels pass their provider's limits (Alipay: 1 .. 10_000_000_000 fen). */
export interface AmountLimits {
  minMinor?: number;
  maxMinor?: number;
}

export interface ParseAmountOptions extends AmountLimits {
  /** Provider-specific exponent that replaces the ISO one (PayPal: HUF 0). */
  exponent?: number;
  /** Input field named in the error detail. */
  field?: string;
}

/** Without a channel limit, nothing above 100,000,000 major units is a plausible payment. */
export const DEFAULT_MAX_MAJOR_UNITS = 100_000_000n;

const DECIMAL = /^(\d+)(?:\.(\d+))?$/;

/**
 * Parses the API's decimal amount (a JSON number or a decimal string such as "12.3") into integer minor
 * units. Works on the decimal text, never on float products, so 19.99 is 1999 and 0.1 + 0.2 (which is
 * 0.30000000000000004) is refused for having more fraction digits than the currency allows.
 * Refuses zero, negatives, NaN, Infinity, unknown currencies and amounts outside the limits.
 */
export function parseAmount(value: unknown, currencyCode: string, options: ParseAmountOptions = {}): Money {
  const field = options.field ?? 'paymentAmount';
  const currency = normalizeCurrency(currencyCode);
  if (currency === undefined) {
    throw new InvalidAmountError(
      'UNKNOWN_CURRENCY',
      `unknown currency "${String(currencyCode)}"`,
      'currency',
      `不支持的币种 "${String(currencyCode)}"`,
    );
  }
  const exponent = options.exponent ?? CURRENCY_EXPONENTS[currency];
  if (!Number.isInteger(exponent) || exponent < 0 || exponent > 4) throw new RangeError(`exponent ${exponent} is not 0..4`);
  const text = amountText(value, field);
  const match = DECIMAL.exec(text);
  if (!match) {
    const problem = text.startsWith('-') && DECIMAL.test(text.slice(1)) ? 'NOT_POSITIVE' : 'MALFORMED';
    throw new InvalidAmountError(problem, `${field} must be a positive decimal amount, got "${text}"`, field);
  }
  const [, whole, fraction = ''] = match;
  if (fraction.length > exponent) {
    const zh = `${currency} 金额最多 ${exponent} 位小数`;
    throw new InvalidAmountError('TOO_MANY_DECIMALS', `${field} allows at most ${exponent} decimal places for ${currency}`, field, zh);
  }
  const minor = BigInt(whole + fraction.padEnd(exponent, '0'));
  checkLimits(minor, currency, exponent, options, field);
  return { amountMinor: Number(minor), currency };
}

function amountText(value: unknown, field: string): string {
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw new InvalidAmountError('NOT_FINITE', `${field} must be a finite number`, field);
    const text = String(value);
    return text.includes('e') ? expandExponent(text) : text;
  }
  if (typeof value === 'string' && value.length > 0) return value;
  throw new InvalidAmountError('NOT_A_NUMBER', `${field} must be a number or a decimal string`, field);
}

/** "1.5e-7" → "0.00000015", "1e+21" → "1000000000000000000000": JS prints extreme numbers in exponent form. */
export function expandExponent(text: string): string {
  const [mantissa, exponentText] = text.toLowerCase().split('e');
  const negative = mantissa.startsWith('-');
  const [whole, fraction = ''] = (negative ? mantissa.slice(1) : mantissa).split('.');
  const digits = whole + fraction;
  const point = whole.length + Number(exponentText);
  let plain: string;
  if (point <= 0) plain = `0.${'0'.repeat(-point)}${digits}`;
  else if (point >= digits.length) plain = digits + '0'.repeat(point - digits.length);
  else plain = `${digits.slice(0, point)}.${digits.slice(point)}`;
  return (negative ? '-' : '') + plain;
}

function checkLimits(minor: bigint, currency: string, exponent: number, limits: AmountLimits, field: string): void {
  if (minor <= 0n) throw new InvalidAmountError('NOT_POSITIVE', `${field} must be greater than 0`, field);
  const min = BigInt(limits.minMinor ?? 1);
  const max = limits.maxMinor === undefined ? DEFAULT_MAX_MAJOR_UNITS * 10n ** BigInt(exponent) : BigInt(limits.maxMinor);
  if (minor < min)
    throw new InvalidAmountError(
      'BELOW_MINIMUM',
      `${field} is below the minimum for ${currency}`,
      field,
      `金额低于 ${currency} 的最小金额`,
    );
  if (minor > max) {
    const ceiling = decimalText(max, exponent);
    const [en, zh] = [formatMoney(ceiling, currency, 'en'), formatMoney(ceiling, currency, 'zh-CN')];
    throw new InvalidAmountError('ABOVE_MAXIMUM', `${field} must be at most ${en}`, field, `金额不能超过 ${zh}`);
  }
}

/** 2147483647n at exponent 2 → "21474836.47": a limit as the API writes amounts. */
function decimalText(minor: bigint, exponent: number): string {
  if (exponent === 0) return minor.toString();
  const digits = minor.toString().padStart(exponent + 1, '0');
  return `${digits.slice(0, -exponent)}.${digits.slice(-exponent)}`;
}
