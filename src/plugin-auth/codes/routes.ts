import { defineOperation, listResultSchema, PAGE_QUERY_PROPERTIES, singleLineText, type OperationDef } from '../../host/sdk/index.js';
import { CONSOLE_GROUP } from '../api/groups.js';
import { NAME_PARAMS, resourceSchema, TIMESTAMP } from '../api/schemas.js';
import { streamText } from '../api/stream-text.js';
import { TAGS } from '../api/tags.js';
import { PLUGIN_KEY } from '../catalog/schemas.js';
import type { PluginAuthDeps } from '../deps/plugin-auth-deps.js';
import { USER_NAME } from '../users/schemas.js';
import { generatePermanentCodes } from './generate-permanent-codes.js';
import { deletePermanentCode, exportPermanentCodes, listPermanentCodes, type CodeFilter } from './list-permanent-codes.js';

const CHANNEL = singleLineText(64, 1);
const STATUS = { type: 'string', enum: ['PENDING', 'USED', 'EXPIRED'] };
const FILTER = {
  pluginKey: PLUGIN_KEY,
  user: USER_NAME,
  channel: CHANNEL,
  status: STATUS,
  keyword: { type: 'string', minLength: 1, maxLength: 64 },
};
const CODE = resourceSchema({
  type: 'object',
  properties: {
    code: { type: 'string' },
    pluginKey: { type: 'string' },
    channel: { type: 'string' },
    status: STATUS,
    restrictedUser: { type: 'string' },
    authUser: { type: 'string' },
    authDomain: { type: 'string' },
    authTime: { type: 'string' },
    expiresAt: { type: 'string' },
    createdBy: { type: 'string' },
  },
});

interface GenerateBody {
  pluginKey: string;
  channel: string;
  count: number;
  authUser?: string;
  expiresAt?: string;
}

/** Console operations on permanent codes. */
export function codeOperations(deps: PluginAuthDeps): OperationDef[] {
  return [
    defineOperation<unknown, GenerateBody>({
      operationId: 'generatePermanentCodes',
      group: CONSOLE_GROUP,
      method: 'post',
      path: '/permanentcodes',
      tags: TAGS.codes,
      summary: 'Generate PENDING codes for a plugin and channel (count 1..authCodeCreateLimit), optionally for a named user and expiring',
      body: {
        type: 'object',
        additionalProperties: false,
        required: ['pluginKey', 'channel', 'count'],
        properties: { pluginKey: PLUGIN_KEY, channel: CHANNEL, count: { type: 'integer' }, authUser: USER_NAME, expiresAt: TIMESTAMP },
      },
      response: { type: 'object', properties: { codes: { type: 'array', items: { type: 'string' } } } },
      successStatus: 201,
      // A double click or a retried request with the same Idempotency-Key generates the codes once.
      idempotent: true,
      handler: ({ body, principal }) => generatePermanentCodes(deps, { ...body, createdBy: principal.username }),
    }),
    defineOperation<CodeFilter & { page: number; size: number }>({
      operationId: 'listPermanentCodes',
      group: CONSOLE_GROUP,
      method: 'get',
      path: '/permanentcodes',
      tags: TAGS.codes,
      summary: 'Filter permanent codes (plugin, user, channel, status, keyword), newest first, paged',
      query: { type: 'object', additionalProperties: false, properties: { ...FILTER, ...PAGE_QUERY_PROPERTIES } },
      response: listResultSchema(CODE),
      handler: ({ query }) => listPermanentCodes(deps.client, query),
    }),
    defineOperation<CodeFilter>({
      operationId: 'exportPermanentCodes',
      group: CONSOLE_GROUP,
      method: 'get',
      path: '/permanentcodes-export',
      tags: TAGS.codes,
      summary: 'Export the (filtered) codes as a text file, one code per line',
      query: { type: 'object', additionalProperties: false, properties: FILTER },
      raw: true,
      produces: ['text/plain'],
      handler: ({ query, res }) =>
        streamText(res, 'text/plain; charset=utf-8', 'permanentAuthCodes.txt', exportPermanentCodes(deps.client, query)),
    }),
    defineOperation<unknown, unknown, { name: string }>({
      operationId: 'deletePermanentCode',
      group: CONSOLE_GROUP,
      method: 'delete',
      path: '/permanentcodes/:name',
      tags: TAGS.codes,
      summary: 'Delete a permanent code',
      params: NAME_PARAMS,
      response: { type: 'object', properties: { name: { type: 'string' } } },
      handler: ({ params }) => deletePermanentCode(deps.client, params.name),
    }),
  ];
}
