import { computed, reactive, ref, watch } from 'vue';
import { useRoute, useRouter, type LocationQuery, type LocationQueryRaw } from 'vue-router';

export type QueryDefaults = Record<string, string | number | boolean | string[]>;

type Parsed<D extends QueryDefaults> = { -readonly [K in keyof D]: D[K] extends number ? number : D[K] extends boolean ? boolean : D[K] };

function parseOne(raw: LocationQuery[string] | undefined, fallback: QueryDefaults[string]): QueryDefaults[string] {
  const list = (Array.isArray(raw) ? raw : raw === undefined || raw === null ? [] : [raw]).filter((v): v is string => v !== null);
  if (Array.isArray(fallback)) return list.length ? list : [...fallback];
  if (!list.length) return fallback;
  const text = list[0];
  if (typeof fallback === 'number') {
    const n = Number(text);
    return text.trim() !== '' && Number.isFinite(n) ? n : fallback;
  }
  if (typeof fallback === 'boolean') return text === 'true' ? true : text === 'false' ? false : fallback;
  return text;
}

function same(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

/**
 * List state that lives in the URL query (filters, sort, page), so it survives a reload and can be shared.
 * `state` mirrors the URL (read it to load the list; pass `watch: () => q.query` to useRequest); `draft` is
 * what the filter form edits until `apply()` writes it to the URL with page back to 1. `set()` changes keys
 * at once (page, sort). Values equal to their defaults are left out of the URL; types follow the defaults.
 *
 *   const q = useUrlQueryState({ keyword: '', status: '', page: 1, size: 20, sort: '' });
 */
function sameQuery(a: LocationQueryRaw, b: LocationQuery): boolean {
  const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
  return [...keys].every((k) => JSON.stringify([a[k]].flat().map(String)) === JSON.stringify([b[k]].flat().map(String)));
}

export function useUrlQueryState<D extends QueryDefaults>(defaults: D, options: { pageKey?: string } = {}) {
  const route = useRoute();
  const router = useRouter();
  const pageKey = options.pageKey ?? 'page';
  const read = (): Parsed<D> => Object.fromEntries(Object.entries(defaults).map(([k, d]) => [k, parseOne(route.query[k], d)])) as Parsed<D>;

  const state = reactive(read()) as Parsed<D>;
  const searches = ref(0);
  const draft = reactive(read()) as Parsed<D>;

  watch(
    () => route.query,
    () => {
      const next = read();
      Object.assign(state, next);
      Object.assign(draft, next);
    },
  );

  function write(values: Partial<Parsed<D>>, replace = false): Promise<unknown> {
    const merged = { ...state, ...values } as Record<string, unknown>;
    const query: LocationQueryRaw = {};
    // Keys of other owners (not in defaults) stay as they are.
    for (const [k, v] of Object.entries(route.query)) if (!(k in defaults)) query[k] = v;
    for (const [k, d] of Object.entries(defaults)) {
      const v = merged[k];
      if (same(v, d) || v === '' || v === undefined || v === null) continue;
      query[k] = Array.isArray(v) ? v.map(String) : String(v);
    }
    // The same filters searched again: the URL stays, so `query` changes its identity to load the list again.
    if (sameQuery(query, route.query)) {
      searches.value++;
      return Promise.resolve();
    }
    return replace ? router.replace({ query }) : router.push({ query });
  }

  /** The draft (filter form) becomes the URL state, from the first page. */
  function apply(): Promise<unknown> {
    const values = { ...draft } as Record<string, unknown>;
    if (pageKey in defaults) values[pageKey] = defaults[pageKey];
    return write(values as Partial<Parsed<D>>);
  }

  /** Sets some keys now (e.g. `{page: 3}`, `{sort: 'authTime,desc'}`). */
  function set(values: Partial<Parsed<D>>, replace = false): Promise<unknown> {
    return write(values, replace);
  }

  /** Back to the defaults. */
  function reset(): Promise<unknown> {
    Object.assign(draft, defaults);
    return write({ ...defaults } as Partial<Parsed<D>>);
  }

  /** How many filters differ from their defaults (page, size and sort not counted): the collapsed filter bar's badge. */
  const activeCount = computed(
    () => Object.entries(defaults).filter(([k, d]) => ![pageKey, 'size', 'sort'].includes(k) && !same(state[k], d)).length,
  );

  /** The state as API query parameters: defaults that are empty strings are left out. */
  const query = computed(() => {
    void searches.value;
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(state)) if (v !== '' && !(Array.isArray(v) && !v.length)) out[k] = v;
    return out;
  });

  return { state, draft, query, apply, set, reset, activeCount };
}
