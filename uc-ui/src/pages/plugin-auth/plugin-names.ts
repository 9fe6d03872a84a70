import { computed } from 'vue';
import { call } from '@shared/api/client.js';
import { useRequest } from '@shared/composables/useRequest.js';

/**
 * The catalog's plugin names by key, so records show "SEO 工具箱", not `seo-toolkit`. A plugin no longer in
 * the catalog shows its key (the only name left for it).
 */
export function usePluginNames() {
  const catalog = useRequest(() => call('listCatalog', { query: { size: 200 } }), { report: false });
  const names = computed(() => new Map((catalog.data.value?.items ?? []).map((p) => [p.spec?.key ?? '', p.spec?.name ?? ''])));
  return (key: string | undefined) => (key ? names.value.get(key) || key : '');
}
