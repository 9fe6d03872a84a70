import type zh from '../zh-CN/nav.js';
import type { CatalogShape } from '@shared/i18n/catalog.js';

export default {
  app: { console: 'AuthPay Console', uc: 'User center' },
  tab: { pluginAuth: 'Plugin licensing', payment: 'Payments', merchant: 'Merchants', system: 'System' },
  nav: {
    catalog: 'Plugin catalog',
    records: 'Authorizations',
    codes: 'Permanent codes',
    permanentUsers: 'Permanent users',
    notify: 'Bulk notification',
    pluginAuthSettings: 'Licensing settings',
    selfService: 'Self-service',
    overview: 'Overview',
    orders: 'Orders',
    testPayment: 'Test payment',
    paymentSettings: 'Payment settings',
    settlements: 'Settlements',
    merchantLedger: 'Merchant accounts',
    reconciliation: 'Reconciliation',
    merchants: 'Merchant list',
    merchantDetails: 'Merchant details',
    withdrawals: 'Withdrawals',
    merchantSettings: 'Merchant settings',
    users: 'Users',
    outbox: 'Notification outbox',
    jobs: 'Scheduled jobs',
    roles: 'Roles',
    hostSettings: 'System settings',
  },
} satisfies CatalogShape<typeof zh>;
