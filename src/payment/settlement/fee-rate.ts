import type { MerchantDeps } from '../merchants/merchant-deps.js';
import { percentToBasisPoints } from '../merchants/merchant-settings.js';
import type { Merchant } from '../merchants/types.js';

/** The rate a settlement applies, in basis points: the merchant's own rate wins over the default of the settings. */
export async function feeRateOf(deps: MerchantDeps, merchant: Merchant | undefined): Promise<number> {
  const own = merchant?.spec.feeRateBasisPoints;
  if (own !== undefined && own !== null) return own;
  return percentToBasisPoints((await deps.merchantSettings.read()).defaultFeeRate);
}
