import { defineOperation, eq, listResult, multiLineText, pageQueryProperties, type OperationDef } from '../../host/sdk/index.js';
import { CONSOLE_GROUP, UC_GROUP } from '../api/api-groups.js';
import type { MerchantDeps } from '../merchants/merchant-deps.js';
import { merchantNotFound } from '../merchants/merchant-errors.js';
import { Merchant } from '../merchants/types.js';
import { adjustBalance, type AdjustmentInput } from './adjust-balance.js';
import { BALANCE_VIEW_SCHEMA, SITE_CURRENCY, toBalanceView, toCheckView, toEntryView } from './balance-view.js';
import { checkBalance, readBalance, readBalances } from './read-balance.js';
import { LedgerEntry } from './types.js';

const NAME_PARAMS = { type: 'object', required: ['name'], properties: { name: { type: 'string', minLength: 1, maxLength: 253 } } };
const CURRENCY = { type: 'string', pattern: '^[A-Z]{3}$', default: SITE_CURRENCY, description: 'ISO 4217 code (default CNY)' };

async function merchantOr404(deps: MerchantDeps, name: string): Promise<Merchant> {
  const merchant = await deps.client.fetch(Merchant, name);
  if (!merchant) throw merchantNotFound(name);
  return merchant;
}

/** Console: a merchant's statement and balances, and the administrator's adjustment. User center: my balance. */
export function ledgerOperations(deps: MerchantDeps): OperationDef[] {
  return [
    defineOperation<{ currency: string; page: number; size: number }, unknown, { name: string }>({
      operationId: 'getMerchantLedger',
      group: CONSOLE_GROUP,
      method: 'get',
      path: '/merchants/:name/ledger',
      tags: ['payment-console'],
      summary:
        "A merchant's balances per currency, its ledger entries newest first (paged, all currencies), and the check of the"
        + ' running totals of `currency` against the sum of its entries',
      params: NAME_PARAMS,
      query: { type: 'object', additionalProperties: false, properties: { currency: CURRENCY, ...pageQueryProperties(200) } },
      handler: async ({ params, query }) => {
        await merchantOr404(deps, params.name);
        const page = await deps.client.list(LedgerEntry, {
          where: eq('spec.merchant', params.name),
          sort: [
            { field: 'metadata.creationTimestamp', direction: 'desc' },
            { field: 'metadata.name', direction: 'desc' },
          ],
          page: query.page,
          size: query.size,
        });
        const entries = deps.client.viewItems(LedgerEntry, page.items, toEntryView);
        return {
          merchant: params.name,
          balances: (await readBalances(deps, params.name)).map(toBalanceView),
          entries: listResult(entries, page.total ?? entries.length, query.page, query.size),
          check: toCheckView(await checkBalance(deps, params.name, query.currency)),
        };
      },
    }),
    defineOperation<unknown, AdjustmentInput, { name: string }>({
      operationId: 'adjustMerchantBalance',
      group: CONSOLE_GROUP,
      method: 'post',
      path: '/merchants/:name/ledger/adjustments',
      tags: ['payment-console'],
      summary:
        'Correct a merchant balance by a signed decimal amount with a reason (ADJUSTMENT entry); refused (409 INSUFFICIENT_BALANCE)'
        + ' when balance or withdrawable would go below zero; the same ticket books once',
      params: NAME_PARAMS,
      body: {
        type: 'object',
        additionalProperties: false,
        required: ['amount', 'reason'],
        properties: {
          amount: { type: 'string', pattern: '^[-+]?[0-9]{1,12}([.][0-9]{1,4})?$', description: 'signed decimal, e.g. "-12.50"' },
          currency: CURRENCY,
          reason: multiLineText(1000, 1),
          ticket: { type: 'string', pattern: '^[a-z0-9]([-a-z0-9.]{0,62}[a-z0-9])?$', description: 'idempotency ticket' },
        },
      },
      handler: async ({ params, body, principal }) => {
        await merchantOr404(deps, params.name);
        const result = await adjustBalance(deps, params.name, body, principal.username);
        return { entry: toEntryView(result.entry), balance: toBalanceView(result.balance), posted: result.posted };
      },
    }),
    defineOperation<{ currency: string }>({
      operationId: 'getMyBalance',
      group: UC_GROUP,
      method: 'get',
      path: '/merchant/balance',
      tags: ['payment-uc'],
      summary: "My merchant's balance, frozen and withdrawable amounts in a currency (default CNY), as decimal strings",
      query: { type: 'object', additionalProperties: false, properties: { currency: CURRENCY } },
      response: BALANCE_VIEW_SCHEMA,
      handler: async ({ query, principal }) => {
        const merchant = await merchantOr404(deps, principal.username);
        return toBalanceView(await readBalance(deps, merchant.metadata.name, query.currency));
      },
    }),
  ];
}
