import { ref, computed, type Component } from 'vue';

/** One page of an app: its path under the app's base, label key, component and required UI permission. */
export interface RouteDef {
  path: string;
  label: string;
  component: Component;
  /** The UI permission that shows the page; undefined = every signed-in user. */
  permission?: string;
  /** Tab group shown in the top bar; pages of one group appear as sub-tabs. */
  group?: string;
  /** Pages reachable without signing in (sign-up). */
  public?: boolean;
}

/**
 * A small history-mode router (the apps have a handful of flat pages, so vue-router is not needed): the
 * current path relative to the app's base, kept in step with pushState and the back button.
 */
export function createRouter(base: string) {
  const relative = () => {
    const path = location.pathname.startsWith(base) ? location.pathname.slice(base.length) : '';
    return `/${path.replace(/^\/+|\/+$/g, '')}`;
  };
  const current = ref(relative());
  window.addEventListener('popstate', () => (current.value = relative()));
  const query = ref(new URLSearchParams(location.search));
  function go(path: string, replace = false): void {
    const url = `${base}${path.replace(/^\//, '')}`;
    if (replace) history.replaceState(null, '', url);
    else history.pushState(null, '', url);
    current.value = relative();
    query.value = new URLSearchParams(location.search);
  }
  return { base, current, query, go, href: (path: string) => `${base}${path.replace(/^\//, '')}`, path: computed(() => current.value) };
}

export type Router = ReturnType<typeof createRouter>;
