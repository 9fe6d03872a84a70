import type zh from '../zh-CN/merchant-money.js';
import type { CatalogShape } from '@shared/i18n/catalog.js';

export default {
  merchantMoney: {
    balance: {
      title: 'Account balance',
      balance: 'Balance',
      frozen: 'Frozen',
      withdrawable: 'Withdrawable',
      currency: 'Currency',
      noMerchant: 'You are not a merchant yet; once your application is approved, your balance and settlements show here.',
    },
    settlements: {
      title: 'Settlements',
      filterStatus: 'Any status',
      tableLabel: 'My settlements',
      empty: 'No settlements yet',
      name: 'Settlement number',
      orders: 'Orders',
      total: 'Order amount',
      fee: 'Fee',
      net: 'Settled amount',
      status: 'Status',
      createdAt: 'Created',
      decidedAt: 'Decided',
      remark: 'Remark',
    },
  },
} satisfies CatalogShape<typeof zh>;
