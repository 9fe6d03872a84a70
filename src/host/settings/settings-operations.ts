import { defineOperation, type OperationDef } from '../api/operations/operation.js';
import type { PluginSettings, SettingsPatch } from './settings-service.js';

/** API group of the host's console operations. */
import { HOST_CONSOLE_GROUP } from '../api/host-groups.js';

export { HOST_CONSOLE_GROUP };

const NAME_PARAMS = {
  type: 'object',
  properties: { name: { type: 'string', pattern: '^[a-z0-9]([-a-z0-9.]*[a-z0-9])?$', maxLength: 253 } },
  required: ['name'],
};

const VIEW_SCHEMA = {
  type: 'object',
  properties: {
    name: { type: 'string' },
    configMapName: { type: 'string' },
    forms: { type: 'array', items: { type: 'object' } },
    values: { type: 'object', additionalProperties: { type: 'object' } },
    secrets: {
      type: 'array',
      items: { type: 'object', properties: { group: { type: 'string' }, field: { type: 'string' }, configured: { type: 'boolean' } } },
    },
  },
};

/**
 * Console operations over any plugin's settings: read the form with masked values, write a partial object
 * keyed by group then field. Secrets read as "******"; sending "******" back keeps the stored secret.
 */
export function settingsOperations(settings: PluginSettings): OperationDef[] {
  return [
    defineOperation<unknown, unknown, { name: string }>({
      operationId: 'getSettings',
      group: HOST_CONSOLE_GROUP,
      method: 'get',
      path: '/settings/:name',
      summary: 'Read a setting: its form, current values (secrets masked) and which secrets are configured',
      tags: ['settings'],
      params: NAME_PARAMS,
      response: VIEW_SCHEMA,
      handler: ({ params }) => settings.view(params.name),
    }),
    defineOperation<unknown, SettingsPatch, { name: string }>({
      operationId: 'updateSettings',
      group: HOST_CONSOLE_GROUP,
      method: 'put',
      path: '/settings/:name',
      summary: 'Change settings: a partial object {group: {field: value}}; null resets to the default',
      description:
        'Only the groups and fields given change. Every changed group is validated against its form.'
        + ' A secret field sent as "******" keeps its stored value.',
      tags: ['settings'],
      params: NAME_PARAMS,
      body: { type: 'object', additionalProperties: { type: ['object', 'null'] } },
      response: VIEW_SCHEMA,
      handler: async ({ params, body }) => {
        await settings.update(params.name, body);
        return settings.view(params.name);
      },
    }),
  ];
}
