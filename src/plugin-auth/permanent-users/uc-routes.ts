import { defineOperation, listResultSchema, PAGE_QUERY_PROPERTIES, type OperationDef } from '../../host/sdk/index.js';
import { UC_GROUP } from '../api/groups.js';
import { TAGS } from '../api/tags.js';
import type { PluginAuthDeps } from '../deps/plugin-auth-deps.js';
import { listMyEntitlements } from './my-entitlements.js';

const ENTITLEMENT = {
  type: 'object',
  properties: {
    name: { type: 'string' },
    pluginKey: { type: 'string' },
    pluginName: { type: 'string', description: 'the catalog name (the key when the plugin is gone)' },
    authTime: { type: 'string' },
    source: { type: 'string', enum: ['CODE', 'MANUAL', 'PURCHASE'] },
    paymentId: { type: 'string', description: 'the paid order of a PURCHASE entitlement' },
  },
};

/** User center (plugin:plugin-auth-user:view): the caller's own entitlements. */
export function entitlementOperations(deps: PluginAuthDeps): OperationDef[] {
  return [
    defineOperation<{ page: number; size: number }>({
      operationId: 'listMyEntitlements',
      group: UC_GROUP,
      method: 'get',
      path: '/entitlements',
      tags: TAGS.userCenter,
      summary: "The caller's permanent entitlements (PermanentAuthUser) with plugin names, newest first, paged",
      query: { type: 'object', additionalProperties: false, properties: { ...PAGE_QUERY_PROPERTIES } },
      response: listResultSchema(ENTITLEMENT),
      handler: ({ query, principal }) => listMyEntitlements(deps.client, principal.username, query),
    }),
  ];
}
