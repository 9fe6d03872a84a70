/**
 * The amount a paid catalog plugin is sold for: its price as decimal text with two fraction digits, rounded
 * half up at the third (the catalog price is a JSON number, kept for classifying, so 19.995 sells for 20.00).
 * Read from the number's shortest decimal text, never through float arithmetic. Undefined when that rounds to
 * nothing (a price of 0.001 cannot be charged).
 */
export function saleAmount(price: number): string | undefined {
  if (!Number.isFinite(price) || price <= 0) return undefined;
  const text = /e/i.test(String(price)) ? price.toFixed(20) : String(price);
  const [whole, fraction = ''] = text.split('.');
  let cents = BigInt(whole) * 100n + BigInt(`${fraction}00`.slice(0, 2));
  if ((fraction[2] ?? '0') >= '5') cents += 1n;
  if (cents === 0n) return undefined;
  return `${cents / 100n}.${String(cents % 100n).padStart(2, '0')}`;
}

/** Catalog prices have no currency; plugin purchases are charged in it (docs/plugin-purchase.md). */
export const PURCHASE_CURRENCY = 'CNY';
