import type zh from '../zh-CN/plugin-auth.js';
import type { CatalogShape } from '@shared/i18n/catalog.js';

export default {
  pluginAuth: {},
} satisfies CatalogShape<typeof zh>;
