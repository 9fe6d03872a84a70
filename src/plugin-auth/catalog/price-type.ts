/** The three price types of the catalog (spec "price"): derived from the price in one place only. */
export type PriceType = 'FREE' | 'LIMITED_FREE' | 'PAID';

/** 0 (or 0.0) marks a free plugin. */
export const FREE_PRICE = 0;
/** The sentinel price the spec uses for "limited-time free". */
export const LIMITED_FREE_PRICE = 9999;

/**
 * The plugin's price type. A missing or non-finite price counts as PAID, so a catalog entry that lost its
 * price never starts accepting free codes (fail closed); the SitePlugin schema requires a price anyway.
 */
export function priceTypeOf(price: number | null | undefined): PriceType {
  if (typeof price !== 'number' || !Number.isFinite(price)) return 'PAID';
  if (price === FREE_PRICE) return 'FREE';
  if (price === LIMITED_FREE_PRICE) return 'LIMITED_FREE';
  return 'PAID';
}

/** Temporary free codes activate only free and limited-time free plugins. */
export function allowsFreeCode(price: number | null | undefined): boolean {
  return priceTypeOf(price) !== 'PAID';
}
