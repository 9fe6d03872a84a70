/**
 * vue-router in history mode for both apps (bases /console/ and /uc/). Each route names its title (a
 * catalog key), the UI permission it needs, and the top tab it belongs to; an unknown path, or one the
 * caller may not see, goes to the first page they may see. Public pages (sign-up) need no session.
 */
import { createRouter, createWebHistory, type RouteLocationNormalized, type RouteRecordRaw, type Router } from 'vue-router';
import { can, loadSession, session } from '../session/session.js';
import { translate } from '../i18n/index.js';
import { ApiError } from '../api/client.js';
import { messages } from '../feedback/messages.js';

declare module 'vue-router' {
  interface RouteMeta {
    /** Catalog key of the page's title (tab label, document title). */
    title?: string;
    /** UI permission the caller needs (`*` = administrators only). */
    permission?: string;
    /** Catalog key of the top tab the page belongs to; pages of one tab are its sub-tabs. */
    tab?: string;
    /** Shown without signing in, outside the layout. */
    public?: boolean;
    /** Not listed in the navigation (details pages). */
    hidden?: boolean;
  }
}

export const NO_ACCESS = 'no-access';
const FALLBACK = 'fallback';

/** The navigable pages the caller may see, in declaration order. */
export function visibleRoutes(routes: readonly RouteRecordRaw[]): RouteRecordRaw[] {
  return routes.filter((r) => !r.meta?.public && !r.meta?.hidden && !r.path.includes(':') && can(r.meta?.permission));
}

export interface AppRouterOptions {
  /** `/console/` or `/uc/`. */
  base: string;
  /** The app's pages, in navigation order (the first the caller may see is the landing page). */
  routes: RouteRecordRaw[];
  /** Catalog key of the app's name, for document titles. */
  appName: string;
  /** Shown when the caller may see no page at all. */
  noAccess: RouteRecordRaw['component'];
}

export function createAppRouter(options: AppRouterOptions): Router {
  const routes: RouteRecordRaw[] = [
    ...options.routes,
    { path: '/no-access', name: NO_ACCESS, component: options.noAccess!, meta: { title: 'layout.noAccessTitle' } },
    // `/` and every unknown path land here and are sent on to the first page the caller may see.
    { path: '/:unknown(.*)*', name: FALLBACK, component: options.noAccess!, meta: { hidden: true } },
  ];
  const router = createRouter({
    history: createWebHistory(options.base),
    routes,
    scrollBehavior: (_to, _from, saved) => saved ?? { top: 0 },
  });

  router.beforeEach(async (to) => {
    if (to.meta.public) return true;
    try {
      await loadSession();
    } catch (err) {
      // A 401 is already on its way to the log-in page; anything else is said in the message region.
      if (!(err instanceof ApiError && err.status === 401)) messages.error(err);
      return false;
    }
    if (!session.me) return false;
    const allowed = visibleRoutes(options.routes);
    if (to.name === NO_ACCESS) return allowed.length ? { path: allowed[0].path, replace: true } : true;
    if (to.name !== FALLBACK && can(to.meta.permission)) return true;
    return allowed.length ? { path: allowed[0].path, replace: true } : { name: NO_ACCESS, replace: true };
  });
  router.afterEach((to) => setDocumentTitle(to, options.appName));
  // A page's code loads on its first visit: when the server cannot be reached the navigation fails, and
  // the person is told so (the page they were on stays).
  router.onError(() => messages.errorText(translate('navigation.pageLoadFailed')));
  return router;
}

/** `<page> · <app>`, in the page's language (called again when the language changes). */
export function setDocumentTitle(to: RouteLocationNormalized, appName: string): void {
  const page = to.meta.title ? translate(to.meta.title) : '';
  document.title = page ? `${page} · ${translate(appName)}` : translate(appName);
}
