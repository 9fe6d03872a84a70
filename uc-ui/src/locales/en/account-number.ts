import type zh from '../zh-CN/account-number.js';
import type { CatalogShape } from '@shared/i18n/catalog.js';

export default {
  accountNumber: {
    masked: 'ending {last4}',
    keep: 'ending {last4} (leave empty to keep it)',
  },
} satisfies CatalogShape<typeof zh>;
