import { merchantBalanceLock } from '../deps/lock-keys.js';
import { ledgerErrors } from './ledger-errors.js';
import { balanceName, figuresOf } from './read-balance.js';
import { LedgerEntry, MerchantBalance, type BalanceFigures, type LedgerDeps, type LedgerEntrySpec } from './types.js';

export type { LedgerDeps };

/** An entry to book: its spec without the running totals, and the idempotency key that becomes its name. */
export interface LedgerPosting extends Omit<LedgerEntrySpec, 'balanceAfter' | 'frozenAfter'> {
  key: string;
}

export interface PostResult {
  entry: LedgerEntry;
  balance: BalanceFigures;
  /** false when the key was booked before (a retried step): nothing was written. */
  posted: boolean;
}

/**
 * Books one entry and moves the merchant's running totals in the same transaction (joining the caller's, so
 * the entry commits or rolls back with the change that caused it). Refuses, writing nothing, when balance,
 * frozen or withdrawable would go negative. The merchant's balance lock (merchantBalanceLock, held to the
 * end of the transaction) makes the read-check-write below run one at a time per merchant and currency,
 * across processes; the version check of the balance update stays as a second guard.
 */
export function postLedgerEntry(deps: LedgerDeps, posting: LedgerPosting): Promise<PostResult> {
  return deps.client.transaction(async () => {
    await deps.client.lock(merchantBalanceLock(posting.merchant, posting.currency));
    const booked = await deps.client.fetch(LedgerEntry, posting.key);
    if (booked) return { entry: sameEntry(booked, posting), balance: await currentFigures(deps, posting), posted: false };
    const name = balanceName(posting.merchant, posting.currency);
    const stored = await deps.client.fetch(MerchantBalance, name);
    const before = stored
      ? figuresOf(stored)
      : { merchant: posting.merchant, currency: posting.currency, balance: 0, frozen: 0, withdrawable: 0 };
    const balance = before.balance + posting.balanceDelta;
    const frozen = before.frozen + posting.frozenDelta;
    if (balance < 0 || frozen < 0 || balance - frozen < 0)
      throw ledgerErrors.insufficient(before.withdrawable, neededOf(posting), posting.currency);
    const { key, ...spec } = posting;
    const entry = await deps.client.create(LedgerEntry, {
      metadata: { name: key },
      spec: { ...spec, balanceAfter: balance, frozenAfter: frozen },
    });
    const totals = {
      merchant: posting.merchant,
      currency: posting.currency,
      balance,
      frozen,
      entryCount: (stored?.spec.entryCount ?? 0) + 1,
      lastEntry: key,
    };
    const saved = stored
      ? await deps.client.update({ ...stored, spec: totals })
      : await deps.client.create(MerchantBalance, { metadata: { name }, spec: totals });
    return { entry, balance: figuresOf(saved), posted: true };
  });
}

/** What the refused entry asked of the withdrawable balance (a freeze or a negative adjustment). */
function neededOf(posting: LedgerPosting): number {
  return Math.max(posting.frozenDelta, -posting.balanceDelta, 0);
}

function sameEntry(booked: LedgerEntry, posting: LedgerPosting): LedgerEntry {
  const b = booked.spec;
  const same =
    b.merchant === posting.merchant
    && b.type === posting.type
    && b.currency === posting.currency
    && b.balanceDelta === posting.balanceDelta
    && b.frozenDelta === posting.frozenDelta;
  if (!same) throw ledgerErrors.keyReused(posting.key);
  return booked;
}

async function currentFigures(deps: LedgerDeps, posting: LedgerPosting): Promise<BalanceFigures> {
  const stored = await deps.client.fetch(MerchantBalance, balanceName(posting.merchant, posting.currency));
  return stored ? figuresOf(stored) : { merchant: posting.merchant, currency: posting.currency, balance: 0, frozen: 0, withdrawable: 0 };
}
