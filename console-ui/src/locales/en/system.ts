import type zh from '../zh-CN/system.js';
import type { CatalogShape } from '@shared/i18n/catalog.js';

export default {
  system: {},
} satisfies CatalogShape<typeof zh>;
