import { AppError, eq, NotFoundError, type ExtensionClient } from '../../host/sdk/index.js';
import { pluginResourceName } from './plugin-name.js';
import { DELETE_RECORDS_FINALIZER, SitePlugin, type SitePluginSpec } from './types.js';

/**
 * Creates a catalog plugin. The key must be unique (checked and created in one transaction); without a
 * priority it goes to the end of the list. The finalizer is set at once, so deleting it always waits for
 * its authorization records to be removed, even before the reconciler has seen it.
 */
export async function createSitePlugin(client: ExtensionClient, spec: SitePluginSpec): Promise<SitePlugin> {
  return client.transaction(async () => {
    if ((await client.count(SitePlugin, eq('spec.key', spec.key))) > 0) throw keyTaken(spec.key);
    const priority = spec.priority ?? (await nextPriority(client));
    return client.create(SitePlugin, {
      metadata: { name: pluginResourceName(spec.key), finalizers: [DELETE_RECORDS_FINALIZER] },
      spec: { ...spec, priority },
    });
  });
}

/**
 * Edits a plugin: the given spec fields change (null removes an optional one); the key never changes. Answers
 * the plugin as it was read too, so the caller can tell what changed (a replaced logo) without reading it again.
 */
export async function updateSitePlugin(
  client: ExtensionClient,
  name: string,
  changes: Partial<Record<keyof SitePluginSpec, unknown>>,
  resourceVersion?: string,
): Promise<{ previous: SitePlugin; updated: SitePlugin }> {
  const current = await client.fetch(SitePlugin, name);
  if (!current) throw new NotFoundError(SitePlugin.kind, name);
  if (changes.key !== undefined && changes.key !== current.spec.key) {
    throw new AppError('KEY_IMMUTABLE', '插件标识不可修改', {
      status: 400,
      messageEn: 'a plugin key cannot change (its records refer to it)',
      details: [{ field: 'key', message: '插件标识创建后不可修改', messageEn: 'The plugin key cannot change once the plugin exists.' }],
    });
  }
  const patch: Record<string, unknown> = { spec: changes };
  if (resourceVersion) patch.metadata = { resourceVersion };
  return { previous: current, updated: await client.patch(SitePlugin, name, patch) };
}

/** Marks the plugin deleted; the reconciler removes its records in batches, then the plugin itself. */
export async function deleteSitePlugin(client: ExtensionClient, name: string): Promise<{ name: string; removed: boolean }> {
  const result = await client.delete(SitePlugin, name);
  return { name, removed: result.removed };
}

async function nextPriority(client: ExtensionClient): Promise<number> {
  const last = await client.list(SitePlugin, { sort: [{ field: 'spec.priority', direction: 'desc' }], page: 1, size: 1 });
  const top = last.items[0]?.spec.priority;
  return typeof top === 'number' ? top + 1 : 0;
}

function keyTaken(key: string): AppError {
  const texts = {
    zh: `插件标识“${key}”已被其他插件使用，请换一个`,
    en: `The plugin key "${key}" is already used by another plugin. Choose another one.`,
  };
  return new AppError('ALREADY_EXISTS', texts.zh, {
    status: 409,
    messageEn: texts.en,
    details: [{ field: 'key', message: texts.zh, messageEn: texts.en }],
  });
}
