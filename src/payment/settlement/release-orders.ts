import { eq } from '../../host/sdk/index.js';
import type { MerchantDeps } from '../merchants/merchant-deps.js';
import { PaymentInfo } from '../orders/types.js';
import type { SettlementRecord } from './types.js';

/**
 * Takes the settlement mark off a record's orders (rejected or deleted while PENDING), inside the caller's
 * transaction, so the orders are settleable again exactly when the record's change commits. Read by the
 * settlementName field, in pages; each page is re-read from the start since released orders leave the query.
 */
export async function releaseOrders(deps: MerchantDeps, record: SettlementRecord): Promise<number> {
  let released = 0;
  for (;;) {
    const page = await deps.client.list(PaymentInfo, { where: eq('spec.settlementName', record.metadata.name), limit: 500 });
    if (!page.items.length) return released;
    for (const order of page.items) {
      const { settlementName: _taken, ...spec } = order.spec;
      await deps.client.update({ ...order, spec });
      released++;
    }
  }
}
