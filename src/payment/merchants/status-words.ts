import type { Language } from '../../host/sdk/index.js';
import type { MerchantStatus } from './types.js';

/**
 * One word per merchant status in each language, wherever the server writes one (the merchant user's
 * notification); the apps' `enum.merchantStatus` catalogs carry the same words (test/payment/orders/status-words.test.ts).
 */
export const MERCHANT_STATUS_WORDS: Readonly<Record<Language, Readonly<Record<MerchantStatus, string>>>> = {
  'zh-CN': { PENDING: '待审核', ACTIVE: '正常', REJECTED: '已拒绝', SUSPENDED: '已停用' },
  en: { PENDING: 'Pending review', ACTIVE: 'Active', REJECTED: 'Rejected', SUSPENDED: 'Suspended' },
};
