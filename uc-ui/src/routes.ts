import type { RouteRecordRaw } from 'vue-router';

/**
 * The user center's pages, in navigation order; `/plugin-auth` is linked from the authorization e-mails.
 * `meta`: `title` and `tab` are catalog keys (locales/<lang>/nav.ts), `permission` the UI permission needed.
 */
const AUTH_VIEW = 'plugin:plugin-auth-user:view';
const pending = () => import('@shared/components/PendingPage.vue');

export const ROUTES: RouteRecordRaw[] = [
  { path: '/plugin-auth', component: pending, meta: { title: 'nav.myAuthorizations', tab: 'tab.pluginAuth', permission: AUTH_VIEW } },
  { path: '/plugin-auth/catalog', component: pending, meta: { title: 'nav.catalog', tab: 'tab.pluginAuth', permission: AUTH_VIEW } },
  { path: '/payment', component: pending, meta: { title: 'nav.myOrders', permission: 'payment:uc:manage' } },
  {
    path: '/notifications',
    component: pending,
    meta: { title: 'nav.notifications', tab: 'tab.account', permission: 'uc:notifications:view' },
  },
  { path: '/tokens', component: pending, meta: { title: 'nav.tokens', tab: 'tab.account', permission: 'uc:tokens:manage' } },
  { path: '/profile', component: pending, meta: { title: 'nav.profile', tab: 'tab.account', permission: 'uc:profile:manage' } },
  { path: '/signup', component: pending, meta: { title: 'nav.signup', public: true } },
];
