import type { RouteRecordRaw } from 'vue-router';

/**
 * The console's pages, in navigation order; the first one the caller may see is the landing page. `meta`:
 * `title` and `tab` are catalog keys (locales/<lang>/nav.ts), `permission` the UI permission a caller needs.
 * Pages load on first visit. Pages still being ported show PendingPage.
 */
const VIEW = 'plugin:plugin-auth:view';
const MANAGE = 'plugin:plugin-auth:manage';
const PAY = 'payment:console:manage';
const ADMIN = '*';
const pending = () => import('@shared/components/PendingPage.vue');

export const ROUTES: RouteRecordRaw[] = [
  { path: '/plugin-auth/catalog', component: pending, meta: { title: 'nav.catalog', tab: 'tab.pluginAuth', permission: VIEW } },
  { path: '/plugin-auth/records', component: pending, meta: { title: 'nav.records', tab: 'tab.pluginAuth', permission: VIEW } },
  { path: '/plugin-auth/codes', component: pending, meta: { title: 'nav.codes', tab: 'tab.pluginAuth', permission: VIEW } },
  {
    path: '/plugin-auth/permanent-users',
    component: pending,
    meta: { title: 'nav.permanentUsers', tab: 'tab.pluginAuth', permission: VIEW },
  },
  { path: '/plugin-auth/notify', component: pending, meta: { title: 'nav.notify', tab: 'tab.pluginAuth', permission: MANAGE } },
  { path: '/plugin-auth/settings', component: pending, meta: { title: 'nav.pluginAuthSettings', tab: 'tab.pluginAuth', permission: VIEW } },
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
  { path: '/system/users', component: pending, meta: { title: 'nav.users', tab: 'tab.system', permission: ADMIN } },
  { path: '/system/outbox', component: pending, meta: { title: 'nav.outbox', tab: 'tab.system', permission: ADMIN } },
  { path: '/system/jobs', component: pending, meta: { title: 'nav.jobs', tab: 'tab.system', permission: ADMIN } },
];
