/**
 * Money as the reader writes it: one helper for every page, e-mail and notification of the server and of the
 * browser apps (ui-shared/format.ts re-exports it), so 19.90 CNY reads "¥19.90" in Chinese and "CN¥19.90" in
 * English everywhere, never "19.90 CNY", "CNY 19.90" or "157.85CNY".
 *
 * The amount is the exact decimal text the services keep ("19.90", "-5.00", "500"): it goes to
 * Intl.NumberFormat as a string, which formats it exactly (Intl.NumberFormat v3, Node 20 and Chromium 106+),
 * so no amount passes through a float. Fraction digits are the currency's (2 for CNY, 0 for JPY, 3 for KWD),
 * and an amount that carries more is shown with all of them rather than rounded.
 */

const DECIMAL = /^[+-]?\d+(\.\d+)?$/;
const formats = new Map<string, Intl.NumberFormat>();

function formatOf(locale: string, currency: string, fractionDigits: number): Intl.NumberFormat {
  const key = `${locale}|${currency}|${fractionDigits}`;
  let format = formats.get(key);
  if (!format) {
    const digits = currencyDigits(locale, currency);
    format = new Intl.NumberFormat(locale, {
      style: 'currency',
      currency,
      minimumFractionDigits: digits,
      maximumFractionDigits: Math.max(digits, fractionDigits),
    });
    if (formats.size < 200) formats.set(key, format);
  }
  return format;
}

/** The fraction digits Intl gives a currency (CNY 2, JPY 0, KWD 3). */
function currencyDigits(locale: string, currency: string): number {
  return new Intl.NumberFormat(locale, { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ?? 2;
}

/**
 * `formatMoney('19.9', 'CNY', 'zh-CN')` → "¥19.90"; `('157.85', 'CNY', 'en')` → "CN¥157.85"; `('-0.5', 'USD',
 * 'zh-CN')` → "-US$0.50". `locale` is the reader's language (a BCP 47 tag: the apps' `zh-CN` / `en`). Text that
 * is not a decimal number, or a currency Intl refuses, is shown as it came ("abc CNY") rather than hidden.
 */
export function formatMoney(amount: string | number | bigint, currency: string, locale: string): string {
  const text = String(amount).trim();
  if (!DECIMAL.test(text)) return `${text} ${currency}`.trim();
  const fraction = text.split('.')[1]?.length ?? 0;
  try {
    // The string itself, not Number(text): ES2023's exact-decimal overload, absent from the ES2022 types.
    return formatOf(locale, currency.toUpperCase(), fraction).format(text as unknown as number);
  } catch {
    return `${text} ${currency}`;
  }
}
