import { defineKind, type ObjectOf } from '../../host/sdk/index.js';
import { RESOURCE_GROUP, RESOURCE_VERSION } from '../api/api-groups.js';

export type AccountType = 'BANK_CARD' | 'WALLET_A' | 'WALLET_B';
export const ACCOUNT_TYPES: readonly AccountType[] = ['BANK_CARD', 'WALLET_A', 'WALLET_B'];

/** Where a merchant receives payouts (extensions/withdrawal-account.yaml). */
export interface WithdrawalAccountSpec {
  merchant: string;
  type: AccountType;
  accountName: string;
  accountNumber: string;
  /** Bank and branch of a BANK_CARD; absent for wallets. */
  bankName?: string;
  branchName?: string;
  /** A wallet's collection-code image: the address (`/attachments/{name}`) of a host attachment its merchant uploaded. */
  collectionCode?: string;
  isDefault: boolean;
}

export const WithdrawalAccount = defineKind<WithdrawalAccountSpec, Record<string, unknown>>({
  group: RESOURCE_GROUP,
  version: RESOURCE_VERSION,
  kind: 'WithdrawalAccount',
  plural: 'withdrawalaccounts',
});
export type WithdrawalAccount = ObjectOf<typeof WithdrawalAccount>;

export type WithdrawalStatus = 'PENDING_AUDIT' | 'APPROVED' | 'REJECTED' | 'PROCESSING' | 'COMPLETED' | 'FAILED';
export const WITHDRAWAL_STATUSES: readonly WithdrawalStatus[] = [
  'PENDING_AUDIT',
  'APPROVED',
  'REJECTED',
  'PROCESSING',
  'COMPLETED',
  'FAILED',
];
/** A withdrawal in these states still holds frozen money and its account. */
export const OPEN_STATUSES: readonly WithdrawalStatus[] = ['PENDING_AUDIT', 'APPROVED', 'PROCESSING'];

export interface AccountSnapshot {
  type: AccountType;
  accountName: string;
  accountNumber: string;
  bankName?: string;
  branchName?: string;
  collectionCode?: string;
}

/** A merchant's withdrawal (extensions/withdrawal-record.yaml); amount in minor units. */
export interface WithdrawalRecordSpec {
  merchant: string;
  /** Resource name of the WithdrawalAccount paid to. */
  accountName: string;
  accountSnapshot: AccountSnapshot;
  amount: number;
  currency: string;
  remark?: string;
  status: WithdrawalStatus;
  payoutSerial?: string;
  payoutRemark?: string;
  failureReason?: string;
  reviewRemark?: string;
  appliedAt: string;
  reviewedBy?: string;
  reviewedAt?: string;
}

/** One move of a withdrawal: kept in status.transitions (at most 50; a withdrawal makes at most 4). */
export interface Transition {
  from: WithdrawalStatus | 'NONE';
  to: WithdrawalStatus;
  actor?: string;
  reason?: string;
  at: string;
}

export interface WithdrawalRecordStatus {
  observedGeneration?: number;
  transitions?: Transition[];
  /** Ledger entries booked for this withdrawal, in order. */
  ledgerEntries?: string[];
}

export const WithdrawalRecord = defineKind<WithdrawalRecordSpec, WithdrawalRecordStatus>({
  group: RESOURCE_GROUP,
  version: RESOURCE_VERSION,
  kind: 'WithdrawalRecord',
  plural: 'withdrawalrecords',
});
export type WithdrawalRecord = ObjectOf<typeof WithdrawalRecord>;
