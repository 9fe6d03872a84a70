import { and, eq } from '../../host/sdk/index.js';
import { LedgerEntry, MerchantBalance, type BalanceFigures, type LedgerDeps } from './types.js';

/** The running-totals object of a merchant in a currency. */
export function balanceName(merchant: string, currency: string): string {
  return `${merchant}.${currency.toLowerCase()}`;
}

export function figuresOf(stored: MerchantBalance): BalanceFigures {
  const { merchant, currency, balance, frozen } = stored.spec;
  return { merchant, currency, balance, frozen, withdrawable: balance - frozen };
}

/** A merchant's balances from the running totals: one read, whatever the length of the history. */
export async function readBalance(deps: LedgerDeps, merchant: string, currency: string): Promise<BalanceFigures> {
  const stored = await deps.client.fetch(MerchantBalance, balanceName(merchant, currency));
  return stored ? figuresOf(stored) : { merchant, currency, balance: 0, frozen: 0, withdrawable: 0 };
}

/** Every currency a merchant has a balance in. */
export async function readBalances(deps: LedgerDeps, merchant: string): Promise<BalanceFigures[]> {
  const page = await deps.client.list(MerchantBalance, { where: eq('spec.merchant', merchant) });
  return page.items.map(figuresOf);
}

export interface LedgerCheck {
  stored: BalanceFigures;
  recomputed: BalanceFigures;
  entryCount: number;
  matches: boolean;
}

/** The check of the running totals: sums every entry of the merchant in the currency (a report, not a hot path). */
export async function checkBalance(deps: LedgerDeps, merchant: string, currency: string): Promise<LedgerCheck> {
  let balance = 0;
  let frozen = 0;
  let entryCount = 0;
  const where = and(eq('spec.merchant', merchant), eq('spec.currency', currency));
  for await (const entry of deps.client.listAll(LedgerEntry, where)) {
    balance += entry.spec.balanceDelta;
    frozen += entry.spec.frozenDelta;
    entryCount++;
  }
  const stored = await readBalance(deps, merchant, currency);
  const recomputed = { merchant, currency, balance, frozen, withdrawable: balance - frozen };
  const storedCount = (await deps.client.fetch(MerchantBalance, balanceName(merchant, currency)))?.spec.entryCount ?? 0;
  const matches = stored.balance === balance && stored.frozen === frozen && storedCount === entryCount;
  return { stored, recomputed, entryCount, matches };
}
