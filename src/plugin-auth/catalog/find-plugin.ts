import { AppError, eq, type ExtensionClient } from '../../host/sdk/index.js';
import { SitePlugin } from './types.js';

/** The catalog plugin with this key (spec.key is indexed), or undefined (also when it is malformed). */
export async function findPluginByKey(client: ExtensionClient, pluginKey: string): Promise<SitePlugin | undefined> {
  const page = await client.list(SitePlugin, { where: eq('spec.key', pluginKey), limit: 1 });
  return client.viewItems(SitePlugin, page.items, (plugin) => plugin)[0];
}

/** The live catalog plugin with this key; PLUGIN_NOT_FOUND when absent or being deleted. */
export async function requirePlugin(client: ExtensionClient, pluginKey: string): Promise<SitePlugin> {
  const plugin = await findPluginByKey(client, pluginKey);
  if (!plugin || plugin.metadata.deletionTimestamp) throw pluginNotFound(pluginKey);
  return plugin;
}

/** Spec error row "application for a plugin or user that does not exist". */
export function pluginNotFound(pluginKey: string): AppError {
  return new AppError('PLUGIN_NOT_FOUND', `插件不存在: ${pluginKey}`, {
    status: 404,
    messageEn: `plugin "${pluginKey}" not found`,
    details: [
      {
        field: 'pluginKey',
        message: '插件目录中没有这个插件标识',
        messageEn: 'no catalog plugin has this key',
        reason: 'PLUGIN_NOT_FOUND',
      },
    ],
  });
}
