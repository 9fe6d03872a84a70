import { computed, ref, shallowRef, watch, type Ref, type WatchSource } from 'vue';
import { messages } from '../feedback/messages.js';

export type RequestState = 'idle' | 'loading' | 'error' | 'empty' | 'ready';

export interface UseRequestOptions<T> {
  /** Load at once (default true). */
  immediate?: boolean;
  /** Reload whenever this changes (e.g. the URL query state). */
  watch?: WatchSource | WatchSource[];
  /** Whether an answer counts as empty (default: an empty array or a page without items). */
  isEmpty?: (data: T) => boolean;
  /** Also show a failure in the page's message region (default true). */
  report?: boolean;
}

function emptyByDefault(data: unknown): boolean {
  if (Array.isArray(data)) return data.length === 0;
  if (data && typeof data === 'object' && Array.isArray((data as { items?: unknown }).items))
    return (data as { items: unknown[] }).items.length === 0;
  return data === null || data === undefined;
}

/**
 * Data loaded from the server with its states kept apart: `loading` (first load or reload in flight),
 * `error`, `empty` (loaded, nothing there) and `ready`. A slow request is "loading", never "no data". Only
 * the newest request's answer is kept, so a quick filter change cannot be overwritten by a late answer. A
 * failure it reported in the message region goes once a later load succeeds (no stale error over a list).
 */
export function useRequest<T>(load: (signal: AbortSignal) => Promise<T>, options: UseRequestOptions<T> = {}) {
  const data = shallowRef<T>();
  const error = ref<unknown>(null);
  const loading = ref(false);
  const loaded = ref(false);
  let seq = 0;
  let controller: AbortController | undefined;
  /** The failure this request put in the message region: taken back once a load succeeds. */
  let reported = 0;

  async function reload(): Promise<T | undefined> {
    const mine = ++seq;
    controller?.abort();
    controller = new AbortController();
    loading.value = true;
    error.value = null;
    try {
      const value = await load(controller.signal);
      if (mine !== seq) return data.value;
      data.value = value;
      loaded.value = true;
      messages.dismiss(reported);
      reported = 0;
      return value;
    } catch (err) {
      if (mine !== seq || (err instanceof DOMException && err.name === 'AbortError')) return data.value;
      error.value = err;
      if (options.report !== false) reported = messages.error(err);
      return undefined;
    } finally {
      if (mine === seq) loading.value = false;
    }
  }

  const isEmpty = options.isEmpty ?? emptyByDefault;
  const state = computed<RequestState>(() => {
    if (loading.value && !loaded.value) return 'loading';
    if (error.value && !loaded.value) return 'error';
    if (!loaded.value) return loading.value ? 'loading' : 'idle';
    return isEmpty(data.value as T) ? 'empty' : 'ready';
  });

  if (options.watch) watch(options.watch, () => void reload(), { deep: true });
  if (options.immediate !== false) void reload();
  return { data: data as Ref<T | undefined>, error, loading, loaded, state, reload };
}
