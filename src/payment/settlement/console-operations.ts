import {
  CREATED_RANGE_QUERY_PROPERTIES,
  defineOperation,
  listResultSchema,
  multiLineText,
  pageQueryProperties,
  type OperationDef,
} from '../../host/sdk/index.js';
import { CONSOLE_GROUP } from '../api/api-groups.js';
import type { MerchantDeps } from '../merchants/merchant-deps.js';
import { decideSettlement, type Decision } from './decide-settlement.js';
import { deleteSettlement } from './delete-settlement.js';
import { listSettlements, settledOrders, type SettlementFilters } from './list-settlements.js';
import { settlementNotFound } from './settlement-errors.js';
import { SETTLED_ORDER_VIEW_SCHEMA, SETTLEMENT_VIEW_SCHEMA, toSettlementView } from './settlement-view.js';
import { triggerSettlement, type TriggerInput } from './trigger-settlement.js';
import { SETTLEMENT_STATUSES, SettlementRecord } from './types.js';

const tags = ['payment-console'];
const NAME_PARAMS = { type: 'object', required: ['name'], properties: { name: { type: 'string', minLength: 1, maxLength: 253 } } };
const MERCHANT = { type: 'string', minLength: 1, maxLength: 253 };

export const SETTLEMENT_FILTER_PROPERTIES = {
  status: { type: 'string', enum: [...SETTLEMENT_STATUSES] },
  ...CREATED_RANGE_QUERY_PROPERTIES,
  ...pageQueryProperties(200),
} as const;

/** Console (payment:console:manage): trigger, list, details with the orders paged, confirm, reject, delete. */
export function settlementConsoleOperations(deps: MerchantDeps): OperationDef[] {
  return [
    defineOperation<unknown, TriggerInput>({
      operationId: 'triggerSettlement',
      group: CONSOLE_GROUP,
      method: 'post',
      path: '/settlements/trigger',
      tags,
      summary:
        'Settle now: the given payment numbers (all or nothing: 409 ORDERS_NOT_SETTLEABLE lists the refused ones), one merchant,'
        + ' or every merchant when the body is empty. One PENDING record per merchant and currency (more when very many orders)',
      body: {
        type: 'object',
        additionalProperties: false,
        properties: {
          merchant: MERCHANT,
          paymentIds: { type: 'array', maxItems: 10_000, items: { type: 'string', minLength: 1, maxLength: 64 } },
        },
      },
      response: {
        type: 'object',
        properties: { count: { type: 'integer' }, orders: { type: 'integer' }, records: { type: 'array', items: SETTLEMENT_VIEW_SCHEMA } },
      },
      handler: async ({ body, principal }) => {
        const records = await triggerSettlement(deps, body, { trigger: 'MANUAL', createdBy: principal.username });
        return {
          count: records.length,
          orders: records.reduce((n, r) => n + r.spec.orderCount, 0),
          records: records.map(toSettlementView),
        };
      },
    }),
    defineOperation<SettlementFilters>({
      operationId: 'listSettlements',
      group: CONSOLE_GROUP,
      method: 'get',
      path: '/settlements',
      tags,
      summary: 'Settlement records, newest first, filtered by merchant, status and creation date',
      query: { type: 'object', additionalProperties: false, properties: { merchant: MERCHANT, ...SETTLEMENT_FILTER_PROPERTIES } },
      response: listResultSchema(SETTLEMENT_VIEW_SCHEMA),
      handler: ({ query }) => listSettlements(deps, query),
    }),
    defineOperation<{ page: number; size: number }, unknown, { name: string }>({
      operationId: 'getSettlement',
      group: CONSOLE_GROUP,
      method: 'get',
      path: '/settlements/:name',
      tags,
      summary: 'One settlement record and one page of its orders',
      params: NAME_PARAMS,
      query: { type: 'object', additionalProperties: false, properties: pageQueryProperties(200) },
      response: {
        type: 'object',
        properties: { settlement: SETTLEMENT_VIEW_SCHEMA, orders: listResultSchema(SETTLED_ORDER_VIEW_SCHEMA) },
      },
      handler: async ({ params, query }) => {
        const record = await deps.client.fetch(SettlementRecord, params.name);
        if (!record) throw settlementNotFound(params.name);
        return { settlement: toSettlementView(record), orders: await settledOrders(deps, params.name, query.page, query.size) };
      },
    }),
    decisionOperation(deps, 'confirm'),
    decisionOperation(deps, 'reject'),
    defineOperation<{ reason?: string }, unknown, { name: string }>({
      operationId: 'deleteSettlement',
      group: CONSOLE_GROUP,
      method: 'delete',
      path: '/settlements/:name',
      tags,
      summary:
        'Delete a record: PENDING releases its orders (in chunks; repeating the delete finishes a release cut off), then goes;'
        + ' FAILED just goes; BUILDING → 409; SUCCESS only with ?reason=…, booking an ADJUSTMENT that'
        + ' reverses its credit in the same transaction (409 SETTLEMENT_CREDITED without a reason, INSUFFICIENT_BALANCE when it cannot)',
      params: NAME_PARAMS,
      query: { type: 'object', additionalProperties: false, properties: { reason: multiLineText(1000, 1) } },
      handler: ({ params, query, principal }) => deleteSettlement(deps, params.name, principal.username, query.reason),
    }),
  ];
}

function decisionOperation(deps: MerchantDeps, decision: Decision): OperationDef {
  const reject = decision === 'reject';
  return defineOperation<unknown, { remark?: string }, { name: string }>({
    operationId: `${decision}Settlement`,
    group: CONSOLE_GROUP,
    method: 'post',
    path: `/settlements/:name/${decision}`,
    tags,
    summary: reject
      ? 'PENDING → FAILED with a remark (required); its orders are released in chunks. Repeating it answers the record and'
        + ' finishes a release cut off; another status → 409'
      : 'PENDING → SUCCESS; the settlement amount is credited to the merchant (SETTLEMENT_CREDIT). Repeating it answers the record;'
        + ' another status → 409 SETTLEMENT_STATE_CONFLICT',
    params: NAME_PARAMS,
    body: {
      type: 'object',
      additionalProperties: false,
      required: reject ? ['remark'] : [],
      properties: { remark: multiLineText(1000, reject ? 1 : 0) },
    },
    response: SETTLEMENT_VIEW_SCHEMA,
    handler: async ({ params, body, principal }) =>
      toSettlementView(await decideSettlement(deps, params.name, decision, principal.username, body.remark?.trim() || undefined)),
  });
}
