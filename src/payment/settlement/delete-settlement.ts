import { adjustmentMove } from '../ledger/moves.js';
import { postLedgerEntry } from '../ledger/post-entry.js';
import type { MerchantDeps } from '../merchants/merchant-deps.js';
import { releaseOrders } from './release-orders.js';
import { settlementCredited, settlementNotFound, settlementStateConflict } from './settlement-errors.js';
import { SettlementRecord } from './types.js';

export interface DeleteOutcome {
  name: string;
  status: string;
  releasedOrders: number;
  /** The ADJUSTMENT entry that reversed the credit of a confirmed settlement. */
  reversal?: string;
}

const DELETE = { zh: '删除', en: 'deleted' };

/**
 * Removes a record. PENDING: it is marked `releasing` (it can no longer be confirmed), its orders are released
 * in chunks and the record goes with the last of them; repeating the delete finishes a release a crash cut
 * off. FAILED: its orders were released when it was rejected (a rejection's release cut off is finished
 * first); it just goes. SUCCESS: only with a reason, and an ADJUSTMENT entry of minus the credited amount is
 * booked with the removal in one transaction (refused, nothing changed, when the withdrawable balance cannot
 * cover it); its orders keep their mark, so they are never settled again (the money was taken back, and a
 * refund of them no longer touches the ledger since the settlement is gone). BUILDING: refused; run the
 * settlement again to finish it first.
 */
export async function deleteSettlement(deps: MerchantDeps, name: string, by: string, reason?: string): Promise<DeleteOutcome> {
  const outcome = await deps.client.transaction(() => deleteOrMark(deps, name, by, reason));
  if (outcome.deleted) return outcome.outcome;
  const remove = (record: SettlementRecord) =>
    deps.client.delete(SettlementRecord, name, { resourceVersion: record.metadata.resourceVersion });
  return { ...outcome.outcome, releasedOrders: await releaseOrders(deps, name, remove) };
}

async function deleteOrMark(deps: MerchantDeps, name: string, by: string, reason?: string) {
  const record = await deps.client.fetch(SettlementRecord, name);
  if (!record) throw settlementNotFound(name);
  const s = record.spec;
  const outcome: DeleteOutcome = { name, status: s.status, releasedOrders: 0 };
  if (s.status === 'BUILDING') throw settlementStateConflict(s.status, DELETE);
  if (s.status === 'PENDING' || s.releasing) {
    if (!s.releasing) await deps.client.update({ ...record, spec: { ...s, releasing: true } });
    return { outcome, deleted: false };
  }
  if (s.status === 'SUCCESS') {
    if (!reason?.trim()) throw settlementCredited(name);
    if (s.settlementAmount > 0) {
      const move = adjustmentMove(-s.settlementAmount, {
        merchant: s.merchant,
        currency: s.currency,
        reference: `settlement-reversal.${name}`,
        actor: by,
        note: `reversal of settlement ${name}: ${reason.trim()}`.slice(0, 1000),
      });
      outcome.reversal = (await postLedgerEntry(deps, move)).entry.metadata.name;
    }
  }
  await deps.client.delete(SettlementRecord, name, { resourceVersion: record.metadata.resourceVersion });
  return { outcome, deleted: true };
}
