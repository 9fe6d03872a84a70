import { defineKind, type ObjectOf } from '../../host/sdk/index.js';
import { RESOURCE_GROUP, RESOURCE_VERSION } from '../api/api-groups.js';
import type { PaymentDeps } from '../deps/payment-deps.js';

/** What the ledger needs: the store and the clock. */
export type LedgerDeps = Pick<PaymentDeps, 'client' | 'clock'>;

/**
 * Each type fixes the sign of its deltas (the CRD checks it): credit and refund/withdrawal release raise what
 * can be withdrawn, freeze holds it, debit takes it out of both balance and frozen, adjustment moves the balance.
 */
export type LedgerEntryType =
  | 'SETTLEMENT_CREDIT'
  | 'WITHDRAWAL_FREEZE'
  | 'WITHDRAWAL_RELEASE'
  | 'WITHDRAWAL_DEBIT'
  | 'REFUND_FREEZE'
  | 'REFUND_RELEASE'
  | 'REFUND_DEBIT'
  | 'ADJUSTMENT';

export type LedgerReferenceKind = 'SettlementRecord' | 'WithdrawalRecord' | 'PaymentRefund' | 'Manual';

/** One immutable movement of a merchant's money (extensions/ledger-entry.yaml); amounts in minor units. */
export interface LedgerEntrySpec {
  merchant: string;
  type: LedgerEntryType;
  /** Signed as on the merchant's statement: positive money in or released, negative money held or paid out. */
  amount: number;
  currency: string;
  balanceDelta: number;
  frozenDelta: number;
  reference: { kind: LedgerReferenceKind; name: string };
  /** The running totals right after this entry (statement columns; the check recomputes them from deltas). */
  balanceAfter?: number;
  frozenAfter?: number;
  createdBy?: string;
  note?: string;
}

export const LedgerEntry = defineKind<LedgerEntrySpec, Record<string, unknown>>({
  group: RESOURCE_GROUP,
  version: RESOURCE_VERSION,
  kind: 'LedgerEntry',
  plural: 'ledgerentries',
});
export type LedgerEntry = ObjectOf<typeof LedgerEntry>;

/**
 * The running totals of one merchant in one currency (extensions/merchant-balance.yaml), written in the same
 * transaction as every entry, so reading a balance never sums the history. Name: `<merchant>.<currency>`.
 */
export interface MerchantBalanceSpec {
  merchant: string;
  currency: string;
  balance: number;
  frozen: number;
  entryCount: number;
  lastEntry?: string;
}

export const MerchantBalance = defineKind<MerchantBalanceSpec, Record<string, unknown>>({
  group: RESOURCE_GROUP,
  version: RESOURCE_VERSION,
  kind: 'MerchantBalance',
  plural: 'merchantbalances',
});
export type MerchantBalance = ObjectOf<typeof MerchantBalance>;

/** Balances as numbers of minor units; withdrawable = balance - frozen. */
export interface BalanceFigures {
  merchant: string;
  currency: string;
  balance: number;
  frozen: number;
  withdrawable: number;
}
