import type { RouteRecordRaw } from 'vue-router';

/**
 * The user center's pages, in navigation order; `/plugin-auth` is linked from the authorization e-mails.
 * `meta`: `title` and `tab` are catalog keys (locales/<lang>/nav.ts), `permission` the UI permission needed.
 * Pages load on first visit.
 */
const AUTH_VIEW = 'plugin:plugin-auth-user:view';
/** ACTIVE merchants hold it through the merchant role. */
const MERCHANT = 'payment:platform:manage';

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
    path: '/plugin-auth/entitlements',
    component: () => import('./pages/plugin-auth/EntitlementsPage.vue'),
    meta: { title: 'purchase.nav.entitlements', tab: 'tab.pluginAuth', permission: AUTH_VIEW },
  },
  {
    path: '/payment',
    component: () => import('./pages/payment/MyOrdersPage.vue'),
    meta: { title: 'nav.myOrders', permission: 'payment:uc:manage' },
  },
  // The merchant area: one top tab whose pages are its sub-navigation. Onboarding and status for every user;
  // the merchant platform pages (orders, balance and settlements, withdrawal accounts, withdrawals, API keys and
  // documentation) for ACTIVE merchants, as `/merchant/<page>` with the same tab and the merchant role.
  {
    path: '/merchant',
    component: () => import('./pages/merchant/MerchantPage.vue'),
    meta: { title: 'nav.merchant', tab: 'tab.merchant', permission: 'payment:uc:manage' },
  },
  {
    path: '/merchant/overview',
    component: () => import('./pages/merchant/MerchantOverviewPage.vue'),
    meta: { title: 'nav.merchantOverview', tab: 'tab.merchant', permission: MERCHANT },
  },
  {
    path: '/merchant/orders',
    component: () => import('./pages/merchant/MerchantOrdersPage.vue'),
    meta: { title: 'nav.merchantOrders', tab: 'tab.merchant', permission: MERCHANT },
  },
  {
    path: '/merchant/settlements',
    component: () => import('./pages/merchant/MySettlementsPage.vue'),
    // Like the other platform pages (a user without the merchant role sees no merchant sub-navigation); the
    // operations behind it (getMyBalance, listMySettlements) also answer a SUSPENDED merchant.
    meta: { title: 'nav.mySettlements', tab: 'tab.merchant', permission: MERCHANT },
  },
  {
    path: '/merchant/withdrawal-accounts',
    component: () => import('./pages/merchant/withdrawals/WithdrawalAccountsPage.vue'),
    meta: { title: 'nav.withdrawalAccounts', tab: 'tab.merchant', permission: MERCHANT },
  },
  {
    path: '/merchant/withdrawals',
    component: () => import('./pages/merchant/withdrawals/WithdrawalsPage.vue'),
    meta: { title: 'nav.withdrawals', tab: 'tab.merchant', permission: MERCHANT },
  },
  {
    path: '/merchant/api-keys',
    component: () => import('./pages/merchant/ApiKeysPage.vue'),
    meta: { title: 'nav.apiKeys', tab: 'tab.merchant', permission: MERCHANT },
  },
  {
    path: '/merchant/api-docs',
    component: () => import('./pages/merchant/ApiDocsPage.vue'),
    meta: { title: 'nav.apiDocs', tab: 'tab.merchant', permission: MERCHANT },
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
