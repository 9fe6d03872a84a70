import { fractionDigits } from '../../host/sdk/index.js';

/** Fraction digits of the purchase currency (CNY fen): a catalog price carries no finer amount. */
export const PRICE_DECIMAL_PLACES = 2;

/**
 * The amount a paid catalog plugin is sold for: its price as decimal text with two fraction digits, read from
 * the number's shortest decimal text, never through float arithmetic. Undefined when the price is not a
 * positive amount of whole fen: a price finer than 0.01 (stored before prices were checked at the field) is
 * never rounded into another amount, so 9.999 is not charged 10.00 and 0.001 is not sold at all.
 */
export function saleAmount(price: number): string | undefined {
  if (!Number.isFinite(price) || price <= 0) return undefined;
  const digits = fractionDigits(price);
  if (digits === undefined || digits > PRICE_DECIMAL_PLACES) return undefined;
  const text = /e/i.test(String(price)) ? price.toFixed(PRICE_DECIMAL_PLACES) : String(price);
  const [whole, fraction = ''] = text.split('.');
  return `${whole}.${fraction.padEnd(PRICE_DECIMAL_PLACES, '0').slice(0, PRICE_DECIMAL_PLACES)}`;
}

/** Catalog prices have no currency; plugin purchases are charged in it (docs/plugin-purchase.md). */
export const PURCHASE_CURRENCY = 'CNY';
