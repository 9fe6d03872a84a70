import {
  DECIMAL_PLACES_KEYWORD,
  defineOperation,
  type Attachments,
  listResultSchema,
  multiLineText,
  PAGE_QUERY_PROPERTIES,
  singleLineText,
  type OperationDef,
} from '../../host/sdk/index.js';
import { CONSOLE_GROUP } from '../api/groups.js';
import { NAME_LIST, NAME_PARAMS, resourceSchema } from '../api/schemas.js';
import { TAGS } from '../api/tags.js';
import type { PluginAuthDeps } from '../deps/plugin-auth-deps.js';
import { PRICE_DECIMAL_PLACES } from './sale-amount.js';
import { createSitePlugin, deleteSitePlugin, updateSitePlugin } from './catalog-service.js';
import { listSitePlugins, reorderSitePlugins, type SitePluginFilter } from './list-site-plugins.js';
import { forgetLogo, MAX_LOGO_BYTES, uploadLogo, type LogoUpload } from './plugin-logo.js';
import { PLUGIN_KEY } from './schemas.js';
import { sitePluginView } from './site-plugin-view.js';
import type { SitePluginSpec } from './types.js';

const URL_FIELD = { type: 'string', maxLength: 2048, pattern: '^(https?://|/)' };
/** Editable catalog fields (the CRD checks the same and more on write). */
const SPEC_FIELDS = {
  key: PLUGIN_KEY,
  name: singleLineText(128, 1),
  logo: URL_FIELD,
  description: multiLineText(4000),
  version: singleLineText(64),
  author: singleLineText(128),
  authCountLimit: { type: 'integer', minimum: -1, maximum: 1_000_000 },
  docs: URL_FIELD,
  url: URL_FIELD,
  price: {
    type: 'number',
    minimum: 0,
    maximum: 100_000_000,
    [DECIMAL_PLACES_KEYWORD]: PRICE_DECIMAL_PLACES,
    description: 'CNY, at most two decimals (0 free, 9999 limited-time free); 0.001 is refused, never rounded',
  },
  payUrl: URL_FIELD,
  priority: { type: 'integer', minimum: -1_000_000_000, maximum: 1_000_000_000 },
};
const NULLABLE = new Set(['logo', 'description', 'version', 'author', 'authCountLimit', 'docs', 'url', 'payUrl']);
const UPDATE_FIELDS = Object.fromEntries(
  Object.entries(SPEC_FIELDS).map(([k, s]) => [k, NULLABLE.has(k) ? { anyOf: [s, { type: 'null' }] } : s]),
);
const PRICE_TYPE = { type: 'string', enum: ['FREE', 'LIMITED_FREE', 'PAID'] };
const PLUGIN = pluginSchema();

/** A catalog plugin as answers show it (spec and price type), with any further derived fields. */
export function pluginSchema(extra: Record<string, unknown> = {}): Record<string, unknown> {
  return resourceSchema({ type: 'object', properties: SPEC_FIELDS }, { priceType: PRICE_TYPE, ...extra });
}
export const LIST_QUERY = {
  type: 'object',
  additionalProperties: false,
  properties: { keyword: { type: 'string', maxLength: 253 }, priceType: PRICE_TYPE, ...PAGE_QUERY_PROPERTIES },
};

/** Console catalog operations (plugin:plugin-auth:view / manage); the user-center catalog is auth-log/uc-catalog.ts. */
export function catalogOperations(deps: PluginAuthDeps, attachments: Attachments): OperationDef[] {
  const { client } = deps;
  return [
    defineOperation<SitePluginFilter>({
      operationId: 'listSitePlugins',
      group: CONSOLE_GROUP,
      method: 'get',
      path: '/siteplugins',
      tags: TAGS.catalog,
      summary: 'List catalog plugins in display order (priority, key), with their price type',
      query: LIST_QUERY,
      response: listResultSchema(PLUGIN),
      handler: ({ query }) => listSitePlugins(client, query),
    }),
    defineOperation<unknown, SitePluginSpec>({
      operationId: 'createSitePlugin',
      group: CONSOLE_GROUP,
      method: 'post',
      path: '/siteplugins',
      tags: TAGS.catalog,
      summary: 'Create a catalog plugin (unique key; without priority it goes last)',
      body: { type: 'object', additionalProperties: false, required: ['key', 'name', 'price'], properties: SPEC_FIELDS },
      response: PLUGIN,
      successStatus: 201,
      handler: async ({ body }) => sitePluginView(await createSitePlugin(client, body)),
    }),
    defineOperation<unknown, Record<string, unknown> & { resourceVersion?: string }, { name: string }>({
      operationId: 'updateSitePlugin',
      group: CONSOLE_GROUP,
      method: 'put',
      path: '/siteplugins/:name',
      tags: TAGS.catalog,
      summary: 'Edit a catalog plugin: the fields given change, null removes an optional one; the key is fixed',
      params: NAME_PARAMS,
      body: {
        type: 'object',
        additionalProperties: false,
        properties: { ...UPDATE_FIELDS, resourceVersion: { type: 'string', pattern: '^[0-9]+$' } },
      },
      response: PLUGIN,
      handler: async ({ params, body }) => {
        const { resourceVersion, ...changes } = body;
        const { previous, updated } = await updateSitePlugin(client, params.name, changes, resourceVersion);
        if (previous.spec.logo !== updated.spec.logo) await forgetLogo(attachments, previous.spec.logo, deps.logger);
        return sitePluginView(updated);
      },
    }),
    defineOperation<unknown, LogoUpload>({
      operationId: 'uploadPluginLogo',
      group: CONSOLE_GROUP,
      method: 'post',
      path: '/siteplugin-logos',
      tags: TAGS.catalog,
      summary: "Upload a logo image (PNG, JPEG, GIF or WebP, at most 256 KiB) kept by the host; the answer's url goes into a plugin's logo",
      body: {
        type: 'object',
        additionalProperties: false,
        required: ['contentType', 'data'],
        properties: {
          contentType: { type: 'string', minLength: 1, maxLength: 64, description: 'image/png, image/jpeg, image/gif or image/webp' },
          data: { type: 'string', minLength: 1, maxLength: Math.ceil(MAX_LOGO_BYTES / 3) * 4 + 4096, description: 'the image, base64' },
          filename: singleLineText(255),
        },
      },
      response: {
        type: 'object',
        properties: { name: { type: 'string' }, url: { type: 'string' }, contentType: { type: 'string' }, size: { type: 'integer' } },
      },
      successStatus: 201,
      handler: ({ body }) => uploadLogo(attachments, body),
    }),
    defineOperation<unknown, unknown, { name: string }>({
      operationId: 'deleteSitePlugin',
      group: CONSOLE_GROUP,
      method: 'delete',
      path: '/siteplugins/:name',
      tags: TAGS.catalog,
      summary: 'Delete a catalog plugin and, in the background, every authorization record of its key',
      params: NAME_PARAMS,
      response: { type: 'object', properties: { name: { type: 'string' }, removed: { type: 'boolean' } } },
      handler: ({ params }) => deleteSitePlugin(client, params.name),
    }),
    defineOperation<unknown, { names: string[] }>({
      operationId: 'reorderSitePlugins',
      group: CONSOLE_GROUP,
      method: 'put',
      path: '/siteplugins-order',
      tags: TAGS.catalog,
      summary: 'Set the display order: the listed plugins first, in that order; priorities rewritten atomically',
      body: { type: 'object', additionalProperties: false, required: ['names'], properties: { names: NAME_LIST } },
      response: { type: 'array', items: PLUGIN },
      handler: ({ body }) => reorderSitePlugins(client, body.names),
    }),
  ];
}
