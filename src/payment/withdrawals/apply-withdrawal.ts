import type { PaymentDeps } from '../deps/payment-deps.js';
import { ledgerMove } from '../ledger/moves.js';
import { withdrawalAccountsLock } from '../deps/lock-keys.js';
import { postLedgerEntry } from '../ledger/post-entry.js';
import { parseAmount } from '../money/index.js';
import { ownAccount, requireMerchant } from './accounts.js';
import { WithdrawalRecord } from './types.js';
import { merchantNotActive } from './withdrawal-errors.js';

export type WithdrawalDeps = Pick<PaymentDeps, 'client' | 'clock' | 'notifications' | 'siteUrl' | 'logger'>;

export interface ApplyInput {
  account: string;
  /** Decimal string, at most the currency's minor digits. */
  amount: string;
  remark?: string;
  /** The balance drawn on (default CNY, the currency settlements credit). */
  currency?: string;
}

export const DEFAULT_CURRENCY = 'CNY';

/**
 * A merchant applies for a withdrawal. Refused, with nothing written, when the merchant is not ACTIVE, the
 * amount is not a positive amount of the currency, the account is not the merchant's, or the amount is above
 * the withdrawable balance. The record and its WITHDRAWAL_FREEZE commit in one transaction; the ledger's
 * check runs inside it under the merchant's balance lock, so concurrent applications, in any process, never
 * overdraw. The accounts lock keeps the account from being deleted while the application is written.
 */
export async function applyWithdrawal(deps: WithdrawalDeps, username: string, input: ApplyInput): Promise<WithdrawalRecord> {
  const merchant = await requireMerchant(deps, username);
  if (merchant.spec.status !== 'ACTIVE') throw merchantNotActive(merchant.spec.status);
  const { amountMinor, currency } = parseAmount(input.amount, input.currency ?? DEFAULT_CURRENCY, { field: 'amount' });
  return deps.client.transaction(async () => {
    await deps.client.lock(withdrawalAccountsLock(username));
    const account = await ownAccount(deps, username, input.account, 'account');
    const { type, accountName, accountNumber, bankName, branchName, collectionCode } = account.spec;
    const at = new Date(deps.clock.now()).toISOString();
    const record = await deps.client.create(WithdrawalRecord, {
      metadata: { generateName: 'wd-' },
      spec: {
        merchant: username,
        accountName: account.metadata.name,
        accountSnapshot: {
          type,
          accountName,
          accountNumber,
          ...(bankName ? { bankName } : {}),
          ...(branchName ? { branchName } : {}),
          ...(collectionCode ? { collectionCode } : {}),
        },
        amount: amountMinor,
        currency,
        ...(input.remark ? { remark: input.remark } : {}),
        status: 'PENDING_AUDIT',
        appliedAt: at,
      },
      status: { transitions: [{ from: 'NONE', to: 'PENDING_AUDIT', actor: username, at }] },
    });
    const freeze = ledgerMove('WITHDRAWAL_FREEZE', amountMinor, {
      merchant: username,
      currency,
      reference: record.metadata.name,
      actor: username,
    });
    await postLedgerEntry(deps, freeze);
    return deps.client.update({ ...record, status: { ...record.status, ledgerEntries: [freeze.key] } });
  });
}
