import type { MerchantDeps } from './merchant-deps.js';
import { invalidField, merchantNotFound } from './merchant-errors.js';
import { offersBusinessType, percentToBasisPoints } from './merchant-settings.js';
import { Merchant } from './types.js';

export interface MerchantUpdate {
  merchantName?: string;
  contactPerson?: string;
  contactPhone?: string;
  contactEmail?: string;
  businessType?: string;
  description?: string;
  /** Percent string ("0.60") sets the individual rate; null clears it. */
  feeRate?: string | null;
}

/** The administrator's edit of the profile and the individual fee rate (status moves have their own operations). */
export async function updateMerchant(deps: MerchantDeps, name: string, update: MerchantUpdate): Promise<Merchant> {
  const current = await deps.client.fetch(Merchant, name);
  if (!current) throw merchantNotFound(name);
  const { feeRate, ...profile } = update;
  if (profile.businessType !== undefined && profile.businessType !== current.spec.businessType) {
    if (!offersBusinessType(await deps.merchantSettings.read(), profile.businessType))
      throw invalidField(
        'businessType',
        `经营类型「${profile.businessType}」不在可选列表中`,
        `business type "${profile.businessType}" is not one of the offered types`,
      );
  }
  const spec: Record<string, unknown> = { ...profile };
  if (feeRate === null) spec.feeRateBasisPoints = null;
  else if (feeRate !== undefined) spec.feeRateBasisPoints = percentToBasisPoints(feeRate);
  return deps.client.patch(Merchant, name, { metadata: { resourceVersion: current.metadata.resourceVersion }, spec });
}
