/** formatMoney (src/host/format/money-text.ts): the one way every page, e-mail and app writes an amount. */
import { formatMoney } from '../../../src/host/format/money-text.js';

test('an amount is written with the currency the way the reader writes money', () => {
  expect(formatMoney('19.90', 'CNY', 'zh-CN')).toBe('¥19.90');
  expect(formatMoney('19.90', 'CNY', 'en')).toBe('CN¥19.90');
  expect(formatMoney('157.85', 'CNY', 'en')).toBe('CN¥157.85');
  expect(formatMoney('1234.5', 'USD', 'en')).toBe('$1,234.50');
  expect(formatMoney('1234.5', 'USD', 'zh-CN')).toBe('US$1,234.50');
  expect(formatMoney('-0.5', 'cny', 'zh-CN')).toBe('-¥0.50');
});

test("the currency's own fraction digits: none for JPY, three for KWD, padded but never rounded", () => {
  expect(formatMoney('500', 'JPY', 'en')).toBe('¥500');
  expect(formatMoney('1.234', 'KWD', 'en')).toBe('KWD\u00a01.234');
  expect(formatMoney('9.9', 'CNY', 'zh-CN')).toBe('¥9.90');
  // More digits than the currency has are shown, not rounded to a different amount.
  expect(formatMoney('0.105', 'CNY', 'en')).toBe('CN¥0.105');
});

test('the exact decimal text is formatted, never a float: amounts beyond 2^53 keep every digit', () => {
  expect(formatMoney('12345678901234567.89', 'CNY', 'zh-CN')).toBe('¥12,345,678,901,234,567.89');
  expect(formatMoney('0.1', 'CNY', 'en')).toBe('CN¥0.10');
  expect(formatMoney(1990n, 'JPY', 'en')).toBe('¥1,990');
});

test('text that is no amount, or a currency Intl refuses, is shown as it came, not hidden', () => {
  expect(formatMoney('abc', 'CNY', 'en')).toBe('abc CNY');
  expect(formatMoney('1.00', 'C', 'en')).toBe('1.00 C');
});
