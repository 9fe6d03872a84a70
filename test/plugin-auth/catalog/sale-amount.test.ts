import { saleAmount } from '../../../src/plugin-auth/catalog/sale-amount.js';

test.each([
  [99, '99.00'],
  [19.9, '19.90'],
  [19.995, '20.00'], // the float is 19.99499…: the decimal text decides, half up
  [1.005, '1.01'],
  [1.004, '1.00'],
  [0.005, '0.01'],
  [100000000, '100000000.00'],
  [1e-7, undefined],
  [0.004, undefined],
  [0, undefined],
  [-1, undefined],
  [Number.NaN, undefined],
])('a catalog price of %p sells for %p', (price, amount) => {
  expect(saleAmount(price)).toBe(amount);
});
