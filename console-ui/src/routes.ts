import type { RouteRecordRaw } from 'vue-router';

/**
 * The console's pages, in navigation order; the first one the caller may see is the landing page. `meta`:
 * `title` and `tab` are catalog keys (locales/<lang>/nav.ts), `permission` the UI permission a caller needs.
 * Pages load on first visit.
 */
const VIEW = 'plugin:plugin-auth:view';
const MANAGE = 'plugin:plugin-auth:manage';
const SELF_SERVICE = 'plugin:plugin-auth-user:view';
const PAY = 'payment:console:manage';
const ADMIN = '*';

export const ROUTES: RouteRecordRaw[] = [
  {
    path: '/plugin-auth/catalog',
    component: () => import('./pages/plugin-auth/catalog/CatalogPage.vue'),
    meta: { title: 'nav.catalog', tab: 'tab.pluginAuth', permission: VIEW },
  },
  {
    path: '/plugin-auth/records',
    component: () => import('./pages/plugin-auth/records/RecordsPage.vue'),
    meta: { title: 'nav.records', tab: 'tab.pluginAuth', permission: VIEW },
  },
  {
    path: '/plugin-auth/codes',
    component: () => import('./pages/plugin-auth/codes/CodesPage.vue'),
    meta: { title: 'nav.codes', tab: 'tab.pluginAuth', permission: VIEW },
  },
  {
    path: '/plugin-auth/permanent-users',
    component: () => import('./pages/plugin-auth/permanent-users/PermanentUsersPage.vue'),
    meta: { title: 'nav.permanentUsers', tab: 'tab.pluginAuth', permission: VIEW },
  },
  {
    path: '/plugin-auth/notify',
    component: () => import('./pages/plugin-auth/notify/NotifyPage.vue'),
    meta: { title: 'nav.notify', tab: 'tab.pluginAuth', permission: MANAGE },
  },
  {
    path: '/plugin-auth/settings',
    component: () => import('./pages/plugin-auth/settings/SettingsPage.vue'),
    meta: { title: 'nav.pluginAuthSettings', tab: 'tab.pluginAuth', permission: VIEW },
  },
  // The self-service tool page (spec: console tool page for self-service authorization): every signed-in user.
  {
    path: '/plugin-auth/self-service',
    component: () => import('./pages/plugin-auth/self-service/SelfServicePage.vue'),
    meta: { title: 'nav.selfService', tab: 'tab.pluginAuth', permission: SELF_SERVICE },
  },
  {
    path: '/payment/overview',
    component: () => import('./pages/payment/OverviewPage.vue'),
    meta: { title: 'nav.overview', tab: 'tab.payment', permission: PAY },
  },
  {
    path: '/payment/orders',
    component: () => import('./pages/payment/OrdersPage.vue'),
    meta: { title: 'nav.orders', tab: 'tab.payment', permission: PAY },
  },
  {
    path: '/payment/test',
    component: () => import('./pages/payment/TestPaymentPage.vue'),
    meta: { title: 'nav.testPayment', tab: 'tab.payment', permission: PAY },
  },
  {
    path: '/payment/settings',
    component: () => import('./pages/payment/SettingsPage.vue'),
    meta: { title: 'nav.paymentSettings', tab: 'tab.payment', permission: PAY },
  },
  // Merchant management: one top tab. Further pages (settlement, withdrawals) join as sub-pages of it.
  {
    path: '/merchants',
    component: () => import('./pages/merchants/MerchantsPage.vue'),
    meta: { title: 'nav.merchants', tab: 'tab.merchant', permission: PAY },
  },
  {
    path: '/merchants/:name',
    component: () => import('./pages/merchants/MerchantDetailsPage.vue'),
    meta: { title: 'nav.merchantDetails', tab: 'tab.merchant', permission: PAY, hidden: true },
  },
  {
    path: '/withdrawals',
    component: () => import('./pages/withdrawals/WithdrawalsPage.vue'),
    meta: { title: 'nav.withdrawals', tab: 'tab.merchant', permission: PAY },
  },
  {
    path: '/merchant-settings',
    component: () => import('./pages/merchants/MerchantSettingsPage.vue'),
    meta: { title: 'nav.merchantSettings', tab: 'tab.merchant', permission: PAY },
  },
  {
    path: '/payment/settlements',
    component: () => import('./pages/payment/settlement/SettlementsPage.vue'),
    meta: { title: 'nav.settlements', tab: 'tab.merchant', permission: PAY },
  },
  {
    path: '/payment/merchant-ledger',
    component: () => import('./pages/payment/settlement/MerchantLedgerPage.vue'),
    meta: { title: 'nav.merchantLedger', tab: 'tab.merchant', permission: PAY, hidden: true },
  },
  {
    path: '/payment/reconciliation',
    component: () => import('./pages/payment/settlement/ReconciliationPage.vue'),
    meta: { title: 'nav.reconciliation', tab: 'tab.merchant', permission: PAY },
  },
  {
    path: '/system/users',
    component: () => import('./pages/system/UsersPage.vue'),
    meta: { title: 'nav.users', tab: 'tab.system', permission: ADMIN },
  },
  {
    path: '/system/roles',
    component: () => import('./pages/system/RolesPage.vue'),
    meta: { title: 'nav.roles', tab: 'tab.system', permission: ADMIN },
  },
  {
    path: '/system/settings',
    component: () => import('./pages/system/HostSettingsPage.vue'),
    meta: { title: 'nav.hostSettings', tab: 'tab.system', permission: ADMIN },
  },
  {
    path: '/system/outbox',
    component: () => import('./pages/system/OutboxPage.vue'),
    meta: { title: 'nav.outbox', tab: 'tab.system', permission: ADMIN },
  },
  {
    path: '/system/jobs',
    component: () => import('./pages/system/JobsPage.vue'),
    meta: { title: 'nav.jobs', tab: 'tab.system', permission: ADMIN },
  },
];
