/**
 * Starts one of the two apps on the shared foundation: vue-i18n (shared catalogs merged with the app's),
 * vue-router with the app's pages, and the layout. Element Plus is not registered as a whole: each component
 * imports the Element Plus parts it uses (`import { ElButton } from 'element-plus'`), so a page's chunk
 * carries its own and the first page loads only the layout's.
 */
import { createApp, h } from 'vue';
import type { RouteRecordRaw } from 'vue-router';
import './styles/base.css';
import { createAppI18n, type Locale, type Messages } from './i18n/index.js';
import { startingLocale } from './i18n/preference.js';
import { createAppRouter } from './router/index.js';
import sharedZh from './locales/zh-CN.js';
import sharedEn from './locales/en.js';
import AppLayout from './components/AppLayout.vue';
import type { OtherApp } from './components/layout.js';
import NoAccessPage from './components/NoAccessPage.vue';

export interface UiAppOptions {
  /** `/console/` or `/uc/`. */
  base: string;
  /** Catalog key of the app's name. */
  appName: string;
  routes: RouteRecordRaw[];
  /** The app's own catalogs (merged over the shared ones). */
  messages: Record<Locale, Messages>;
  otherApp?: OtherApp;
}

/** Deep merge of catalogs: the app's families beside the shared ones. */
function merge(base: Messages, extra: Messages): Messages {
  const out: Messages = { ...base };
  for (const [key, value] of Object.entries(extra)) {
    const before = out[key];
    out[key] = typeof value === 'object' && typeof before === 'object' ? merge(before, value) : value;
  }
  return out;
}

export function createUiApp(options: UiAppOptions) {
  const i18n = createAppI18n(
    { 'zh-CN': merge(sharedZh, options.messages['zh-CN']), en: merge(sharedEn, options.messages.en) },
    startingLocale(),
  );
  const router = createAppRouter({ base: options.base, routes: options.routes, appName: options.appName, noAccess: NoAccessPage });
  const app = createApp({
    render: () => h(AppLayout, { appName: options.appName, routes: options.routes, otherApp: options.otherApp }),
  });
  app.use(i18n);
  app.use(router);
  return { app, router, i18n };
}
