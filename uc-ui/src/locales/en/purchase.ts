import type zh from '../zh-CN/purchase.js';
import type { CatalogShape } from '@shared/i18n/catalog.js';

export default {
  purchase: {
    nav: { entitlements: 'My entitlements' },
    buy: 'Buy',
    owned: 'Owned',
    title: 'Buy · {plugin}',
    price: 'Price',
    channel: 'Payment method',
    noChannels: 'No payment method is available now. Try again later or contact the administrator.',
    note:
      'Once paid, you hold a permanent entitlement for this plugin: the domains you applied for and every one you apply for'
      + ' are authorized at once.',
    submit: 'Pay',
    loadingChannels: 'Loading payment methods…',
    freeCode: 'Get a free code',
    otherWays: 'Other ways to buy',
    contactAdmin: 'Contact the administrator: {email}',
    pendingHint: 'An administrator reviews pending applications; please wait.',
    limitHint: 'All domains of this plugin are used: delete one you no longer need, or contact the administrator.',
    entitlements: {
      plugin: 'Plugin',
      since: 'Since',
      source: 'Source',
      order: 'Payment number',
      none: 'No entitlements yet. Buy a paid plugin in the catalog, or activate one with a permanent code.',
      apply: 'Apply for a domain',
      catalog: 'Go to the catalog',
      note: 'For a plugin you hold an entitlement of, every domain you apply for is authorized permanently at once.',
    },
    sources: { PURCHASE: 'Purchase', CODE: 'Permanent code', MANUAL: 'Granted by an administrator' },
  },
} satisfies CatalogShape<typeof zh>;
