import type zh from '../zh-CN/merchant.js';
import type { CatalogShape } from '@shared/i18n/catalog.js';

export default {
  merchant: {
    field: {
      merchantName: 'Merchant name',
      username: 'User',
      contact: 'Contact',
      contactPerson: 'Contact person',
      contactPhone: 'Contact phone',
      contactEmail: 'Contact e-mail',
      businessType: 'Business type',
      description: 'What they sell',
      status: 'Status',
      createdAt: 'Onboarded',
    },
    list: {
      keyword: 'Keyword',
      keywordHint: 'Merchant name, user, contact, phone or e-mail',
      empty: 'No merchants match',
      review: 'Review',
    },
    move: {
      reviewTitle: 'Review merchant',
      title: { approve: 'Approve merchant', reject: 'Reject merchant', suspend: 'Disable merchant', activate: 'Enable merchant' },
      about: 'Merchant: {merchant} (user {user})',
      decision: 'Decision',
      action: { approve: 'Approve', reject: 'Reject', suspend: 'Disable', activate: 'Enable' },
      remark: 'Remark',
      remarkHint: 'The reason, told to the merchant',
      remarkOptional: 'Optional; told to the merchant',
      remarkRequired: 'Please enter a remark',
      notified: 'The merchant user gets a notification and an e-mail with this remark.',
      done: { approve: 'Merchant approved', reject: 'Application rejected', suspend: 'Merchant disabled', activate: 'Merchant enabled' },
    },
    details: {
      back: 'Back to the merchant list',
      edit: 'Edit profile',
      editTitle: 'Edit merchant profile',
    },
    fee: {
      title: 'Settlement fee rate',
      own: 'Own rate: {rate}% (wins over the default rate)',
      default: 'No own rate: the default rate {rate}% applies',
      rate: 'Own rate (%)',
      set: 'Save rate',
      clear: 'Clear own rate',
      invalid: 'Enter a percentage from 0 to 100 with at most two decimals',
    },
    history: {
      title: 'Status history',
      empty: 'Nothing recorded yet',
      at: 'Time',
      action: 'Action',
      change: 'Status change',
      by: 'By',
      remark: 'Remark',
    },
  },
} satisfies CatalogShape<typeof zh>;
