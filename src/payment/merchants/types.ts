import { defineKind, type ObjectOf } from '../../host/sdk/index.js';
import { RESOURCE_GROUP, RESOURCE_VERSION } from '../api/api-groups.js';

/** PENDING awaits review; ACTIVE can use the platform API; REJECTED and SUSPENDED cannot. */
export type MerchantStatus = 'PENDING' | 'ACTIVE' | 'REJECTED' | 'SUSPENDED';

/** One status decision: onboarding (by the user) or an administrator's move. */
export interface MerchantDecision {
  action: 'onboard' | 'approve' | 'reject' | 'suspend' | 'activate';
  from?: MerchantStatus;
  to: MerchantStatus;
  remark?: string;
  /** The user who onboarded, or the administrator who moved the merchant. */
  by: string;
  at: string;
}

/** Decisions kept per merchant (the newest). */
export const MAX_DECISIONS = 100;

/**
 * A user's merchant profile (extensions/merchant.yaml). One per user: the object's name is the owner's user
 * name, which is also the `platform` of the merchant's orders.
 */
export interface MerchantSpec {
  merchantName: string;
  contactPerson: string;
  contactPhone: string;
  contactEmail: string;
  businessType: string;
  description?: string;
  agreementAccepted: true;
  username: string;
  status: MerchantStatus;
  reviewRemark?: string;
  reviewedBy?: string;
  reviewedAt?: string;
  /** Status decisions, oldest first (the newest MAX_DECISIONS). */
  history?: MerchantDecision[];
  /** Individual settlement fee rate in basis points (60 = 0.60 %); wins over the default rate. */
  feeRateBasisPoints?: number;
}

/** Observed state kept by the merchant reconciler. */
export interface MerchantObservedStatus {
  observedGeneration?: number;
  roleBound?: boolean;
  conditions?: Array<Record<string, unknown>>;
}

export const Merchant = defineKind<MerchantSpec, MerchantObservedStatus>({
  group: RESOURCE_GROUP,
  version: RESOURCE_VERSION,
  kind: 'Merchant',
  plural: 'merchants',
});

export type Merchant = ObjectOf<typeof Merchant>;
