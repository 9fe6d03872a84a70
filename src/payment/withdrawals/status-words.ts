import type { Language } from '../../host/sdk/index.js';
import type { WithdrawalStatus } from './types.js';

/**
 * One word per withdrawal status in each language, wherever the server writes one (the merchant's
 * notification); the apps' `enum.withdrawalStatus` catalogs carry the same words (test/payment/orders/status-words.test.ts).
 */
export const WITHDRAWAL_STATUS_WORDS: Readonly<Record<Language, Readonly<Record<WithdrawalStatus, string>>>> = {
  'zh-CN': {
    PENDING_AUDIT: '待审核',
    APPROVED: '已通过',
    REJECTED: '已驳回',
    PROCESSING: '打款中',
    COMPLETED: '已打款',
    FAILED: '打款失败',
  },
  en: {
    PENDING_AUDIT: 'Awaiting review',
    APPROVED: 'Approved',
    REJECTED: 'Rejected',
    PROCESSING: 'Paying out',
    COMPLETED: 'Paid out',
    FAILED: 'Payout failed',
  },
};
