/**
 * What the plugin-auth pages share about the catalog: the plugin type, the whole catalog (its order is
 * global, so the catalog page and the plugin selects always hold every plugin), and plugin names for the
 * pages that store keys (records, codes, permanent users): people read names, the API takes keys.
 */
import { computed } from 'vue';
import { allPages } from '@shared/api/all-pages.js';
import { call, type ApiItem } from '@shared/api/client.js';
import { useRequest } from '@shared/composables/useRequest.js';
import { translate } from '@shared/i18n/index.js';
import { enumText } from '@shared/i18n/words.js';
import { formatMoney } from '@shared/format.js';
import type { PluginChoice } from '@shared/plugin-auth/my-authorizations.js';

export type SitePlugin = ApiItem<'listSitePlugins'>;

/** UI permissions of the console's plugin-auth pages. */
export const VIEW = 'plugin:plugin-auth:view';
export const MANAGE = 'plugin:plugin-auth:manage';

/** Every catalog plugin in display order (priority, then key), optionally only those matching a keyword. */
export function loadWholeCatalog(keyword = '', signal?: AbortSignal): Promise<SitePlugin[]> {
  return allPages((page, size) => call('listSitePlugins', { query: { keyword: keyword || undefined, page, size }, signal }));
}

/** The catalog as plugin choices and a key → name lookup (a key no plugin has any more shows as itself). */
export function usePluginNames() {
  const request = useRequest((signal) => loadWholeCatalog('', signal));
  const choices = computed<PluginChoice[]>(() =>
    (request.data.value ?? []).flatMap((p) => (p.spec?.key ? [{ key: p.spec.key, name: p.spec.name || p.spec.key }] : [])),
  );
  const byKey = computed(() => new Map(choices.value.map((c) => [c.key, c.name])));
  const nameOf = (key: string | undefined): string => (key ? (byKey.value.get(key) ?? key) : translate('common.none'));
  return { choices, nameOf, reload: request.reload };
}

/** Free, limited-time free, or paid with its price. */
export function priceText(plugin: SitePlugin): string {
  if (plugin.priceType === 'PAID') return translate('pluginAuth.catalog.paidPrice', { price: formatMoney(plugin.spec?.price, 'CNY') });
  return enumText('priceType', plugin.priceType);
}

/** A plugin's domain limit: its own number, unlimited (-1), or the global setting when it has none. */
export function pluginLimitText(limit: number | undefined): string {
  if (limit === undefined || limit === null) return translate('pluginAuth.catalog.globalLimit');
  return limit < 0 ? translate('common.unlimited') : String(limit);
}
