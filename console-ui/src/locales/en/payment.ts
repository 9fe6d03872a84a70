import type zh from '../zh-CN/payment.js';
import type { CatalogShape } from '@shared/i18n/catalog.js';

export default {
  payment: {},
} satisfies CatalogShape<typeof zh>;
