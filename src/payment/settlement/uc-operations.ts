import { defineOperation, listResultSchema, type OperationDef } from '../../host/sdk/index.js';
import { UC_GROUP } from '../api/api-groups.js';
import type { MerchantDeps } from '../merchants/merchant-deps.js';
import { merchantNotFound } from '../merchants/merchant-errors.js';
import { Merchant } from '../merchants/types.js';
import { SETTLEMENT_FILTER_PROPERTIES } from './console-operations.js';
import { listSettlements, type SettlementFilters } from './list-settlements.js';
import { SETTLEMENT_VIEW_SCHEMA } from './settlement-view.js';

/** User center: my merchant's settlement records (any merchant status: a suspended merchant still sees its money). */
export function settlementUcOperations(deps: MerchantDeps): OperationDef[] {
  return [
    defineOperation<Omit<SettlementFilters, 'merchant'>>({
      operationId: 'listMySettlements',
      group: UC_GROUP,
      method: 'get',
      path: '/merchant/settlements',
      tags: ['payment-uc'],
      summary: "My merchant's settlement records, newest first, filtered by status and creation date",
      query: { type: 'object', additionalProperties: false, properties: SETTLEMENT_FILTER_PROPERTIES },
      response: listResultSchema(SETTLEMENT_VIEW_SCHEMA),
      handler: async ({ query, principal }) => {
        const merchant = await deps.client.fetch(Merchant, principal.username);
        if (!merchant) throw merchantNotFound(principal.username);
        const page = await listSettlements(deps, { ...query, merchant: merchant.metadata.name });
        // Administrators' names and ledger ids stay in the console.
        return { ...page, items: page.items.map(({ createdBy: _c, confirmedBy: _d, ledgerEntry: _l, ...mine }) => mine) };
      },
    }),
  ];
}
