import { defineOperation, singleLineText, type OperationDef } from '../../host/sdk/index.js';
import { AUTH_API_GROUP } from '../api/groups.js';
import { DOCKING_TAGS } from '../api/tags.js';
import { PLUGIN_KEY } from '../catalog/schemas.js';
import { generatePermanentCodes } from '../codes/generate-permanent-codes.js';
import type { PluginAuthDeps } from '../deps/plugin-auth-deps.js';

interface DockingQuery {
  dockingAccessSecret: string;
  pluginKey: string;
  channel: string;
  count: number;
  format: 'json' | 'text';
}

const QUERY = {
  type: 'object',
  required: ['dockingAccessSecret', 'pluginKey', 'channel', 'count'],
  properties: {
    dockingAccessSecret: {
      type: 'string',
      maxLength: 256,
      description: 'the configured dockingAccessSecret; only the query counts, a header is not enough',
    },
    pluginKey: PLUGIN_KEY,
    channel: { ...singleLineText(253, 1), description: 'sales channel id, one of the channels setting' },
    count: { type: 'integer', description: '1..authCodeCreateLimit, else 400 CODE_COUNT_OUT_OF_RANGE and nothing is generated' },
    format: { type: 'string', enum: ['json', 'text'], default: 'json', description: 'text: the codes as a plain text body' },
  },
};

/**
 * The card-shop docking endpoint (spec "Docking endpoint"). The guard in public/open-guard.ts has already
 * checked the secret (403 DOCKING_DISABLED when none is configured, 401 `访问密钥不正确` when wrong) and the
 * rate limit. One transaction per call: all codes or none.
 */
export function dockingOperations(deps: PluginAuthDeps): OperationDef[] {
  return [
    defineOperation<DockingQuery>({
      operationId: 'getPermanentAuthCode',
      group: AUTH_API_GROUP,
      method: 'post',
      path: '/docking/getPermanentAuthCode',
      tags: DOCKING_TAGS,
      summary: 'Generate permanent codes for a card shop: data is the codes joined by "|" (format=text: the same string as plain text)',
      query: QUERY,
      response: { type: 'string', example: 'ABCD-EFGH-JKLM-NPQR-STUV|…' },
      produces: ['application/json', 'text/plain'],
      handler: async ({ query, res }) => {
        const { codes } = await generatePermanentCodes(deps, {
          pluginKey: query.pluginKey,
          channel: query.channel,
          count: query.count,
          createdBy: `docking:${query.channel}`,
        });
        const joined = codes.join('|');
        if (query.format === 'text') res.type('text/plain').send(joined);
        return joined;
      },
    }),
  ];
}
