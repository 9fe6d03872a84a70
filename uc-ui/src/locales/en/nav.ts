import type zh from '../zh-CN/nav.js';
import type { CatalogShape } from '@shared/i18n/catalog.js';

export default {
  app: { uc: 'AuthPay User Center', console: 'Admin console' },
  tab: { pluginAuth: 'Plugin licenses', merchant: 'Merchant', account: 'Account' },
  nav: {
    myAuthorizations: 'My authorizations',
    catalog: 'Plugin catalog',
    myOrders: 'My orders',
    mySettlements: 'Balance and settlements',
    merchant: 'Onboarding and status',
    merchantOverview: 'Overview',
    merchantOrders: 'Orders',
    withdrawalAccounts: 'Withdrawal accounts',
    withdrawals: 'Withdrawals',
    apiKeys: 'API keys',
    apiDocs: 'API documentation',
    notifications: 'Notifications',
    tokens: 'Access tokens',
    profile: 'Profile',
    signup: 'Sign up',
  },
} satisfies CatalogShape<typeof zh>;
