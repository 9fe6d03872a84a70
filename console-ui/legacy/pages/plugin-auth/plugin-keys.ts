import { ref } from 'vue';
import { api, type Page } from '@shared/api.js';
import { PLUGIN_AUTH } from '../../paths.js';
import type { SitePlugin } from './types.js';

/** Catalog plugins for the plugin selects of filters and forms (loaded once per page). */
export function usePluginOptions() {
  const plugins = ref<Array<{ key: string; name: string }>>([]);
  api
    .get<Page<SitePlugin>>(`${PLUGIN_AUTH}/siteplugins`, { size: 500 })
    .then((page) => (plugins.value = page.items.map((p) => ({ key: p.spec.key, name: p.spec.name }))))
    .catch(() => undefined);
  return plugins;
}
