import { and, eq, inValues } from '../../host/sdk/index.js';
import type { PaymentDeps } from '../deps/payment-deps.js';
import { withdrawalAccountsLock } from '../deps/lock-keys.js';
import { Merchant } from '../merchants/types.js';
import { accountFields, type AccountInput } from './account-input.js';
import { WithdrawalAccount, WithdrawalRecord, OPEN_STATUSES } from './types.js';
import { accountInUse, accountNotFound, invalidAccountField, notAMerchant } from './withdrawal-errors.js';

export type AccountDeps = Pick<PaymentDeps, 'client' | 'clock'>;

/** Beyond this a merchant is likely pasting by mistake; a real business has a handful of payout accounts. */
export const MAX_ACCOUNTS = 20;

/** The caller's merchant (its name is the user name); accounts need one, of any status. */
export async function requireMerchant(deps: AccountDeps, username: string): Promise<Merchant> {
  const merchant = await deps.client.fetch(Merchant, username);
  if (!merchant) throw notAMerchant();
  return merchant;
}

/** A merchant's account, or WITHDRAWAL_ACCOUNT_NOT_FOUND (also for another merchant's: not revealed). */
export async function ownAccount(deps: AccountDeps, merchant: string, name: string, field?: string): Promise<WithdrawalAccount> {
  const found = await deps.client.fetch(WithdrawalAccount, name);
  if (!found || found.spec.merchant !== merchant) throw accountNotFound(name, field);
  return found;
}

/** A merchant's accounts: the default first, then the oldest first (creation times have whole seconds). */
export async function listAccounts(deps: AccountDeps, merchant: string): Promise<WithdrawalAccount[]> {
  const page = await deps.client.list(WithdrawalAccount, {
    where: eq('spec.merchant', merchant),
    sort: [{ field: 'metadata.creationTimestamp', direction: 'asc' }],
    size: MAX_ACCOUNTS,
  });
  return [...page.items].sort((a, b) => Number(b.spec.isDefault) - Number(a.spec.isDefault));
}

/** Clears the default flag of the merchant's other accounts (inside the caller's transaction). */
async function unsetOtherDefaults(deps: AccountDeps, merchant: string, keep: string): Promise<void> {
  const where = and(eq('spec.merchant', merchant), eq('spec.isDefault', true));
  for await (const other of deps.client.listAll(WithdrawalAccount, where))
    if (other.metadata.name !== keep) await deps.client.update({ ...other, spec: { ...other.spec, isDefault: false } });
}

/** Creates an account; the first one is the default, and a new default unsets the old one in the same transaction. */
export async function createAccount(deps: AccountDeps, username: string, input: AccountInput): Promise<WithdrawalAccount> {
  await requireMerchant(deps, username);
  const fields = await accountFields(deps.client, username, input);
  return deps.client.transaction(async () => {
    await deps.client.lock(withdrawalAccountsLock(username));
    const existing = await listAccounts(deps, username);
    if (existing.length >= MAX_ACCOUNTS)
      throw invalidAccountField('type', `最多可添加 ${MAX_ACCOUNTS} 个提现账户`, `at most ${MAX_ACCOUNTS} withdrawal accounts`);
    const isDefault = existing.length === 0 || input.isDefault === true;
    const created = await deps.client.create(WithdrawalAccount, {
      metadata: { generateName: `${username}-` },
      spec: { ...fields, merchant: username, isDefault },
    });
    if (isDefault) await unsetOtherDefaults(deps, username, created.metadata.name);
    return created;
  });
}

/**
 * Replaces an account's fields. `isDefault: true` makes it the default (the old one is unset in the same
 * transaction); `false` is ignored: there is always exactly one default, changed by choosing another.
 */
export async function updateAccount(deps: AccountDeps, username: string, name: string, input: AccountInput): Promise<WithdrawalAccount> {
  await ownAccount(deps, username, name);
  const fields = await accountFields(deps.client, username, input);
  return deps.client.transaction(async () => {
    await deps.client.lock(withdrawalAccountsLock(username));
    const current = await ownAccount(deps, username, name);
    const isDefault = current.spec.isDefault || input.isDefault === true;
    const saved = await deps.client.update({ ...current, spec: { ...fields, merchant: username, isDefault } });
    if (isDefault) await unsetOtherDefaults(deps, username, name);
    return saved;
  });
}

/** Deletes an account without open withdrawals; deleting the default promotes the oldest remaining account. */
export async function deleteAccount(deps: AccountDeps, username: string, name: string): Promise<WithdrawalAccount> {
  return deps.client.transaction(async () => {
    await deps.client.lock(withdrawalAccountsLock(username));
    const current = await ownAccount(deps, username, name);
    const open = await deps.client.count(
      WithdrawalRecord,
      and(eq('spec.merchant', username), eq('spec.accountName', name), inValues('spec.status', [...OPEN_STATUSES])),
    );
    if (open > 0) throw accountInUse(name, open);
    await deps.client.delete(WithdrawalAccount, name, { resourceVersion: current.metadata.resourceVersion });
    if (current.spec.isDefault) {
      const [next] = await listAccounts(deps, username);
      if (next) await deps.client.update({ ...next, spec: { ...next.spec, isDefault: true } });
    }
    return current;
  });
}
