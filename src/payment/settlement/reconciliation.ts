import { and, inValues, type Condition } from '../../host/sdk/index.js';
import { checkBalance } from '../ledger/read-balance.js';
import { LedgerEntry, MerchantBalance } from '../ledger/types.js';
import type { MerchantDeps } from '../merchants/merchant-deps.js';
import { timeBound } from '../orders/list-orders.js';
import { PAID_STATUSES, PaymentInfo, SYSTEM_PLATFORM } from '../orders/types.js';
import { settleableMinor } from './eligibility.js';
import { SettlementRecord } from './types.js';

/** One merchant in one currency over the range; amounts in minor units. */
export interface ReconciliationRow {
  merchant: string;
  currency: string;
  paidCount: number;
  paidAmount: number;
  settledCount: number;
  settledAmount: number;
  unsettledCount: number;
  unsettledAmount: number;
  fees: number;
  credits: number;
  withdrawals: number;
  ledgerBalance: number;
  recomputedBalance: number;
  matches: boolean;
}

export interface ReportRange {
  from: string;
  to: string;
}

function range(field: string, r: ReportRange, zone: string): Condition[] {
  return [
    { op: 'ge', field, value: timeBound(r.from, false, zone)! },
    { op: 'le', field, value: timeBound(r.to, true, zone)! },
  ];
}

/**
 * The reconciliation of a date range (days of the reporting time zone, as the overview counts them): orders
 * paid in it (settled or not, by what is left of each after refunds), fees of settlements confirmed in it,
 * SETTLEMENT_CREDIT and WITHDRAWAL_DEBIT entries booked in it, and — as of now — each merchant's running
 * balance against its recomputation from the entries. Reads in pages.
 */
export async function reconciliationReport(deps: MerchantDeps, r: ReportRange): Promise<ReconciliationRow[]> {
  const zone = (await deps.settings.read()).reportTimeZone;
  const rows = new Map<string, ReconciliationRow>();
  const row = (merchant: string, currency: string) => {
    const key = `${merchant}|${currency}`;
    let found = rows.get(key);
    if (!found) rows.set(key, (found = emptyRow(merchant, currency)));
    return found;
  };
  for await (const order of deps.client.listAll(
    PaymentInfo,
    and(inValues('spec.status', [...PAID_STATUSES]), ...range('spec.paidAt', r, zone)),
  )) {
    if (order.spec.platform === SYSTEM_PLATFORM) continue;
    const x = row(order.spec.platform, order.spec.currency);
    x.paidCount++;
    x.paidAmount += order.spec.paymentAmount;
    const left = settleableMinor(order);
    if (order.spec.settlementName) [x.settledCount, x.settledAmount] = [x.settledCount + 1, x.settledAmount + left];
    else if (left > 0) [x.unsettledCount, x.unsettledAmount] = [x.unsettledCount + 1, x.unsettledAmount + left];
  }
  for await (const s of deps.client.listAll(
    SettlementRecord,
    and(inValues('spec.status', ['SUCCESS']), ...range('spec.confirmedAt', r, zone)),
  ))
    row(s.spec.merchant, s.spec.currency).fees += s.spec.feeAmount;
  const types = inValues('spec.type', ['SETTLEMENT_CREDIT', 'WITHDRAWAL_DEBIT']);
  for await (const e of deps.client.listAll(LedgerEntry, and(types, ...range('metadata.creationTimestamp', r, zone)))) {
    const x = row(e.spec.merchant, e.spec.currency);
    if (e.spec.type === 'SETTLEMENT_CREDIT') x.credits += e.spec.amount;
    else x.withdrawals += -e.spec.amount;
  }
  for await (const b of deps.client.listAll(MerchantBalance)) row(b.spec.merchant, b.spec.currency);
  for (const x of rows.values()) {
    const check = await checkBalance(deps, x.merchant, x.currency);
    Object.assign(x, { ledgerBalance: check.stored.balance, recomputedBalance: check.recomputed.balance, matches: check.matches });
  }
  return [...rows.values()].sort((a, b) => a.merchant.localeCompare(b.merchant) || a.currency.localeCompare(b.currency));
}

function emptyRow(merchant: string, currency: string): ReconciliationRow {
  return {
    merchant,
    currency,
    paidCount: 0,
    paidAmount: 0,
    settledCount: 0,
    settledAmount: 0,
    unsettledCount: 0,
    unsettledAmount: 0,
    fees: 0,
    credits: 0,
    withdrawals: 0,
    ledgerBalance: 0,
    recomputedBalance: 0,
    matches: true,
  };
}
