import { formatMinor } from '../money/index.js';
import type { LedgerCheck } from './read-balance.js';
import type { BalanceFigures, LedgerEntry } from './types.js';

/** The currency of balances when the caller names none: the site's currency. */
export const SITE_CURRENCY = 'CNY';

/** Balances as decimal strings. */
export function toBalanceView(f: BalanceFigures) {
  const money = (minor: number) => formatMinor(minor, f.currency);
  return { balance: money(f.balance), frozen: money(f.frozen), withdrawable: money(f.withdrawable), currency: f.currency };
}

export const BALANCE_VIEW_SCHEMA = {
  type: 'object',
  required: ['balance', 'frozen', 'withdrawable', 'currency'],
  properties: {
    balance: { type: 'string', description: 'decimal amount: Σ balance deltas of the ledger' },
    frozen: { type: 'string', description: 'decimal amount held by open withdrawals and refunds' },
    withdrawable: { type: 'string', description: 'balance − frozen' },
    currency: { type: 'string' },
  },
};

export function toEntryView(entry: LedgerEntry) {
  const s = entry.spec;
  const money = (minor: number | undefined) => (minor === undefined ? undefined : formatMinor(minor, s.currency));
  return {
    name: entry.metadata.name,
    type: s.type,
    amount: money(s.amount),
    balanceDelta: money(s.balanceDelta),
    frozenDelta: money(s.frozenDelta),
    balanceAfter: money(s.balanceAfter),
    frozenAfter: money(s.frozenAfter),
    currency: s.currency,
    reference: s.reference,
    createdBy: s.createdBy,
    note: s.note,
    createdAt: entry.metadata.creationTimestamp,
  };
}

export function toCheckView(check: LedgerCheck) {
  return {
    matches: check.matches,
    entryCount: check.entryCount,
    stored: toBalanceView(check.stored),
    recomputed: toBalanceView(check.recomputed),
  };
}
