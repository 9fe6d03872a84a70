import type { ExtensionClient } from '../../host/client/extension-client.js';
import { eq } from '../../host/store/query.js';
import { pluginNotFound, userNotFound } from './errors.js';
import { SITE_PLUGIN } from './kinds.js';
import type { SitePlugin } from './types.js';

/** The catalog plugin with this key (spec.key is indexed), or undefined. */
export async function findPluginByKey(client: ExtensionClient, pluginKey: string): Promise<SitePlugin | undefined> {
  const page = await client.list<SitePlugin>(SITE_PLUGIN, { where: eq('spec.key', pluginKey), limit: 1 });
  return page.items[0];
}

/** The live catalog plugin with this key; PLUGIN_NOT_FOUND when absent or being deleted. */
export async function requirePlugin(client: ExtensionClient, pluginKey: string): Promise<SitePlugin> {
  const plugin = await findPluginByKey(client, pluginKey);
  if (!plugin || plugin.metadata.deletionTimestamp) throw pluginNotFound(pluginKey);
  return plugin;
}

/** USER_NOT_FOUND unless a host User of this name exists. */
export async function requireUser(client: ExtensionClient, username: string): Promise<void> {
  if (!(await userExists(client, username))) throw userNotFound(username);
}

export async function userExists(client: ExtensionClient, username: string): Promise<boolean> {
  if (!client.registry.find('User')) return true;
  return (await client.fetch('User', username)) !== undefined;
}
