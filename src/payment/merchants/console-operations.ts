import {
  and,
  defineOperation,
  eq,
  listResult,
  listResultSchema,
  multiLineText,
  pageQueryProperties,
  singleLineText,
  type Condition,
  type OperationDef,
} from '../../host/sdk/index.js';
import { CONSOLE_GROUP } from '../api/api-groups.js';
import type { MerchantDeps } from './merchant-deps.js';
import { merchantNotFound } from './merchant-errors.js';
import { MERCHANT_VIEW_SCHEMA, toMerchantView } from './merchant-view.js';
import { MOVES, moveMerchant, type MoveName } from './review.js';
import { updateMerchant, type MerchantUpdate } from './update-merchant.js';
import { Merchant, type MerchantStatus } from './types.js';

const tags = ['payment-console'];
const NAME_PARAMS = { type: 'object', required: ['name'], properties: { name: { type: 'string', minLength: 1, maxLength: 253 } } };

interface ListQuery {
  status?: MerchantStatus;
  businessType?: string;
  keyword?: string;
  page: number;
  size: number;
}

/** Console (payment:console:manage): the merchant list, one merchant, the review and lifecycle moves, edits. */
export function merchantConsoleOperations(deps: MerchantDeps): OperationDef[] {
  return [
    defineOperation<ListQuery>({
      operationId: 'listMerchants',
      group: CONSOLE_GROUP,
      method: 'get',
      path: '/merchants',
      tags,
      summary: 'Merchants, oldest first, filtered by status, business type and a keyword (merchant name, user, contact, e-mail)',
      query: {
        type: 'object',
        additionalProperties: false,
        properties: {
          status: { type: 'string', enum: ['PENDING', 'ACTIVE', 'REJECTED', 'SUSPENDED'] },
          businessType: singleLineText(64, 1),
          keyword: singleLineText(128, 1),
          ...pageQueryProperties(200),
        },
      },
      response: listResultSchema(MERCHANT_VIEW_SCHEMA),
      handler: ({ query }) => listMerchants(deps, query),
    }),
    defineOperation<unknown, unknown, { name: string }>({
      operationId: 'getMerchant',
      group: CONSOLE_GROUP,
      method: 'get',
      path: '/merchants/:name',
      tags,
      summary: 'One merchant (its name is the owner user name)',
      params: NAME_PARAMS,
      response: MERCHANT_VIEW_SCHEMA,
      handler: async ({ params }) => {
        const merchant = await deps.client.fetch(Merchant, params.name);
        if (!merchant) throw merchantNotFound(params.name);
        return toMerchantView(merchant);
      },
    }),
    ...(Object.keys(MOVES) as MoveName[]).map((move) => moveOperation(deps, move)),
    defineOperation<unknown, MerchantUpdate, { name: string }>({
      operationId: 'updateMerchant',
      group: CONSOLE_GROUP,
      method: 'put',
      path: '/merchants/:name',
      tags,
      summary: 'Edit the profile and set (percent string such as "0.60") or clear (null) the individual settlement fee rate',
      params: NAME_PARAMS,
      body: {
        type: 'object',
        additionalProperties: false,
        properties: {
          merchantName: singleLineText(128, 1),
          contactPerson: singleLineText(64, 1),
          contactPhone: { type: 'string', minLength: 5, maxLength: 32, pattern: '^\\+?[0-9][0-9 ()-]*[0-9]$' },
          contactEmail: { type: 'string', format: 'email', maxLength: 254 },
          businessType: singleLineText(64, 1),
          description: multiLineText(2000),
          feeRate: {
            type: ['string', 'null'],
            pattern: '^(100([.]0{1,2})?|[0-9]{1,2}([.][0-9]{1,2})?)$',
            description: 'percent with at most two decimals (0–100); null clears it (the default rate applies)',
          },
        },
      },
      response: MERCHANT_VIEW_SCHEMA,
      handler: async ({ params, body }) => toMerchantView(await updateMerchant(deps, params.name, body)),
    }),
  ];
}

function moveOperation(deps: MerchantDeps, move: MoveName): OperationDef {
  const review = move === 'approve' || move === 'reject';
  const rule = MOVES[move];
  return defineOperation<unknown, { remark?: string }, { name: string }>({
    operationId: `${move}Merchant`,
    group: CONSOLE_GROUP,
    method: 'post',
    path: `/merchants/:name/${move}`,
    tags,
    summary:
      `${rule.from} → ${rule.to} with a remark${review ? ' (required)' : ''}; repeating it answers the merchant unchanged;`
      + ' another status → 409 MERCHANT_STATE_CONFLICT',
    params: NAME_PARAMS,
    body: {
      type: 'object',
      additionalProperties: false,
      required: review ? ['remark'] : [],
      properties: { remark: multiLineText(1000, review ? 1 : 0) },
    },
    response: MERCHANT_VIEW_SCHEMA,
    handler: async ({ params, body, principal }) =>
      toMerchantView(await moveMerchant(deps, params.name, move, body.remark ?? '', principal.username)),
  });
}

async function listMerchants(deps: MerchantDeps, query: ListQuery) {
  const conditions: Condition[] = [];
  if (query.status) conditions.push(eq('spec.status', query.status));
  if (query.businessType) conditions.push(eq('spec.businessType', query.businessType));
  const where = conditions.length ? and(...conditions) : undefined;
  const sort = [{ field: 'metadata.creationTimestamp', direction: 'asc' as const }];
  if (!query.keyword) {
    const page = await deps.client.list(Merchant, { where, sort, page: query.page, size: query.size });
    return listResult(page.items.map(toMerchantView), page.total ?? page.items.length, query.page, query.size);
  }
  // A keyword matches inside names and contacts, which no index serves: filter the status/type matches.
  const keyword = query.keyword.toLowerCase();
  const matches: Merchant[] = [];
  for await (const m of deps.client.listAll(Merchant, where)) {
    const s = m.spec;
    if ([s.merchantName, s.username, s.contactPerson, s.contactEmail, s.contactPhone].some((v) => v?.toLowerCase().includes(keyword)))
      matches.push(m);
  }
  matches.sort((a, b) => (a.metadata.creationTimestamp ?? '').localeCompare(b.metadata.creationTimestamp ?? ''));
  const start = (query.page - 1) * query.size;
  return listResult(matches.slice(start, start + query.size).map(toMerchantView), matches.length, query.page, query.size);
}
