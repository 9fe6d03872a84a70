import { defineOperation, type OperationDef } from '../../host/sdk/index.js';
import { CONSOLE_GROUP, UC_GROUP } from '../api/groups.js';
import { TAGS } from '../api/tags.js';
import { FIELDS, type PluginAuthSettings } from './plugin-auth-settings.js';

const str = (maxLength: number) => ({ type: 'string', maxLength });
const int = (minimum: number, maximum: number) => ({ type: 'integer', minimum, maximum });
const list = (pattern?: string) => ({
  type: 'array',
  maxItems: 100,
  uniqueItems: true,
  items: { type: 'string', minLength: 1, maxLength: 253, ...(pattern ? { pattern } : {}) },
});
/** The flat keys of updatePluginAuthSettings; the Setting's form validates the values once more (cron included). */
const PROPERTIES: Record<keyof typeof FIELDS, Record<string, unknown>> = {
  adminEmail: { anyOf: [{ type: 'string', format: 'email' }, { type: 'null' }] },
  freeCodeUrl: { anyOf: [{ type: 'string', maxLength: 2048, pattern: '^(|https?://.*|/.*)$' }, { type: 'null' }] },
  channels: list('^[a-z0-9]([-a-z0-9_]*[a-z0-9])?$'),
  globalAuthCountLimit: int(-1, 1_000_000),
  selfServiceDays: int(1, 36_500),
  authCodeCreateLimit: int(1, 1000),
  exemptDevelopmentHosts: { type: 'boolean' },
  apiAccessSecret: { anyOf: [str(256), { type: 'null' }] },
  dockingAccessSecret: { anyOf: [str(256), { type: 'null' }] },
  corsWhiteList: list(),
  publicRateLimitPerMinute: int(0, 1_000_000), // 0 turns the limit off
  dockingRateLimitPerMinute: int(0, 1_000_000), // 0 turns the limit off
  cleanupEnabled: { type: 'boolean' },
  cleanupCron: str(120),
};

/** null resets a key to its default. */
const NULLABLE_PROPERTIES = Object.fromEntries(
  Object.entries(PROPERTIES).map(([k, schema]) => [k, 'anyOf' in schema ? schema : { anyOf: [schema, { type: 'null' }] }]),
);

/** A Setting form as getPluginAuthSettingsForm answers it (docs/settings.md): fields are FormKit inputs. */
const FORM = {
  type: 'object',
  required: ['group', 'formSchema'],
  properties: {
    group: { type: 'string' },
    label: { type: 'string' },
    i18n: { type: 'object' },
    formSchema: { type: 'array', items: { type: 'object', required: ['$formkit', 'name'], properties: { $formkit: {}, name: {} } } },
  },
};

/**
 * getPluginAuthSettings / updatePluginAuthSettings: one flat object keyed by the settings' names;
 * getPluginAuthSettingsForm: the Setting's form over the same keys, so the console renders the settings page
 * for a caller with plugin:plugin-auth:view (the host's getSettings is for administrators only).
 */
export function settingsOperations(settings: PluginAuthSettings): OperationDef[] {
  const response = { type: 'object', properties: Object.fromEntries(Object.keys(PROPERTIES).map((k) => [k, {}])) };
  return [
    defineOperation({
      operationId: 'getPluginAuthSettings',
      group: CONSOLE_GROUP,
      method: 'get',
      path: '/settings',
      tags: TAGS.settings,
      summary: 'Read the plugin authorization settings (secrets show as "******" when set)',
      response,
      handler: async () => (await settings.flat.readMasked()).values,
    }),
    defineOperation({
      operationId: 'getPluginAuthSettingsForm',
      group: CONSOLE_GROUP,
      method: 'get',
      path: '/settings-form',
      tags: TAGS.settings,
      summary: 'Read the settings form (groups and fields, labels and help in both languages) the settings page renders',
      response: { type: 'array', items: FORM },
      handler: () => settings.flat.forms(),
    }),
    defineOperation<unknown, Record<string, unknown>>({
      operationId: 'updatePluginAuthSettings',
      group: CONSOLE_GROUP,
      method: 'put',
      path: '/settings',
      tags: TAGS.settings,
      summary: 'Change settings: only the keys given change; null resets to the default; "******" keeps a secret',
      body: { type: 'object', additionalProperties: false, minProperties: 1, properties: NULLABLE_PROPERTIES },
      response,
      // The form checks every value (cleanupCron with the host's `cron` rule), as for every settings form.
      handler: async ({ body }) => {
        await settings.flat.write(body);
        return (await settings.flat.readMasked()).values;
      },
    }),
  ];
}

/**
 * User center (plugin:plugin-auth-user:view): what self-service pages show from the settings — the address of
 * the free-code button (empty: no button) and the administrator's contact e-mail (shown where users are told to
 * contact the administrator: limit reached, waiting for review, a purchase that could not be granted).
 */
export function selfServiceOperations(settings: PluginAuthSettings): OperationDef[] {
  return [
    defineOperation({
      operationId: 'getSelfServiceSettings',
      group: UC_GROUP,
      method: 'get',
      path: '/self-service',
      tags: TAGS.userCenter,
      summary: 'The free-code button address and the administrator contact e-mail, for the self-service pages',
      response: {
        type: 'object',
        properties: {
          freeCodeUrl: { type: 'string', description: 'empty: no free-code button' },
          adminEmail: { type: 'string', description: 'empty: none set' },
          selfServiceDays: { type: 'integer', description: 'days a free code authorizes' },
        },
      },
      handler: async () => {
        const values = await settings.read();
        return { freeCodeUrl: values.freeCodeUrl ?? '', adminEmail: values.adminEmail ?? '', selfServiceDays: values.selfServiceDays };
      },
    }),
  ];
}
