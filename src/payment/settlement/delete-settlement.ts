import { adjustmentMove } from '../ledger/moves.js';
import { postLedgerEntry } from '../ledger/post-entry.js';
import type { MerchantDeps } from '../merchants/merchant-deps.js';
import { releaseOrders } from './release-orders.js';
import { settlementCredited, settlementNotFound } from './settlement-errors.js';
import { SettlementRecord } from './types.js';

export interface DeleteOutcome {
  name: string;
  status: string;
  releasedOrders: number;
  /** The ADJUSTMENT entry that reversed the credit of a confirmed settlement. */
  reversal?: string;
}

/**
 * Removes a record in one transaction. PENDING: its orders are released (settleable again). FAILED: its orders
 * were released when it was rejected; it just goes. SUCCESS: only with a reason, and an ADJUSTMENT entry of
 * minus the credited amount is booked with it (refused, nothing changed, when the withdrawable balance cannot
 * cover it); its orders keep their mark, so they are never settled again (the money was taken back, and a
 * refund of them no longer touches the ledger since the settlement is gone).
 */
export async function deleteSettlement(deps: MerchantDeps, name: string, by: string, reason?: string): Promise<DeleteOutcome> {
  return deps.client.transaction(async () => {
    const record = await deps.client.fetch(SettlementRecord, name);
    if (!record) throw settlementNotFound(name);
    const s = record.spec;
    const outcome: DeleteOutcome = { name, status: s.status, releasedOrders: 0 };
    if (s.status === 'PENDING') outcome.releasedOrders = await releaseOrders(deps, record);
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
    return outcome;
  });
}
