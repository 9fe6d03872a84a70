import { saleAmount } from '../../../src/plugin-auth/catalog/sale-amount.js';

test.each([
  [99, '99.00'],
  [19.9, '19.90'],
  [19.99, '19.99'],
  [0.01, '0.01'],
  [100000000, '100000000.00'],
  // Finer than a fen: never rounded into another amount (issue #28 item 6).
  [19.995, undefined],
  [9.999, undefined],
  [0.001, undefined],
  [1e-7, undefined],
  [0, undefined],
  [-1, undefined],
  [Number.NaN, undefined],
])('a catalog price of %p sells for %p', (price, amount) => {
  expect(saleAmount(price)).toBe(amount);
});
