import { defineOperation, labelled, type OperationDef } from '../../host/sdk/index.js';
import { UC_GROUP } from '../api/groups.js';
import { TAGS } from '../api/tags.js';
import { AUTH_LOG_SCHEMA } from '../auth-log/schemas.js';
import { PLUGIN_KEY } from '../catalog/schemas.js';
import type { PluginAuthDeps } from '../deps/plugin-auth-deps.js';
import { DOMAIN_INPUT } from '../domain-name/schemas.js';
import { activateAuthorization } from './activate-authorization.js';

const ACTIVATE_BODY = {
  type: 'object',
  additionalProperties: false,
  required: ['pluginKey', 'domain', 'code'],
  properties: {
    pluginKey: labelled(PLUGIN_KEY, { zh: '插件', en: 'Plugin' }),
    domain: labelled(DOMAIN_INPUT, { zh: '域名', en: 'Domain' }),
    code: { type: 'string', minLength: 1, maxLength: 64 },
  },
};

/** User-center activation by code (plugin:plugin-auth-user:manage): always for the caller, never a parameter. */
export function activationOperations(deps: PluginAuthDeps): OperationDef[] {
  return [
    defineOperation<unknown, { pluginKey: string; domain: string; code: string }>({
      operationId: 'activateAuthorization',
      group: UC_GROUP,
      method: 'post',
      path: '/authorizations/activate',
      tags: TAGS.userCenter,
      summary: 'Activate with a temporary free code or a permanent code; the record is created first when absent',
      body: ACTIVATE_BODY,
      response: AUTH_LOG_SCHEMA,
      handler: ({ body, principal }) => activateAuthorization(deps, { ...body, user: principal.username }),
    }),
  ];
}
