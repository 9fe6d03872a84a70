import { and, eq, listResult, NotFoundError, or, type Condition, type ExtensionClient, type ListResult } from '../../host/sdk/index.js';
import { FREE_PRICE, LIMITED_FREE_PRICE, type PriceType } from './price-type.js';
import { sitePluginView, type SitePluginView } from './site-plugin-view.js';
import { SitePlugin } from './types.js';

export interface SitePluginFilter {
  /** Contains, on the indexed key, name and author. */
  keyword?: string;
  priceType?: PriceType;
  page: number;
  size: number;
}

/** The catalog in display order (priority, then key), paged. */
export async function listSitePlugins(client: ExtensionClient, filter: SitePluginFilter): Promise<ListResult<SitePluginView>> {
  const where = and(keywordCondition(filter.keyword), priceCondition(filter.priceType));
  const found = await client.list(SitePlugin, {
    where,
    sort: [
      { field: 'spec.priority', direction: 'asc' },
      { field: 'spec.key', direction: 'asc' },
    ],
    page: filter.page,
    size: filter.size,
  });
  return listResult(client.viewItems(SitePlugin, found.items, sitePluginView), found.total ?? found.items.length, filter.page, filter.size);
}

function keywordCondition(keyword: string | undefined): Condition | undefined {
  const text = keyword?.trim();
  if (!text) return undefined;
  return or(...['spec.key', 'spec.name', 'spec.author'].map((field) => ({ op: 'contains' as const, field, value: text })));
}

function priceCondition(type: PriceType | undefined): Condition | undefined {
  if (type === 'FREE') return eq('spec.price', FREE_PRICE);
  if (type === 'LIMITED_FREE') return eq('spec.price', LIMITED_FREE_PRICE);
  if (type === 'PAID') return { op: 'notin', field: 'spec.price', values: [FREE_PRICE, LIMITED_FREE_PRICE] };
  return undefined;
}

/**
 * Drag-and-drop ordering: the given names get priorities 0..n-1 in that order, every other plugin follows
 * in its current order. One transaction, so readers never see a half-rewritten order; plugins whose
 * priority already matches are not written.
 */
export async function reorderSitePlugins(client: ExtensionClient, names: string[]): Promise<SitePluginView[]> {
  return client.transaction(async () => {
    const all: SitePlugin[] = [];
    for await (const plugin of client.listAll(SitePlugin)) all.push(plugin);
    const byName = new Map(all.map((p) => [p.metadata.name, p]));
    const missing = names.filter((n) => !byName.has(n));
    if (missing.length) throw new NotFoundError(SitePlugin.kind, missing.join(', '));
    const listed = new Set(names);
    const rest = all.filter((p) => !listed.has(p.metadata.name)).sort(byPriority);
    const ordered = [...names.map((n) => byName.get(n)!), ...rest];
    const out: SitePluginView[] = [];
    for (const [priority, plugin] of ordered.entries()) {
      const next = plugin.spec.priority === priority ? plugin : await client.update({ ...plugin, spec: { ...plugin.spec, priority } });
      out.push(sitePluginView(next));
    }
    return out;
  });
}

function byPriority(a: SitePlugin, b: SitePlugin): number {
  return (a.spec.priority ?? 0) - (b.spec.priority ?? 0) || a.spec.key.localeCompare(b.spec.key);
}
