import { streamText } from '../api/stream-text.js';
import { defineOperation, listResultSchema, PAGE_QUERY_PROPERTIES, type OperationDef } from '../../host/sdk/index.js';
import { CONSOLE_GROUP } from '../api/groups.js';
import { NAME_LIST, NAME_PARAMS } from '../api/schemas.js';
import { TAGS } from '../api/tags.js';
import type { PluginAuthDeps } from '../deps/plugin-auth-deps.js';
import { EXPORT_FILE_NAME, exportAuthLogs } from './export-auth-logs.js';
import { importAuthLogs, MAX_IMPORT_BYTES } from './import-auth-logs.js';
import { listAuthLogs, SORT_FIELDS, type AuthLogFilter, type AuthLogSort } from './list-auth-logs.js';
import {
  authorizeAuthLog,
  createAuthLog,
  deleteAuthLog,
  moveBatch,
  updateAuthLog,
  type ManualRecordInput,
  type RecordEdit,
} from './record-service.js';
import { AUTH_LOG_ITEM, AUTH_LOG_SCHEMA, BATCH_RESULT, FILTER_PROPERTIES, MANUAL_RECORD_BODY, RECORD_EDIT_BODY } from './schemas.js';

const LIST_QUERY = {
  type: 'object',
  additionalProperties: false,
  properties: {
    ...FILTER_PROPERTIES,
    sort: { type: 'string', enum: Object.keys(SORT_FIELDS), default: 'creationTimestamp' },
    direction: { type: 'string', enum: ['asc', 'desc'], default: 'desc' },
    ...PAGE_QUERY_PROPERTIES,
  },
};
/** The export's YAML as a file (yaml or plain text), or JSON {"yaml": "..."}. */
const IMPORT_CONTENT_TYPES = ['application/yaml', 'application/x-yaml', 'text/yaml', 'text/plain', 'application/json'];
const NAMES_BODY = { type: 'object', additionalProperties: false, required: ['names'], properties: { names: NAME_LIST } };
const IMPORT_RESULT = {
  type: 'object',
  properties: {
    total: { type: 'integer' },
    created: { type: 'integer' },
    updated: { type: 'integer' },
    unchanged: { type: 'integer' },
    items: {
      type: 'array',
      items: { type: 'object', properties: { index: { type: 'integer' }, name: { type: 'string' }, action: { type: 'string' } } },
    },
  },
};

/** Console operations on authorization records (view: reads and export; manage: the rest). */
export function authLogOperations(deps: PluginAuthDeps): OperationDef[] {
  return [
    defineOperation<AuthLogFilter & AuthLogSort & { page: number; size: number }>({
      operationId: 'listAuthLogs',
      group: CONSOLE_GROUP,
      method: 'get',
      path: '/authlogs',
      tags: TAGS.authLogs,
      summary:
        'Filter and sort authorization records (plugin, keyword, user, status, validity; authTime, expireTime, creation time), paged',
      query: LIST_QUERY,
      response: listResultSchema(AUTH_LOG_ITEM),
      handler: ({ query }) => listAuthLogs(deps.client, query, deps.clock.now()),
    }),
    defineOperation<unknown, ManualRecordInput>({
      operationId: 'createAuthLog',
      group: CONSOLE_GROUP,
      method: 'post',
      path: '/authlogs',
      tags: TAGS.authLogs,
      summary: 'Create a record by hand; authorized without times gets now and now + 3 years',
      body: MANUAL_RECORD_BODY,
      response: AUTH_LOG_SCHEMA,
      successStatus: 201,
      handler: ({ body }) => createAuthLog(deps, body),
    }),
    defineOperation<unknown, RecordEdit, { name: string }>({
      operationId: 'updateAuthLog',
      group: CONSOLE_GROUP,
      method: 'put',
      path: '/authlogs/:name',
      tags: TAGS.authLogs,
      summary: 'Edit status, times or license of a record (null clears); the plugin, domain and user are fixed',
      params: NAME_PARAMS,
      body: RECORD_EDIT_BODY,
      response: AUTH_LOG_SCHEMA,
      handler: ({ params, body }) => updateAuthLog(deps, params.name, body),
    }),
    defineOperation<unknown, unknown, { name: string }>({
      operationId: 'authorizeAuthLog',
      group: CONSOLE_GROUP,
      method: 'post',
      path: '/authlogs/:name/authorize',
      tags: TAGS.authLogs,
      summary: 'Authorize one record: authStatus 1, authTime now, expireTime now + 3 years (an authorized record is returned unchanged)',
      params: NAME_PARAMS,
      response: AUTH_LOG_SCHEMA,
      handler: ({ params }) => authorizeAuthLog(deps, params.name),
    }),
    defineOperation<unknown, { names: string[] }>({
      operationId: 'batchAuthorizeAuthLogs',
      group: CONSOLE_GROUP,
      method: 'post',
      path: '/authlogs-batch/authorize',
      tags: TAGS.authLogs,
      summary: 'Authorize the selected unauthorized records for 3 days; all names must exist, else nothing changes',
      body: NAMES_BODY,
      response: BATCH_RESULT,
      handler: ({ body }) => moveBatch(deps, body.names, { kind: 'BATCH_AUTHORIZE' }),
    }),
    defineOperation<unknown, { names: string[] }>({
      operationId: 'batchCancelAuthLogs',
      group: CONSOLE_GROUP,
      method: 'post',
      path: '/authlogs-batch/cancel',
      tags: TAGS.authLogs,
      summary: 'Cancel the selected records: authStatus 0, authTime and expireTime cleared; all names must exist',
      body: NAMES_BODY,
      response: BATCH_RESULT,
      handler: ({ body }) => moveBatch(deps, body.names, { kind: 'CANCEL' }),
    }),
    defineOperation<unknown, unknown, { name: string }>({
      operationId: 'deleteAuthLog',
      group: CONSOLE_GROUP,
      method: 'delete',
      path: '/authlogs/:name',
      tags: TAGS.authLogs,
      summary: 'Delete a record',
      params: NAME_PARAMS,
      response: { type: 'object', properties: { name: { type: 'string' } } },
      handler: ({ params }) => deleteAuthLog(deps, params.name),
    }),
    defineOperation<unknown, string | { yaml: string }>({
      operationId: 'importAuthLogs',
      group: CONSOLE_GROUP,
      method: 'post',
      path: '/authlogs-import',
      tags: TAGS.authLogs,
      summary: 'Import multi-document YAML (the export format): every item checked first; any broken item → nothing written',
      description:
        'Send the file as application/yaml (or text/plain), or JSON {"yaml": "..."}: up to 10,000 records and 16 MiB (every'
        + ' other operation takes 1 MiB). The answer lists each item as created, updated or unchanged; an invalid file'
        + ' answers IMPORT_INVALID with one detail per broken item.',
      consumes: IMPORT_CONTENT_TYPES,
      bodyLimit: MAX_IMPORT_BYTES,
      body: {
        anyOf: [
          { type: 'string', minLength: 1 },
          { type: 'object', additionalProperties: false, required: ['yaml'], properties: { yaml: { type: 'string', minLength: 1 } } },
        ],
      },
      response: IMPORT_RESULT,
      handler: ({ body }) => importAuthLogs(deps, typeof body === 'string' ? body : body.yaml),
    }),
    defineOperation<AuthLogFilter>({
      operationId: 'exportAuthLogs',
      group: CONSOLE_GROUP,
      method: 'get',
      path: '/authlogs-export',
      tags: TAGS.authLogs,
      summary: `Export the (filtered) records as ${EXPORT_FILE_NAME}: multi-document YAML that importAuthLogs reads back`,
      query: { type: 'object', additionalProperties: false, properties: FILTER_PROPERTIES },
      raw: true,
      produces: ['application/yaml'],
      handler: async ({ query, res }) => {
        const yamlText = exportAuthLogs(deps.client, query, deps.clock.now());
        await streamText(res, 'application/yaml; charset=utf-8', EXPORT_FILE_NAME, yamlText);
      },
    }),
  ];
}
