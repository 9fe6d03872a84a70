import { defineOperation, listResultSchema, PAGE_QUERY_PROPERTIES, type OperationDef } from '../../host/sdk/index.js';
import { CONSOLE_GROUP } from '../api/groups.js';
import { NAME_PARAMS, resourceSchema } from '../api/schemas.js';
import { TAGS } from '../api/tags.js';
import { PLUGIN_KEY } from '../catalog/schemas.js';
import type { PluginAuthDeps } from '../deps/plugin-auth-deps.js';
import { USER_NAME } from '../users/schemas.js';
import { createPermanentUser, deletePermanentUser, listPermanentUsers, type PermanentUserFilter } from './permanent-users-service.js';

const USER = resourceSchema({
  type: 'object',
  properties: {
    pluginKey: { type: 'string' },
    authUser: { type: 'string' },
    authTime: { type: 'string' },
    source: { type: 'string', enum: ['CODE', 'MANUAL', 'PURCHASE'] },
    code: { type: 'string' },
    paymentId: { type: 'string' },
    createdBy: { type: 'string' },
  },
});

/** Console operations on permanent authorization users (long-term entitlements). */
export function permanentUserOperations(deps: PluginAuthDeps): OperationDef[] {
  return [
    defineOperation<PermanentUserFilter>({
      operationId: 'listPermanentUsers',
      group: CONSOLE_GROUP,
      method: 'get',
      path: '/permanentusers',
      tags: TAGS.users,
      summary: 'List permanent authorization users (plugin, user, keyword), newest first, paged',
      query: {
        type: 'object',
        additionalProperties: false,
        properties: {
          pluginKey: PLUGIN_KEY,
          authUser: USER_NAME,
          keyword: { type: 'string', minLength: 1, maxLength: 253 },
          ...PAGE_QUERY_PROPERTIES,
        },
      },
      response: listResultSchema(USER),
      handler: ({ query }) => listPermanentUsers(deps.client, query),
    }),
    defineOperation<unknown, { pluginKey: string; authUser: string }>({
      operationId: 'createPermanentUser',
      group: CONSOLE_GROUP,
      method: 'post',
      path: '/permanentusers',
      tags: TAGS.users,
      summary: "Grant a user long-term authorization for a plugin: the user's applications are authorized directly",
      body: {
        type: 'object',
        additionalProperties: false,
        required: ['pluginKey', 'authUser'],
        properties: { pluginKey: PLUGIN_KEY, authUser: USER_NAME },
      },
      response: USER,
      successStatus: 201,
      handler: ({ body, principal }) => createPermanentUser(deps.client, { ...body, createdBy: principal.username }, deps.clock),
    }),
    defineOperation<unknown, unknown, { name: string }>({
      operationId: 'deletePermanentUser',
      group: CONSOLE_GROUP,
      method: 'delete',
      path: '/permanentusers/:name',
      tags: TAGS.users,
      summary: 'Remove the entitlement only; existing authorization records stay',
      params: NAME_PARAMS,
      response: { type: 'object', properties: { name: { type: 'string' } } },
      handler: ({ params }) => deletePermanentUser(deps.client, params.name),
    }),
  ];
}
