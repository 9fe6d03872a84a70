import type { ExtensionClient } from '../../host/client/extension-client.js';
import { reconcileFinalizer } from '../../host/controller/finalizers.js';
import type { ControllerDefinition } from '../../host/controller/types.js';
import type { Logger } from '../../host/logging/logger.js';
import { eq } from '../../host/store/query.js';
import { AUTH_LOG, SITE_PLUGIN } from '../shared/kinds.js';
import type { AuthLog, SitePlugin } from '../shared/types.js';

/** Holds a deleted SitePlugin until every authorization record of its key is gone (spec: cascade). */
export const DELETE_RECORDS_FINALIZER = 'pluginauth.authpay.dev/delete-auth-logs';
/** Records removed per transaction: bounded work, and progress that survives a restart half-way. */
export const DELETE_BATCH = 500;

/**
 * The catalog controller: live plugins carry the finalizer; a deleted plugin has its records removed in
 * batches (each batch one transaction), then loses the finalizer and disappears. After a crash the
 * start-up sync enqueues the plugin again and the deletion continues where it stopped.
 */
export function catalogController(client: ExtensionClient, logger: Logger): ControllerDefinition {
  return {
    name: 'plugin-auth-catalog',
    kind: SITE_PLUGIN,
    async reconcile(name) {
      const plugin = await client.fetch<SitePlugin>(SITE_PLUGIN, name);
      if (!plugin) return;
      await reconcileFinalizer(client, plugin, DELETE_RECORDS_FINALIZER, async (p) => {
        const removed = await deleteRecordsOf(client, p.spec.key);
        logger.info({ plugin: p.spec.key, removed }, 'catalog plugin deleted with its authorization records');
      });
    },
  };
}

/** Removes every record of the plugin key, DELETE_BATCH per transaction; returns how many. */
export async function deleteRecordsOf(client: ExtensionClient, pluginKey: string, signal?: AbortSignal): Promise<number> {
  let removed = 0;
  for (;;) {
    signal?.throwIfAborted();
    const page = await client.list<AuthLog>(AUTH_LOG, { where: eq('spec.pluginKey', pluginKey), limit: DELETE_BATCH });
    if (page.items.length === 0) return removed;
    await client.transaction(async () => {
      for (const record of page.items) {
        if (await client.fetch<AuthLog>(AUTH_LOG, record.metadata.name)) await client.delete(AUTH_LOG, record.metadata.name);
      }
    });
    removed += page.items.length;
  }
}
