import type { Language } from '../../host/sdk/index.js';
import { basisPointsToPercent } from './merchant-settings.js';
import { actorForMerchant } from './platform-actor.js';
import type { Merchant, MerchantSpec } from './types.js';

/** A merchant as the console and the user center see it (the fee rate also as a percent string). */
export type MerchantView = MerchantSpec & { name: string; createdAt?: string; resourceVersion?: string; feeRate?: string };

export function toMerchantView(merchant: Merchant): MerchantView {
  const s = merchant.spec;
  return {
    ...s,
    name: merchant.metadata.name,
    createdAt: merchant.metadata.creationTimestamp,
    resourceVersion: merchant.metadata.resourceVersion,
    ...(s.feeRateBasisPoints !== undefined ? { feeRate: basisPointsToPercent(s.feeRateBasisPoints) } : {}),
  };
}

/** The merchant as its owner sees it (user center): administrators who reviewed or moved it are "the platform". */
export function toOwnMerchantView(merchant: Merchant, language: Language): MerchantView {
  const view = toMerchantView(merchant);
  const owner = merchant.spec.username;
  return {
    ...view,
    ...(view.reviewedBy !== undefined ? { reviewedBy: actorForMerchant(view.reviewedBy, owner, language) } : {}),
    ...(view.history ? { history: view.history.map((h) => ({ ...h, by: actorForMerchant(h.by, owner, language) ?? h.by })) } : {}),
  };
}

export const MERCHANT_VIEW_SCHEMA = {
  type: 'object',
  required: [
    'name',
    'merchantName',
    'contactPerson',
    'contactPhone',
    'contactEmail',
    'businessType',
    'agreementAccepted',
    'username',
    'status',
  ],
  properties: {
    name: { type: 'string' },
    merchantName: { type: 'string' },
    contactPerson: { type: 'string' },
    contactPhone: { type: 'string' },
    contactEmail: { type: 'string' },
    businessType: { type: 'string' },
    description: { type: 'string' },
    agreementAccepted: { type: 'boolean' },
    username: { type: 'string' },
    status: { type: 'string', enum: ['PENDING', 'ACTIVE', 'REJECTED', 'SUSPENDED'] },
    reviewRemark: { type: 'string' },
    reviewedBy: { type: 'string' },
    reviewedAt: { type: 'string' },
    history: {
      type: 'array',
      description: 'status decisions, oldest first: onboarding and every review, enable or disable move',
      items: {
        type: 'object',
        properties: {
          action: { type: 'string', enum: ['onboard', 'approve', 'reject', 'suspend', 'activate'] },
          from: { type: 'string', enum: ['PENDING', 'ACTIVE', 'REJECTED', 'SUSPENDED'] },
          to: { type: 'string', enum: ['PENDING', 'ACTIVE', 'REJECTED', 'SUSPENDED'] },
          remark: { type: 'string' },
          by: { type: 'string' },
          at: { type: 'string' },
        },
      },
    },
    feeRateBasisPoints: { type: 'integer' },
    feeRate: { type: 'string', description: 'individual settlement fee rate as a percent, e.g. "0.60"' },
    createdAt: { type: 'string' },
    resourceVersion: { type: 'string' },
  },
};
