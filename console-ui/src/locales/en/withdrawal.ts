import type zh from '../zh-CN/withdrawal.js';
import type { CatalogShape } from '@shared/i18n/catalog.js';

export default {
  withdrawal: {
    field: {
      merchant: 'Merchant',
      amount: 'Amount',
      account: 'Pay to',
      status: 'Status',
      remark: 'Application remark',
      appliedAt: 'Applied',
      appliedBetween: 'Applied between',
      from: 'From',
      to: 'To',
      rangeTo: 'to',
    },
    list: { empty: 'No withdrawal applications.' },
    move: {
      action: { approve: 'Approve', reject: 'Reject', markProcessing: 'Mark paying out', complete: 'Mark paid out', fail: 'Mark failed' },
      done: {
        approve: 'Approved',
        reject: 'Rejected; the frozen amount is released',
        markProcessing: 'Marked as paying out',
        complete: "Marked as paid out; the merchant's balance is reduced",
        fail: 'Marked as failed; the frozen amount is released',
      },
      remark: 'Remark',
      serial: 'Payout serial number',
      reason: 'Reason of the failure',
      reasonRequired: 'Enter the reason of the failure',
      serialRequired: 'Enter the payout serial number or a remark',
      notified: 'The merchant is told in the inbox and by e-mail.',
      batchAbout:
        'This moves the selected withdrawal if its state fits. | '
        + 'This moves the {count} selected withdrawals; those whose state does not fit are skipped.',
    },
    batch: { selected: '{count} selected', moved: '{count} moved; skipped:' },
    details: { title: 'Withdrawal details', log: 'State log', applied: 'Applied', collectionCode: 'View collection code' },
  },
} satisfies CatalogShape<typeof zh>;
