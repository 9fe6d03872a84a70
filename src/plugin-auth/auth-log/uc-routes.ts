import { defineOperation, labelled, listResultSchema, PAGE_QUERY_PROPERTIES, type OperationDef } from '../../host/sdk/index.js';
import { UC_GROUP } from '../api/groups.js';
import { NAME_PARAMS } from '../api/schemas.js';
import { TAGS } from '../api/tags.js';
import { PLUGIN_KEY } from '../catalog/schemas.js';
import type { PluginAuthDeps } from '../deps/plugin-auth-deps.js';
import { DOMAIN_INPUT } from '../domain-name/schemas.js';
import { APPLICATION_OUTCOMES, applyForAuthorization } from './apply-authorization.js';
import { listAuthLogs, SORT_FIELDS, type AuthLogFilter, type AuthLogSort } from './list-auth-logs.js';
import { deleteAuthLog } from './record-service.js';
import { AUTH_LOG_ITEM, AUTH_LOG_SCHEMA, AUTH_STATUS, VALIDITY } from './schemas.js';

/** The record and what the application did, so the user center says what happened (not always "waits for review"). */
const APPLY_ANSWER = {
  ...AUTH_LOG_SCHEMA,
  required: ['outcome'],
  properties: {
    ...(AUTH_LOG_SCHEMA.properties as Record<string, unknown>),
    outcome: {
      type: 'string',
      enum: APPLICATION_OUTCOMES,
      description:
        'PENDING_REVIEW: waits for an administrator; AUTHORIZED_PERMANENTLY: authorized permanently at once (the user owns the plugin);'
        + ' AWAITING_CONFIRMATION: created through the public API; ALREADY_APPLIED: the domain already had this record, unchanged',
    },
  },
};

const APPLY_BODY = {
  type: 'object',
  additionalProperties: false,
  required: ['pluginKey', 'domain'],
  properties: {
    pluginKey: labelled(PLUGIN_KEY, { zh: '插件', en: 'Plugin' }),
    domain: labelled(DOMAIN_INPUT, { zh: '域名', en: 'Domain' }),
  },
};

/**
 * User-center operations on the caller's records (plugin:plugin-auth-user:view / manage); activation by code
 * is in codes/uc-routes.ts. Every one acts on the caller only: the user is the principal, never a parameter,
 * and another user's record reads as not found.
 */
export function userCenterOperations(deps: PluginAuthDeps): OperationDef[] {
  return [
    defineOperation<unknown, { pluginKey: string; domain: string }>({
      operationId: 'applyAuthorization',
      group: UC_GROUP,
      method: 'post',
      path: '/authorizations',
      tags: TAGS.userCenter,
      summary:
        'Apply for a domain (host or full URL): pending review, or authorized at once with a permanent entitlement; idempotent per domain.'
        + ' The record, and in `outcome` which of these happened',
      body: APPLY_BODY,
      response: APPLY_ANSWER,
      handler: async ({ body, principal }) => {
        const result = await applyForAuthorization(deps, { pluginKey: body.pluginKey, domain: body.domain, user: principal.username });
        return { ...result.record, outcome: result.outcome };
      },
    }),
    defineOperation<Omit<AuthLogFilter, 'authUser'> & AuthLogSort & { page: number; size: number }>({
      operationId: 'listMyAuthLogs',
      group: UC_GROUP,
      method: 'get',
      path: '/authorizations',
      tags: TAGS.userCenter,
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
      handler: ({ query, principal }) => listAuthLogs(deps.client, { ...query, authUser: principal.username }, deps.clock.now()),
    }),
    defineOperation<unknown, unknown, { name: string }>({
      operationId: 'deleteMyAuthLog',
      group: UC_GROUP,
      method: 'delete',
      path: '/authorizations/:name',
      tags: TAGS.userCenter,
      summary: "Delete one of the caller's records (irreversible)",
      params: NAME_PARAMS,
      response: { type: 'object', properties: { name: { type: 'string' } } },
      handler: ({ params, principal }) => deleteAuthLog(deps, params.name, principal.username),
    }),
  ];
}
