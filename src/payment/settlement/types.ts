import { defineKind, type ObjectOf } from '../../host/sdk/index.js';
import { RESOURCE_GROUP, RESOURCE_VERSION } from '../api/api-groups.js';

/**
 * BUILDING collects its orders a chunk per transaction (a run cut off resumes it); PENDING awaits the
 * administrator; SUCCESS credited the merchant; FAILED released its orders.
 */
export const SETTLEMENT_STATUSES = ['BUILDING', 'PENDING', 'SUCCESS', 'FAILED'] as const;
export type SettlementStatus = (typeof SETTLEMENT_STATUSES)[number];

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
  /**
   * Its orders are being released a chunk at a time (rejected, or deleted while PENDING): repeating the reject
   * or the delete finishes a release a crash cut off. A PENDING record being deleted cannot be confirmed.
   */
  releasing?: boolean;
}

/** MANUAL: the console's trigger; AUTO: the settlement-cycle job. */
export type SettlementTrigger = 'MANUAL' | 'AUTO';

export interface SettlementRecordStatus {
  observedGeneration?: number;
  ledgerEntry?: string;
  /** While BUILDING: bytes its orders' payment numbers will take in paymentIds (the record's size budget). */
  idBytes?: number;
  conditions?: Array<Record<string, unknown>>;
}

export const SettlementRecord = defineKind<SettlementRecordSpec, SettlementRecordStatus>({
  group: RESOURCE_GROUP,
  version: RESOURCE_VERSION,
  kind: 'SettlementRecord',
  plural: 'settlementrecords',
});
export type SettlementRecord = ObjectOf<typeof SettlementRecord>;
