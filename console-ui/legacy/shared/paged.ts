import { reactive, ref } from 'vue';
import type { Page, Query } from './api.js';
import { notify } from './notice.js';

/**
 * A filtered, paged list: `filters` bound to the filter form, `load(page)` asks the server, errors become
 * toasts. Filters are sent as given; empty values are dropped by the API client.
 */
export function usePaged<T, F extends Query>(fetchPage: (query: Query) => Promise<Page<T>>, initial: F, size = 20) {
  const filters = reactive({ ...initial }) as F;
  const data = ref<Page<T> | null>(null);
  const loading = ref(false);
  async function load(page = data.value?.page ?? 1): Promise<void> {
    loading.value = true;
    try {
      data.value = await fetchPage({ ...filters, page, size });
    } catch (err) {
      notify.error(err);
    } finally {
      loading.value = false;
    }
  }
  function reset(): void {
    Object.assign(filters, initial);
    void load(1);
  }
  return { filters, data, loading, load, reset };
}
