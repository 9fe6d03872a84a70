import {
  eq,
  reconcileFinalizer,
  type Attachments,
  type ControllerDefinition,
  type ExtensionClient,
  type Logger,
} from '../../host/sdk/index.js';
import { forgetLogo } from '../catalog/plugin-logo.js';
import { DELETE_RECORDS_FINALIZER, SitePlugin } from '../catalog/types.js';
import { SitePluginAuthLog } from './types.js';

/** Records removed per transaction: bounded work, and progress that survives a restart half-way. */
export const DELETE_BATCH = 500;

/**
 * The cascade from the catalog to its records (it lives with the records it deletes, so the catalog never
 * imports them): live plugins carry the finalizer; a deleted plugin has its records removed in
 * batches (each batch one transaction), its logo attachment is removed, then it loses the finalizer and
 * disappears. After a crash the
 * start-up sync enqueues the plugin again and the deletion continues where it stopped.
 */
export function pluginRecordsController(client: ExtensionClient, logger: Logger, attachments: Attachments): ControllerDefinition {
  return {
    name: 'plugin-auth-catalog',
    kind: SitePlugin,
    async reconcile(name) {
      const plugin = await client.fetch(SitePlugin, name);
      if (!plugin) return;
      await reconcileFinalizer(client, plugin, DELETE_RECORDS_FINALIZER, async (p) => {
        // A plugin stored without a key (written before CRDs required spec) has no records to find: it goes.
        const key = p.spec?.key;
        const removed = key ? await deleteRecordsOf(client, key) : 0;
        await forgetLogo(attachments, p.spec?.logo, logger);
        logger.info({ plugin: key ?? name, removed }, 'catalog plugin deleted with its authorization records');
      });
    },
  };
}

/** Removes every record of the plugin key, DELETE_BATCH per transaction; returns how many. */
export async function deleteRecordsOf(client: ExtensionClient, pluginKey: string, signal?: AbortSignal): Promise<number> {
  let removed = 0;
  for (;;) {
    signal?.throwIfAborted();
    const page = await client.list(SitePluginAuthLog, { where: eq('spec.pluginKey', pluginKey), limit: DELETE_BATCH });
    if (page.items.length === 0) return removed;
    await client.transaction(async () => {
      for (const record of page.items) {
        if (await client.fetch(SitePluginAuthLog, record.metadata.name)) await client.delete(SitePluginAuthLog, record.metadata.name);
      }
    });
    removed += page.items.length;
  }
}
