import { allowsFreeCode, priceTypeOf } from '../../../src/plugin-auth/catalog/price-type.js';

describe('priceTypeOf', () => {
  test.each([
    [0, 'FREE'],
    [0.0, 'FREE'],
    [-0, 'FREE'],
    [9999, 'LIMITED_FREE'],
    [9999.0, 'LIMITED_FREE'],
    [9.9, 'PAID'],
    [1, 'PAID'],
    [9998.99, 'PAID'],
    [10000, 'PAID'],
  ])('price %p is %s', (price, type) => {
    expect(priceTypeOf(price)).toBe(type);
  });

  test.each([undefined, null, Number.NaN, Number.POSITIVE_INFINITY])('a missing or non-finite price (%p) is PAID', (price) => {
    expect(priceTypeOf(price)).toBe('PAID');
  });
});

describe('allowsFreeCode', () => {
  test('only free and limited-time free plugins accept free codes', () => {
    expect(allowsFreeCode(0)).toBe(true);
    expect(allowsFreeCode(9999)).toBe(true);
    expect(allowsFreeCode(19.9)).toBe(false);
    expect(allowsFreeCode(undefined)).toBe(false);
  });
});
