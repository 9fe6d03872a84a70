import { Informer, type ExtensionClient, type Logger } from '../../host/sdk/index.js';
import { findPluginByKey } from '../catalog/find-plugin.js';
import { SitePlugin, type SitePluginSpec } from '../catalog/types.js';

/**
 * Live catalog plugins by key, kept in memory by an informer (list, then watch), so checkAuth answers
 * PLUGIN_NOT_FOUND or goes on without a query. A key the cache does not hold yet (a plugin created a moment
 * ago on another replica) falls back to the indexed store lookup.
 */
export class CatalogCache {
  private readonly byKey = new Map<string, SitePluginSpec>();
  private readonly informer: Informer<SitePlugin, SitePlugin>;

  constructor(
    private readonly client: ExtensionClient,
    logger: Logger,
  ) {
    this.informer = new Informer({
      client,
      kind: SitePlugin,
      logger,
      project: (plugin: SitePlugin) => plugin,
      handlers: {
        onAdd: (_name, plugin) => this.put(plugin),
        onUpdate: (_name, plugin, previous) => {
          if (previous.spec.key !== plugin.spec.key) this.byKey.delete(previous.spec.key);
          this.put(plugin);
        },
        onDelete: (_name, previous) => this.byKey.delete(previous.spec.key),
      },
    });
  }

  start(): Promise<void> {
    return this.informer.start();
  }

  stop(): void {
    this.informer.stop();
  }

  /** The live plugin's spec, or undefined when no live plugin has this key. */
  async find(pluginKey: string): Promise<SitePluginSpec | undefined> {
    const cached = this.byKey.get(pluginKey);
    if (cached) return cached;
    const plugin = await findPluginByKey(this.client, pluginKey);
    return plugin && !plugin.metadata.deletionTimestamp ? plugin.spec : undefined;
  }

  private put(plugin: SitePlugin): void {
    if (plugin.metadata.deletionTimestamp) this.byKey.delete(plugin.spec.key);
    else this.byKey.set(plugin.spec.key, plugin.spec);
  }
}
