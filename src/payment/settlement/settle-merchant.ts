import type { MerchantDeps } from '../merchants/merchant-deps.js';
import { PaymentInfo } from '../orders/types.js';
import { candidatesOf, whyUnsettleable } from './eligibility.js';
import type { SettlementRecord } from './types.js';
import { OrderBatch, writeSettlement, type SettlementOrigin } from './write-settlement.js';

/**
 * Candidates per read. The query filters by index (platform, status, settlementName) but pages in name order, so
 * each page sorts every remaining candidate: large pages keep a 100,000-order run from re-reading them hundreds of
 * times (a round needs about 21,000, see write-settlement.ts).
 */
const PAGE = 5_000;

/**
 * Settles every eligible order of one merchant: one record per currency, several when a currency has more
 * orders than one record holds. Each round is one store transaction that reads the candidates in pages,
 * creates the records and marks their orders, so a crash leaves whole records only, and two triggers at once
 * (writers are serialized by the store) find each order unsettled at most once.
 */
export async function settleMerchant(
  deps: MerchantDeps,
  merchant: string,
  rateBasisPoints: number,
  origin: SettlementOrigin,
  signal?: AbortSignal,
): Promise<SettlementRecord[]> {
  const made: SettlementRecord[] = [];
  for (;;) {
    signal?.throwIfAborted();
    const round = await deps.client.transaction(() => settleRound(deps, merchant, rateBasisPoints, origin));
    made.push(...round.records);
    if (!round.more) return made;
  }
}

async function settleRound(deps: MerchantDeps, merchant: string, rate: number, origin: SettlementOrigin) {
  const batches = new Map<string, OrderBatch>();
  let more = false;
  let cont: string | undefined;
  scan: do {
    const page = await deps.client.list(PaymentInfo, { where: candidatesOf(merchant), limit: PAGE, continue: cont });
    for (const order of page.items) {
      if (whyUnsettleable(order)) continue;
      const currency = order.spec.currency;
      const batch = batches.get(currency) ?? new OrderBatch(merchant, currency);
      batches.set(currency, batch);
      if (!batch.fits(order)) {
        more = true;
        break scan;
      }
      batch.add(order);
    }
    cont = page.continue;
  } while (cont);
  const records: SettlementRecord[] = [];
  for (const batch of batches.values()) if (batch.orders.length) records.push(await writeSettlement(deps, batch, rate, origin));
  return { records, more };
}
