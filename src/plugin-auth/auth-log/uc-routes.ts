import { defineOperation, type OperationDef } from '../../host/api/operations/operation.js';
import { PAGE_QUERY_PROPERTIES, listResultSchema } from '../../host/api/list-result.js';
import { activateAuthorization } from '../codes/activate-authorization.js';
import type { PluginAuthDeps } from '../shared/deps.js';
import { TAGS, UC_GROUP } from '../shared/kinds.js';
import { DOMAIN_INPUT, NAME_PARAMS, PLUGIN_KEY } from '../shared/schemas.js';
import { applyForAuthorization } from './apply-authorization.js';
import { SORT_FIELDS, listAuthLogs, type AuthLogFilter, type AuthLogSort } from './list-auth-logs.js';
import { deleteAuthLog } from './record-service.js';
import { AUTH_LOG_ITEM, AUTH_LOG_SCHEMA, AUTH_STATUS, VALIDITY } from './schemas.js';

const APPLY_BODY = { type: 'object', additionalProperties: false, required: ['pluginKey', 'domain'], properties: { pluginKey: PLUGIN_KEY, domain: DOMAIN_INPUT } };
const ACTIVATE_BODY = {
  type: 'object',
  additionalProperties: false,
  required: ['pluginKey', 'domain', 'code'],
  properties: { pluginKey: PLUGIN_KEY, domain: DOMAIN_INPUT, code: { type: 'string', minLength: 1, maxLength: 64 } },
};

/**
 * User-center operations (plugin:plugin-auth-user:view / manage). Every one acts on the caller only: the
 * user is the principal, never a parameter, and another user's record reads as not found.
 */
export function userCenterOperations(deps: PluginAuthDeps): OperationDef[] {
  return [
    defineOperation<unknown, { pluginKey: string; domain: string }>({
      operationId: 'applyAuthorization', group: UC_GROUP, method: 'post', path: '/authorizations', tags: TAGS.userCenter,
      summary: 'Apply for a domain (host or full URL): pending review, or authorized at once with a permanent entitlement; idempotent per domain',
      body: APPLY_BODY, response: AUTH_LOG_SCHEMA,
      handler: async ({ body, principal }) => (await applyForAuthorization(deps, { pluginKey: body.pluginKey, domain: body.domain, user: principal.username })).record,
    }),
    defineOperation<unknown, { pluginKey: string; domain: string; code: string }>({
      operationId: 'activateAuthorization', group: UC_GROUP, method: 'post', path: '/authorizations/activate', tags: TAGS.userCenter,
      summary: 'Activate with a temporary free code or a permanent code; the record is created first when absent',
      body: ACTIVATE_BODY, response: AUTH_LOG_SCHEMA,
      handler: ({ body, principal }) => activateAuthorization(deps, { ...body, user: principal.username }),
    }),
    defineOperation<Omit<AuthLogFilter, 'authUser'> & AuthLogSort & { page: number; size: number }>({
      operationId: 'listMyAuthLogs', group: UC_GROUP, method: 'get', path: '/authorizations', tags: TAGS.userCenter,
      summary: "The caller's authorization records, paged",
      query: {
        type: 'object',
        additionalProperties: false,
        properties: {
          pluginKey: PLUGIN_KEY,
          keyword: { type: 'string', minLength: 1, maxLength: 253 },
          authStatus: AUTH_STATUS,
          validity: VALIDITY,
          sort: { type: 'string', enum: Object.keys(SORT_FIELDS), default: 'creationTimestamp' },
          direction: { type: 'string', enum: ['asc', 'desc'], default: 'desc' },
          ...PAGE_QUERY_PROPERTIES,
        },
      },
      response: listResultSchema(AUTH_LOG_ITEM),
      handler: ({ query, principal }) => listAuthLogs(deps.client, { ...query, authUser: principal.username }, deps.clock()),
    }),
    defineOperation<unknown, unknown, { name: string }>({
      operationId: 'deleteMyAuthLog', group: UC_GROUP, method: 'delete', path: '/authorizations/:name', tags: TAGS.userCenter,
      summary: "Delete one of the caller's records (irreversible)",
      params: NAME_PARAMS, response: { type: 'object', properties: { name: { type: 'string' } } },
      handler: ({ params, principal }) => deleteAuthLog(deps, params.name, principal.username),
    }),
  ];
}
