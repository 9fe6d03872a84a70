import type { MerchantDeps } from '../merchants/merchant-deps.js';
import { merchantNotFound } from '../merchants/merchant-errors.js';
import { Merchant } from '../merchants/types.js';
import { PaymentInfo } from '../orders/types.js';
import { whyUnsettleable } from './eligibility.js';
import { feeRateOf } from './fee-rate.js';
import { settleMerchant } from './settle-merchant.js';
import { ordersNotSettleable } from './settlement-errors.js';
import type { SettlementRecord } from './types.js';
import { OrderBatch, writeSettlement, type SettlementOrigin } from './write-settlement.js';

export interface TriggerInput {
  merchant?: string;
  paymentIds?: string[];
}

/**
 * The manual trigger: the given payment numbers (all or nothing), one merchant, or every merchant. Returns
 * the records made (none when nothing was eligible).
 */
export async function triggerSettlement(deps: MerchantDeps, input: TriggerInput, origin: SettlementOrigin): Promise<SettlementRecord[]> {
  if (input.paymentIds?.length) return settleGivenOrders(deps, [...new Set(input.paymentIds)], input.merchant, origin);
  if (input.merchant) {
    const merchant = await deps.client.fetch(Merchant, input.merchant);
    if (!merchant) throw merchantNotFound(input.merchant);
    return settleMerchant(deps, merchant.metadata.name, await feeRateOf(deps, merchant), origin);
  }
  return settleAllMerchants(deps, origin);
}

/** Every merchant in turn (each merchant's rounds are their own transactions). */
export async function settleAllMerchants(deps: MerchantDeps, origin: SettlementOrigin, signal?: AbortSignal): Promise<SettlementRecord[]> {
  const made: SettlementRecord[] = [];
  for await (const merchant of deps.client.listAll(Merchant)) {
    made.push(...(await settleMerchant(deps, merchant.metadata.name, await feeRateOf(deps, merchant), origin, signal)));
  }
  return made;
}

/**
 * Given payment numbers, in one transaction: each must exist, belong to the named merchant (when one is named)
 * and be eligible, otherwise nothing is settled and the answer lists every refused number with its reason.
 */
async function settleGivenOrders(deps: MerchantDeps, ids: string[], merchant: string | undefined, origin: SettlementOrigin) {
  if (merchant && !(await deps.client.fetch(Merchant, merchant))) throw merchantNotFound(merchant);
  return deps.client.transaction(async () => {
    const problems: Array<{ paymentId: string; reason: string }> = [];
    const batches: OrderBatch[] = [];
    const open = new Map<string, OrderBatch>();
    for (const paymentId of ids) {
      const order = await deps.client.fetch(PaymentInfo, paymentId);
      const reason = !order ? 'NOT_FOUND' : merchant && order.spec.platform !== merchant ? 'OTHER_MERCHANT' : whyUnsettleable(order);
      if (reason || !order) {
        problems.push({ paymentId, reason: reason ?? 'NOT_FOUND' });
        continue;
      }
      const key = `${order.spec.platform}|${order.spec.currency}`;
      let batch = open.get(key);
      if (!batch || !batch.fits(order)) {
        batch = new OrderBatch(order.spec.platform, order.spec.currency);
        open.set(key, batch);
        batches.push(batch);
      }
      batch.add(order);
    }
    if (problems.length) throw ordersNotSettleable(problems);
    const records: SettlementRecord[] = [];
    for (const batch of batches) {
      const owner = await deps.client.fetch(Merchant, batch.merchant);
      records.push(await writeSettlement(deps, batch, await feeRateOf(deps, owner), origin));
    }
    return records;
  });
}
