import {
  CURRENCY_EXPONENTS,
  currencyExponent,
  divideRoundHalfUp,
  feeFromBasisPoints,
  formatMinor,
  parseAmount,
} from '../../../src/payment/money/index.js';

describe('exponent table', () => {
  test('has the exponents of the common and the unusual currencies', () => {
    expect([currencyExponent('CNY'), currencyExponent('USD'), currencyExponent('EUR')]).toEqual([2, 2, 2]);
    expect([currencyExponent('JPY'), currencyExponent('KRW'), currencyExponent('VND')]).toEqual([0, 0, 0]);
    expect([currencyExponent('KWD'), currencyExponent('BHD')]).toEqual([3, 3]);
    expect(currencyExponent('jpy')).toBe(0);
    expect(currencyExponent('XYZ')).toBeUndefined();
    for (const [code, exponent] of Object.entries(CURRENCY_EXPONENTS)) {
      expect([code, [0, 2, 3].includes(exponent)]).toEqual([code, true]);
    }
  });
});

describe('formatMinor', () => {
  test('writes the provider decimal string with exactly the currency exponent digits', () => {
    expect(formatMinor(1000, 'CNY')).toBe('10.00');
    expect(formatMinor(1, 'CNY')).toBe('0.01');
    expect(formatMinor(10, 'CNY')).toBe('0.10');
    expect(formatMinor(1999, 'CNY')).toBe('19.99');
    expect(formatMinor(10_000_000_000, 'CNY')).toBe('100000000.00');
    expect(formatMinor(500, 'JPY')).toBe('500');
    expect(formatMinor(1234, 'KWD')).toBe('1.234');
    expect(formatMinor(-250, 'USD')).toBe('-2.50');
    expect(formatMinor(0, 'EUR')).toBe('0.00');
    expect(formatMinor(12n, 'CNY')).toBe('0.12');
    expect(formatMinor(1000, 'HUF', 0)).toBe('1000');
  });

  test('round-trips with parseAmount for every currency in the table', () => {
    for (const code of Object.keys(CURRENCY_EXPONENTS)) {
      for (const minor of [1, 7, 99, 100, 1999, 123456]) {
        expect(parseAmount(formatMinor(minor, code), code).amountMinor).toBe(minor);
      }
    }
  });

  test('refuses fractional or unsafe minor units and unknown currencies', () => {
    expect(() => formatMinor(1.5, 'CNY')).toThrow(expect.objectContaining({ code: 'INVALID_AMOUNT' }));
    expect(() => formatMinor(2 ** 60, 'CNY')).toThrow(expect.objectContaining({ code: 'INVALID_AMOUNT' }));
    expect(() => formatMinor(1, 'XXX')).toThrow(expect.objectContaining({ code: 'UNKNOWN_CURRENCY' }));
  });
});

describe('fees in basis points, rounded half up', () => {
  test('rounds halves up and everything else to the nearest minor unit', () => {
    expect(feeFromBasisPoints(250, 60)).toBe(2); // 1.5 → 2
    expect(feeFromBasisPoints(249, 60)).toBe(1); // 1.494 → 1
    expect(feeFromBasisPoints(199, 60)).toBe(1); // 1.194 → 1
    expect(feeFromBasisPoints(1, 5000)).toBe(1); // 0.5 → 1
    expect(feeFromBasisPoints(1, 4999)).toBe(0); // 0.4999 → 0
    expect(feeFromBasisPoints(10_000, 38)).toBe(38);
    expect(feeFromBasisPoints(12345, 0)).toBe(0);
    expect(feeFromBasisPoints(12345, 10_000)).toBe(12345);
    expect(feeFromBasisPoints(0, 60)).toBe(0);
  });

  test('stays exact where a float product would lose digits (totals near 2^53)', () => {
    expect(feeFromBasisPoints(10_000_000_000, 60)).toBe(60_000_000);
    expect(feeFromBasisPoints(9_007_199_254_740_991, 1)).toBe(900_719_925_474); // 900719925474.0991
    expect(feeFromBasisPoints(9_007_199_254_740_991, 5000)).toBe(4_503_599_627_370_496); // …495.5 rounds up
    expect(Math.round((9_007_199_254_740_991 * 5000) / 10_000)).toBe(4_503_599_627_370_495); // the float route is off by one
    expect(feeFromBasisPoints(100_500, 5000)).toBe(50_250);
  });

  test('refuses negative or fractional totals and rates outside 0..10000 bp', () => {
    expect(() => feeFromBasisPoints(-1, 60)).toThrow(expect.objectContaining({ code: 'INVALID_AMOUNT' }));
    expect(() => feeFromBasisPoints(1.5, 60)).toThrow(expect.objectContaining({ code: 'INVALID_AMOUNT' }));
    expect(() => feeFromBasisPoints(100, 0.5)).toThrow(expect.objectContaining({ code: 'INVALID_AMOUNT' }));
    expect(() => feeFromBasisPoints(100, 10_001)).toThrow(expect.objectContaining({ code: 'INVALID_AMOUNT' }));
    expect(() => feeFromBasisPoints(100, -1)).toThrow(expect.objectContaining({ code: 'INVALID_AMOUNT' }));
  });

  test('divideRoundHalfUp handles exact, below-half, half and above-half remainders', () => {
    expect(divideRoundHalfUp(10n, 5n)).toBe(2n);
    expect(divideRoundHalfUp(12n, 5n)).toBe(2n);
    expect(divideRoundHalfUp(5n, 2n)).toBe(3n);
    expect(divideRoundHalfUp(13n, 5n)).toBe(3n);
    expect(() => divideRoundHalfUp(-1n, 2n)).toThrow(RangeError);
    expect(() => divideRoundHalfUp(1n, 0n)).toThrow(RangeError);
  });
});
