import { defineKind, type ObjectOf } from '../../host/sdk/index.js';
import { RESOURCE_GROUP, RESOURCE_VERSION } from '../api/api-groups.js';

/** PENDING awaits the administrator; SUCCESS credited the merchant; FAILED released its orders. */
export type SettlementStatus = 'PENDING' | 'SUCCESS' | 'FAILED';

/** Spec of a SettlementRecord (extensions/settlement-record.yaml); amounts in integer minor units. */
export interface SettlementRecordSpec {
  merchant: string;
  paymentIds: string[];
  orderCount: number;
  totalAmount: number;
  feeAmount: number;
  settlementAmount: number;
  currency: string;
  feeRateBasisPoints: number;
  status: SettlementStatus;
  /** Who confirmed or rejected it, and when (one pair: a record is decided once). */
  confirmedBy?: string;
  confirmedAt?: string;
  remark?: string;
  trigger?: SettlementTrigger;
  /** The administrator who triggered it, or the job run that did. */
  createdBy?: string;
}

/** MANUAL: the console's trigger; AUTO: the settlement-cycle job. */
export type SettlementTrigger = 'MANUAL' | 'AUTO';

export interface SettlementRecordStatus {
  observedGeneration?: number;
  ledgerEntry?: string;
  conditions?: Array<Record<string, unknown>>;
}

export const SettlementRecord = defineKind<SettlementRecordSpec, SettlementRecordStatus>({
  group: RESOURCE_GROUP,
  version: RESOURCE_VERSION,
  kind: 'SettlementRecord',
  plural: 'settlementrecords',
});
export type SettlementRecord = ObjectOf<typeof SettlementRecord>;
