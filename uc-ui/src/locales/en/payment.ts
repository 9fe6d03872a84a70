import type zh from '../zh-CN/payment.js';
import type { CatalogShape } from '@shared/i18n/catalog.js';

export default {
  payment: {
    orders: {
      orderId: 'Order number',
      subject: 'Item',
      amount: 'Amount',
      type: 'Payment method',
      status: 'Status',
      createdAt: 'Created',
      createdRange: 'Created between',
      from: 'From',
      to: 'To',
      rangeTo: 'to',
      refunded: 'Refunded {amount}',
      paidAt: 'Paid {time}',
      continue: 'Continue paying',
      close: 'Close order',
      confirmClose: 'Close order {orderId}? It can no longer be paid.',
      closed: 'Order closed',
      confirmDelete: 'Delete order {orderId}? This cannot be undone.',
      none: 'No orders.',
      popupBlocked: 'The browser blocked a new window, so the payment page opened here.',
    },
  },
} satisfies CatalogShape<typeof zh>;
