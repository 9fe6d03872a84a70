import { and, eq, listResult, type Condition } from '../../host/sdk/index.js';
import type { MerchantDeps } from '../merchants/merchant-deps.js';
import { timeBound } from '../orders/list-orders.js';
import { PaymentInfo } from '../orders/types.js';
import { toSettledOrderView, toSettlementView } from './settlement-view.js';
import { SettlementRecord, type SettlementStatus } from './types.js';

export interface SettlementFilters {
  merchant?: string;
  status?: SettlementStatus;
  createdFrom?: string;
  createdTo?: string;
  page: number;
  size: number;
}

/** Newest first, filtered by merchant, status and creation date (indexes merchant/status + creation time). */
export async function listSettlements(deps: MerchantDeps, f: SettlementFilters) {
  const conditions: Condition[] = [];
  if (f.merchant) conditions.push(eq('spec.merchant', f.merchant));
  if (f.status) conditions.push(eq('spec.status', f.status));
  const from = timeBound(f.createdFrom, false);
  const to = timeBound(f.createdTo, true);
  if (from) conditions.push({ op: 'ge', field: 'metadata.creationTimestamp', value: from });
  if (to) conditions.push({ op: 'le', field: 'metadata.creationTimestamp', value: to });
  const page = await deps.client.list(SettlementRecord, {
    where: and(...conditions),
    sort: [{ field: 'metadata.creationTimestamp', direction: 'desc' }],
    page: f.page,
    size: f.size,
  });
  const items = deps.client.viewItems(SettlementRecord, page.items, toSettlementView);
  return listResult(items, page.total ?? items.length, f.page, f.size);
}

/** A record's orders, one page at a time (by the orders' settlementName, never the whole paymentIds array). */
export async function settledOrders(deps: MerchantDeps, name: string, pageNo: number, size: number) {
  const page = await deps.client.list(PaymentInfo, {
    where: eq('spec.settlementName', name),
    sort: [{ field: 'metadata.name', direction: 'asc' }],
    page: pageNo,
    size,
  });
  const items = deps.client.viewItems(PaymentInfo, page.items, toSettledOrderView);
  return listResult(items, page.total ?? items.length, pageNo, size);
}
