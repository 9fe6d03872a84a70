import type { RouteRecordRaw } from 'vue-router';

/**
 * The user center's pages, in navigation order; `/plugin-auth` is linked from the authorization e-mails.
 * `meta`: `title` and `tab` are catalog keys (locales/<lang>/nav.ts), `permission` the UI permission needed.
 * Pages load on first visit.
 */
const AUTH_VIEW = 'plugin:plugin-auth-user:view';

export const ROUTES: RouteRecordRaw[] = [
  {
    path: '/plugin-auth',
    component: () => import('./pages/plugin-auth/MyAuthorizationsPage.vue'),
    meta: { title: 'nav.myAuthorizations', tab: 'tab.pluginAuth', permission: AUTH_VIEW },
  },
  {
    path: '/plugin-auth/catalog',
    component: () => import('./pages/plugin-auth/CatalogPage.vue'),
    meta: { title: 'nav.catalog', tab: 'tab.pluginAuth', permission: AUTH_VIEW },
  },
  {
    path: '/payment',
    component: () => import('./pages/payment/MyOrdersPage.vue'),
    meta: { title: 'nav.myOrders', permission: 'payment:uc:manage' },
  },
  // Merchant area (standalone until the merchant area layout lands): balance and settlement records.
  {
    path: '/merchant/settlements',
    component: () => import('./pages/merchant/MySettlementsPage.vue'),
    meta: { title: 'nav.mySettlements', permission: 'payment:uc:manage' },
  },
  {
    path: '/notifications',
    component: () => import('./pages/account/NotificationsPage.vue'),
    meta: { title: 'nav.notifications', tab: 'tab.account', permission: 'uc:notifications:view' },
  },
  {
    path: '/tokens',
    component: () => import('./pages/account/TokensPage.vue'),
    meta: { title: 'nav.tokens', tab: 'tab.account', permission: 'uc:tokens:manage' },
  },
  {
    path: '/profile',
    component: () => import('./pages/account/ProfilePage.vue'),
    meta: { title: 'nav.profile', tab: 'tab.account', permission: 'uc:profile:manage' },
  },
  { path: '/signup', component: () => import('./pages/account/SignUpPage.vue'), meta: { title: 'nav.signup', public: true } },
];
