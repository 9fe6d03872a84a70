import { setImmediate } from 'node:timers/promises';
import { eq } from '../../host/sdk/index.js';
import type { MerchantDeps } from '../merchants/merchant-deps.js';
import { feeFromBasisPoints } from '../money/index.js';
import { PaymentInfo } from '../orders/types.js';
import { SettlementRecord } from './types.js';
import { settlementLock } from '../deps/lock-keys.js';

/** Marked orders read per page when a record is sealed (outside any transaction). */
const ID_PAGE = 2_000;

/**
 * BUILDING → PENDING: the fee is computed once on the whole total (round half up) and paymentIds are written.
 * The ids are read before, outside any transaction and in pages, so the sealing transaction is one small
 * check and one write; it takes them only when their number is the record's count (claims only add orders
 * while it is BUILDING, so the same number means the same orders), and reads again otherwise. Returns the
 * sealed record, or undefined when it was no longer BUILDING (another run sealed it).
 */
export async function sealSettlement(deps: MerchantDeps, name: string): Promise<SettlementRecord | undefined> {
  for (;;) {
    const ids = await markedIds(deps, name);
    const sealed = await deps.client.transaction(async () => {
      const seen = await deps.client.fetch(SettlementRecord, name);
      if (seen) await deps.client.lock(settlementLock(seen.spec.merchant));
      const record = seen && (await deps.client.fetch(SettlementRecord, name)); // as of the lock
      if (!record || record.spec.status !== 'BUILDING') return null;
      if (record.spec.orderCount !== ids.length) return undefined;
      const { totalAmount, feeRateBasisPoints } = record.spec;
      const feeAmount = feeFromBasisPoints(totalAmount, feeRateBasisPoints);
      const spec = { ...record.spec, paymentIds: ids, status: 'PENDING' as const, feeAmount, settlementAmount: totalAmount - feeAmount };
      const { idBytes: _budget, ...status } = record.status ?? {};
      return deps.client.update({ ...record, spec, status });
    });
    if (sealed !== undefined) return sealed ?? undefined;
  }
}

async function markedIds(deps: MerchantDeps, name: string): Promise<string[]> {
  const ids: string[] = [];
  let cont: string | undefined;
  do {
    const page = await deps.client.list(PaymentInfo, { where: eq('spec.settlementName', name), limit: ID_PAGE, continue: cont });
    ids.push(...page.items.map((o) => o.spec.paymentId));
    cont = page.continue;
    await setImmediate();
  } while (cont);
  return ids;
}
