import { parseAmount, expandExponent, InvalidAmountError } from '../../../src/payment/money/index.js';

function problemOf(fn: () => unknown): string | undefined {
  try {
    fn();
  } catch (err) {
    if (err instanceof InvalidAmountError) return err.problem;
    throw err;
  }
  return undefined;
}

describe('parseAmount', () => {
  test('parses numbers and decimal strings into integer minor units per currency exponent', () => {
    expect(parseAmount(0.01, 'CNY')).toEqual({ amountMinor: 1, currency: 'CNY' });
    expect(parseAmount('12.3', 'cny')).toEqual({ amountMinor: 1230, currency: 'CNY' });
    expect(parseAmount(10, 'USD').amountMinor).toBe(1000);
    expect(parseAmount('7.5', 'EUR').amountMinor).toBe(750);
    expect(parseAmount(500, 'JPY').amountMinor).toBe(500);
    expect(parseAmount('12000', 'KRW').amountMinor).toBe(12000);
    expect(parseAmount('1.234', 'KWD').amountMinor).toBe(1234);
  });

  test('survives the classic float traps because it works on the decimal text', () => {
    expect(parseAmount(19.99, 'CNY').amountMinor).toBe(1999); // 19.99 * 100 === 1998.9999999999998
    expect(parseAmount(1.1, 'CNY').amountMinor).toBe(110); // 1.1 * 100 === 110.00000000000001
    expect(parseAmount(4.35, 'CNY').amountMinor).toBe(435); // 4.35 * 100 === 434.99999999999994
    expect(problemOf(() => parseAmount(0.1 + 0.2, 'CNY'))).toBe('TOO_MANY_DECIMALS');
    expect(problemOf(() => parseAmount(1.005, 'CNY'))).toBe('TOO_MANY_DECIMALS');
    expect(parseAmount(0.3, 'CNY').amountMinor).toBe(30);
  });

  test('refuses more fraction digits than the currency allows, even trailing zeros', () => {
    expect(problemOf(() => parseAmount('1.001', 'CNY'))).toBe('TOO_MANY_DECIMALS');
    expect(problemOf(() => parseAmount('1.000', 'CNY'))).toBe('TOO_MANY_DECIMALS');
    expect(problemOf(() => parseAmount('100.5', 'JPY'))).toBe('TOO_MANY_DECIMALS');
    expect(problemOf(() => parseAmount('100.0', 'JPY'))).toBe('TOO_MANY_DECIMALS');
    expect(parseAmount(100.0, 'JPY').amountMinor).toBe(100); // the JSON number 100.0 is just 100
  });

  test('refuses zero, negatives, NaN, Infinity and non-numbers', () => {
    expect(problemOf(() => parseAmount(0, 'CNY'))).toBe('NOT_POSITIVE');
    expect(problemOf(() => parseAmount('0.00', 'CNY'))).toBe('NOT_POSITIVE');
    expect(problemOf(() => parseAmount(-0, 'CNY'))).toBe('NOT_POSITIVE');
    expect(problemOf(() => parseAmount(-1, 'CNY'))).toBe('NOT_POSITIVE');
    expect(problemOf(() => parseAmount('-0.01', 'CNY'))).toBe('NOT_POSITIVE');
    expect(problemOf(() => parseAmount(Number.NaN, 'CNY'))).toBe('NOT_FINITE');
    expect(problemOf(() => parseAmount(Number.POSITIVE_INFINITY, 'CNY'))).toBe('NOT_FINITE');
    expect(problemOf(() => parseAmount(null, 'CNY'))).toBe('NOT_A_NUMBER');
    expect(problemOf(() => parseAmount(true, 'CNY'))).toBe('NOT_A_NUMBER');
    expect(problemOf(() => parseAmount('', 'CNY'))).toBe('NOT_A_NUMBER');
  });

  test('refuses malformed decimal strings', () => {
    for (const text of ['abc', '1e3', ' 1', '1 ', '.5', '5.', '1,000.00', '+1', '0x10', 'NaN', '--1']) {
      expect([text, problemOf(() => parseAmount(text, 'CNY'))]).toEqual([text, 'MALFORMED']);
    }
  });

  test('refuses absurd amounts above the default bound and honours channel limits', () => {
    expect(parseAmount('100000000.00', 'CNY').amountMinor).toBe(10_000_000_000);
    expect(problemOf(() => parseAmount('100000000.01', 'CNY'))).toBe('ABOVE_MAXIMUM');
    expect(problemOf(() => parseAmount(1e21, 'CNY'))).toBe('ABOVE_MAXIMUM');
    expect(problemOf(() => parseAmount('99999999999999999999999999', 'CNY'))).toBe('ABOVE_MAXIMUM');
    expect(parseAmount('100000000', 'JPY').amountMinor).toBe(100_000_000);
    expect(problemOf(() => parseAmount('100000001', 'JPY'))).toBe('ABOVE_MAXIMUM');
    expect(problemOf(() => parseAmount('5.00', 'CNY', { maxMinor: 499 }))).toBe('ABOVE_MAXIMUM');
    expect(problemOf(() => parseAmount('0.50', 'USD', { minMinor: 100 }))).toBe('BELOW_MINIMUM');
  });

  test('tiny numbers printed in exponent form are expanded, then refused for their decimals', () => {
    expect(problemOf(() => parseAmount(1e-7, 'CNY'))).toBe('TOO_MANY_DECIMALS');
  });

  test('refuses unknown currencies and accepts a provider exponent override', () => {
    expect(problemOf(() => parseAmount(1, 'XXX'))).toBe('UNKNOWN_CURRENCY');
    expect(problemOf(() => parseAmount(1, ''))).toBe('UNKNOWN_CURRENCY');
    expect(() => parseAmount(1, 'BTC')).toThrow(expect.objectContaining({ code: 'UNKNOWN_CURRENCY', status: 400 }));
    expect(parseAmount('1000', 'HUF', { exponent: 0 }).amountMinor).toBe(1000);
    expect(problemOf(() => parseAmount('10.50', 'HUF', { exponent: 0 }))).toBe('TOO_MANY_DECIMALS');
    expect(() => parseAmount('1', 'HUF', { exponent: -1 })).toThrow(RangeError);
  });

  test('errors carry code INVALID_AMOUNT, status 400 and the failing field', () => {
    expect(() => parseAmount('1.001', 'CNY', { field: 'amount' })).toThrow(
      expect.objectContaining({
        code: 'INVALID_AMOUNT',
        status: 400,
        details: [expect.objectContaining({ field: 'amount', reason: 'TOO_MANY_DECIMALS' })],
      }),
    );
  });
});

describe('expandExponent', () => {
  test('writes exponent notation as plain decimal text', () => {
    expect(expandExponent('1e+21')).toBe('1000000000000000000000');
    expect(expandExponent('1.5e-7')).toBe('0.00000015');
    expect(expandExponent('-2.5e-1')).toBe('-0.25');
    expect(expandExponent('1.234e2')).toBe('123.4');
  });
});
