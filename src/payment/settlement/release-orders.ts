import { eq, runInChunks } from '../../host/sdk/index.js';
import type { MerchantDeps } from '../merchants/merchant-deps.js';
import { PaymentInfo } from '../orders/types.js';
import { SettlementRecord } from './types.js';

/** Most orders released per step; the page follows the time an order takes (a PostgreSQL update costs more). */
const MAX_STEP_ORDERS = 200;
/** Fewest: the page's read is paid once per step. */
const MIN_STEP_ORDERS = 20;
/** Time one step aims at, well inside the chunk's budget. */
const STEP_MS = 5;

/**
 * Takes the settlement mark off a record's orders (it was rejected, or is being deleted while PENDING) in
 * short transactions, so other writers go between chunks. The record carries `releasing` meanwhile: a
 * release a crash cut off is finished by repeating the move. `finish` runs in the transaction that finds no
 * marked order left (it clears the marker or removes the record), so the record's end commits with the last
 * release. Returns the number of orders this call released.
 */
export async function releaseOrders(
  deps: MerchantDeps,
  name: string,
  finish: (record: SettlementRecord) => Promise<unknown>,
): Promise<number> {
  let released = 0;
  let size = 50;
  await runInChunks(deps.client, async () => {
    const page = await deps.client.list(PaymentInfo, { where: eq('spec.settlementName', name), limit: size });
    const start = performance.now(); // the writes' time: the read costs about the same for any page size
    for (const order of page.items) {
      const { settlementName: _taken, ...spec } = order.spec;
      await deps.client.update({ ...order, spec });
      released++;
    }
    const perOrder = (performance.now() - start) / Math.max(1, page.items.length);
    size = Math.max(MIN_STEP_ORDERS, Math.min(MAX_STEP_ORDERS, Math.floor(STEP_MS / perOrder)));
    if (page.items.length) return true;
    const record = await deps.client.fetch(SettlementRecord, name);
    if (record?.spec.releasing) await finish(record);
    return false;
  });
  return released;
}

/** The record without its marker: the release is over. */
export function releaseDone(deps: MerchantDeps, record: SettlementRecord): Promise<SettlementRecord> {
  const { releasing: _done, ...spec } = record.spec;
  return deps.client.update({ ...record, spec });
}
