import type { LedgerPosting } from './post-entry.js';
import type { LedgerEntryType, LedgerReferenceKind } from './types.js';

/** Who and what a move is about; amounts are positive minor units, the move gives them their signs. */
export interface MoveSubject {
  merchant: string;
  currency: string;
  /** Name of the settlement, withdrawal or refund that causes the move. */
  reference: string;
  actor?: string;
  note?: string;
}

/** The signs each entry type carries (the CRD checks the same implications): [amount, balanceDelta, frozenDelta]. */
const SIGNS: Record<Exclude<LedgerEntryType, 'ADJUSTMENT'>, [number, number, number]> = {
  SETTLEMENT_CREDIT: [1, 1, 0],
  WITHDRAWAL_FREEZE: [-1, 0, 1],
  WITHDRAWAL_RELEASE: [1, 0, -1],
  WITHDRAWAL_DEBIT: [-1, -1, -1],
  REFUND_FREEZE: [-1, 0, 1],
  REFUND_RELEASE: [1, 0, -1],
  REFUND_DEBIT: [-1, -1, -1],
};

const REFERENCE_KIND: Record<Exclude<LedgerEntryType, 'ADJUSTMENT'>, LedgerReferenceKind> = {
  SETTLEMENT_CREDIT: 'SettlementRecord',
  WITHDRAWAL_FREEZE: 'WithdrawalRecord',
  WITHDRAWAL_RELEASE: 'WithdrawalRecord',
  WITHDRAWAL_DEBIT: 'WithdrawalRecord',
  REFUND_FREEZE: 'PaymentRefund',
  REFUND_RELEASE: 'PaymentRefund',
  REFUND_DEBIT: 'PaymentRefund',
};

/**
 * The posting of one event. Its key (the entry's name) is the type and the reference, e.g.
 * `withdrawal-freeze.<withdrawal>`: one event is booked once however often a step is retried.
 */
export function ledgerMove(type: Exclude<LedgerEntryType, 'ADJUSTMENT'>, amountMinor: number, subject: MoveSubject): LedgerPosting {
  if (!Number.isSafeInteger(amountMinor) || amountMinor <= 0)
    throw new RangeError(`ledger amount must be a positive integer, got ${amountMinor}`);
  const [sign, balanceSign, frozenSign] = SIGNS[type];
  return {
    key: `${type.toLowerCase().replace('_', '-')}.${subject.reference}`,
    merchant: subject.merchant,
    type,
    amount: sign * amountMinor,
    currency: subject.currency,
    balanceDelta: balanceSign * amountMinor,
    frozenDelta: frozenSign * amountMinor,
    reference: { kind: REFERENCE_KIND[type], name: subject.reference },
    ...(subject.actor ? { createdBy: subject.actor } : {}),
    ...(subject.note ? { note: subject.note } : {}),
  };
}

/** An administrator's correction of the balance (either sign), booked under its own ticket id with a reason. */
export function adjustmentMove(deltaMinor: number, subject: MoveSubject & { note: string }): LedgerPosting {
  if (!Number.isSafeInteger(deltaMinor) || deltaMinor === 0)
    throw new RangeError(`adjustment must be a non-zero integer, got ${deltaMinor}`);
  return {
    key: `adjustment.${subject.reference}`,
    merchant: subject.merchant,
    type: 'ADJUSTMENT',
    amount: deltaMinor,
    currency: subject.currency,
    balanceDelta: deltaMinor,
    frozenDelta: 0,
    reference: { kind: 'Manual', name: subject.reference },
    createdBy: subject.actor,
    note: subject.note,
  };
}
