import { ledgerMove } from '../ledger/moves.js';
import { postLedgerEntry } from '../ledger/post-entry.js';
import type { MerchantDeps } from '../merchants/merchant-deps.js';
import { releaseDone, releaseOrders } from './release-orders.js';
import { settlementNotFound, settlementStateConflict } from './settlement-errors.js';
import { notifySettlementDecision } from './settlement-notification.js';
import { SettlementRecord, type SettlementStatus } from './types.js';

export const DECISIONS = {
  confirm: { to: 'SUCCESS', zh: '确认', en: 'confirmed' },
  reject: { to: 'FAILED', zh: '驳回', en: 'rejected' },
} as const satisfies Record<string, { to: SettlementStatus; zh: string; en: string }>;

export type Decision = keyof typeof DECISIONS;

/**
 * PENDING → SUCCESS (the settlement amount is credited through one SETTLEMENT_CREDIT ledger entry) or
 * PENDING → FAILED, in one transaction with the merchant's notification; a rejection then releases the
 * orders in chunks (release-orders.ts). Repeating a decision that was made answers the record, finishing a
 * release a crash cut off; any other status (BUILDING, a PENDING record being deleted) is refused naming it.
 */
export async function decideSettlement(
  deps: MerchantDeps,
  name: string,
  decision: Decision,
  by: string,
  remark?: string,
): Promise<SettlementRecord> {
  const moved = await deps.client.transaction(() => decide(deps, name, decision, by, remark));
  if (!moved.spec.releasing) return moved;
  let done = moved;
  await releaseOrders(deps, name, async (record) => (done = await releaseDone(deps, record)));
  return done;
}

async function decide(deps: MerchantDeps, name: string, decision: Decision, by: string, remark?: string): Promise<SettlementRecord> {
  const rule = DECISIONS[decision];
  const current = await deps.client.fetch(SettlementRecord, name);
  if (!current) throw settlementNotFound(name);
  if (current.spec.status === rule.to) return current;
  if (current.spec.status !== 'PENDING' || current.spec.releasing)
    throw settlementStateConflict(current.spec.status, rule, current.spec.releasing);
  const at = new Date(deps.clock.now()).toISOString();
  const spec = { ...current.spec, status: rule.to, confirmedBy: by, confirmedAt: at, ...(remark ? { remark } : {}) };
  if (decision === 'reject') spec.releasing = true;
  let moved = await deps.client.update({ ...current, spec });
  if (decision === 'confirm' && spec.settlementAmount > 0) {
    const subject = { merchant: spec.merchant, currency: spec.currency, reference: name, actor: by, note: `settlement ${name}` };
    const { entry } = await postLedgerEntry(deps, ledgerMove('SETTLEMENT_CREDIT', spec.settlementAmount, subject));
    moved = await deps.client.update({ ...moved, status: { ...moved.status, ledgerEntry: entry.metadata.name } });
  }
  await notifySettlementDecision(deps, moved);
  return moved;
}
