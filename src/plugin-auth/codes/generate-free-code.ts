import { requirePlugin } from '../catalog/find-plugin.js';
import type { PluginAuthDeps } from '../deps/plugin-auth-deps.js';
import { nowStamp } from '../timestamps/whole-second.js';
import { codeResourceName } from './code-names.js';
import { generateFreeCode } from './free-code.js';
import { FreeAuthCode, type FreeCode } from './types.js';

/**
 * Makes a temporary free code (valid 5 minutes, single use). With a plugin key it works only for that
 * plugin, which must be priced 0 or 9999 when redeemed. Used by the public generateAuthCode endpoint.
 */
export async function createFreeCode(deps: PluginAuthDeps, input: { pluginKey?: string; createdBy: string }): Promise<FreeCode> {
  if (input.pluginKey) await requirePlugin(deps.client, input.pluginKey);
  for (let attempt = 1; ; attempt++) {
    const code = generateFreeCode();
    try {
      return await deps.client.create(FreeAuthCode, {
        metadata: { name: codeResourceName(code) },
        spec: {
          code,
          createdAt: nowStamp(deps.clock),
          used: false,
          createdBy: input.createdBy,
          ...(input.pluginKey ? { pluginKey: input.pluginKey } : {}),
        },
      });
    } catch (err) {
      // 39.6 bits: a clash with a stored code is rare but possible; draw again.
      if (attempt >= 5 || (err as { code?: string }).code !== 'ALREADY_EXISTS') throw err;
    }
  }
}
