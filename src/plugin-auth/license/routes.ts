import { defineOperation, type OperationDef } from '../../host/sdk/index.js';
import { UC_GROUP } from '../api/groups.js';
import { TAGS } from '../api/tags.js';
import { PLUGIN_KEY } from '../catalog/schemas.js';
import type { PluginAuthDeps } from '../deps/plugin-auth-deps.js';
import { DOMAIN_INPUT } from '../domain-name/schemas.js';
import { downloadLicense } from './download-license.js';
import type { LicenseAuthority } from './license-authority.js';

/** User-center `downloadLicense`: the file `license.key` holding a fresh license, stored in the record. */
export function licenseOperations(deps: PluginAuthDeps, authority: LicenseAuthority): OperationDef[] {
  return [
    defineOperation<{ pluginKey: string; authDomain: string }>({
      operationId: 'downloadLicense',
      group: UC_GROUP,
      method: 'get',
      path: '/license',
      tags: TAGS.userCenter,
      raw: true,
      produces: ['application/octet-stream'],
      summary: "Download license.key for one of the caller's authorized records (a new license is issued and stored)",
      description:
        "Refused: not the caller's record or wrong pluginKey (404 AUTH_LOG_NOT_FOUND), authDomain not written exactly as stored"
        + ' (400 DOMAIN_NOT_IDENTICAL), record not authorized or expired (409 NOT_AUTHORIZED).',
      query: {
        type: 'object',
        additionalProperties: false,
        required: ['pluginKey', 'authDomain'],
        properties: { pluginKey: PLUGIN_KEY, authDomain: DOMAIN_INPUT },
      },
      handler: async ({ query, principal, res }) => {
        const license = await downloadLicense(deps, authority, { ...query, user: principal.username });
        res.setHeader('Cache-Control', 'no-store');
        res.attachment('license.key').type('application/octet-stream').send(Buffer.from(license, 'utf8'));
      },
    }),
  ];
}
