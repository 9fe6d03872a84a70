import type { RouteDef } from '@shared/router.js';
import CatalogPage from './pages/plugin-auth/CatalogPage.vue';
import RecordsPage from './pages/plugin-auth/RecordsPage.vue';
import CodesPage from './pages/plugin-auth/CodesPage.vue';
import PermanentUsersPage from './pages/plugin-auth/PermanentUsersPage.vue';
import NotifyPage from './pages/plugin-auth/NotifyPage.vue';
import PluginAuthSettingsPage from './pages/plugin-auth/SettingsPage.vue';
import OverviewPage from './pages/payment/OverviewPage.vue';
import OrdersPage from './pages/payment/OrdersPage.vue';
import TestPaymentPage from './pages/payment/TestPaymentPage.vue';
import PaymentSettingsPage from './pages/payment/SettingsPage.vue';
import UsersPage from './pages/system/UsersPage.vue';
import OutboxPage from './pages/system/OutboxPage.vue';
import JobRunsPage from './pages/system/JobRunsPage.vue';

const VIEW = 'plugin:plugin-auth:view';
const PAY = 'payment:console:manage';
const ADMIN = '*';

/** The console's pages; the first one the caller may see is the landing page. */
export const ROUTES: RouteDef[] = [
  { path: '/plugin-auth/catalog', label: 'nav.catalog', component: CatalogPage, permission: VIEW, group: 'plugin-auth' },
  { path: '/plugin-auth/records', label: 'nav.records', component: RecordsPage, permission: VIEW, group: 'plugin-auth' },
  { path: '/plugin-auth/codes', label: 'nav.codes', component: CodesPage, permission: VIEW, group: 'plugin-auth' },
  {
    path: '/plugin-auth/permanent-users',
    label: 'nav.permanentUsers',
    component: PermanentUsersPage,
    permission: VIEW,
    group: 'plugin-auth',
  },
  {
    path: '/plugin-auth/notify',
    label: 'nav.notify',
    component: NotifyPage,
    permission: 'plugin:plugin-auth:manage',
    group: 'plugin-auth',
  },
  {
    path: '/plugin-auth/settings',
    label: 'nav.pluginAuthSettings',
    component: PluginAuthSettingsPage,
    permission: VIEW,
    group: 'plugin-auth',
  },
  { path: '/payment/overview', label: 'nav.overview', component: OverviewPage, permission: PAY, group: 'payment' },
  { path: '/payment/orders', label: 'nav.orders', component: OrdersPage, permission: PAY, group: 'payment' },
  { path: '/payment/test', label: 'nav.testPayment', component: TestPaymentPage, permission: PAY, group: 'payment' },
  { path: '/payment/settings', label: 'nav.paymentSettings', component: PaymentSettingsPage, permission: PAY, group: 'payment' },
  { path: '/system/users', label: 'nav.users', component: UsersPage, permission: ADMIN, group: 'system' },
  { path: '/system/outbox', label: 'nav.outbox', component: OutboxPage, permission: ADMIN, group: 'system' },
  { path: '/system/jobs', label: 'nav.jobs', component: JobRunsPage, permission: ADMIN, group: 'system' },
];
