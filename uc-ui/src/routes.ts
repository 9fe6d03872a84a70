import type { RouteDef } from '@shared/router.js';
import MyAuthorizationsPage from './pages/plugin-auth/MyAuthorizationsPage.vue';
import CatalogPage from './pages/plugin-auth/CatalogPage.vue';
import MyOrdersPage from './pages/payment/MyOrdersPage.vue';
import NotificationsPage from './pages/account/NotificationsPage.vue';
import TokensPage from './pages/account/TokensPage.vue';
import ProfilePage from './pages/account/ProfilePage.vue';
import SignUpPage from './pages/account/SignUpPage.vue';

/** The user center's pages; `/plugin-auth` is linked from the authorization e-mails. */
export const ROUTES: RouteDef[] = [
  {
    path: '/plugin-auth',
    label: 'nav.myAuthorizations',
    component: MyAuthorizationsPage,
    permission: 'plugin:plugin-auth-user:view',
    group: 'plugin-auth',
  },
  {
    path: '/plugin-auth/catalog',
    label: 'nav.catalog',
    component: CatalogPage,
    permission: 'plugin:plugin-auth-user:view',
    group: 'plugin-auth',
  },
  { path: '/payment', label: 'nav.myOrders', component: MyOrdersPage, permission: 'payment:uc:manage' },
  {
    path: '/notifications',
    label: 'nav.notifications',
    component: NotificationsPage,
    permission: 'uc:notifications:view',
    group: 'account',
  },
  { path: '/tokens', label: 'nav.tokens', component: TokensPage, permission: 'uc:tokens:manage', group: 'account' },
  { path: '/profile', label: 'nav.profile', component: ProfilePage, permission: 'uc:profile:manage', group: 'account' },
  { path: '/signup', label: 'nav.signup', component: SignUpPage, public: true },
];
