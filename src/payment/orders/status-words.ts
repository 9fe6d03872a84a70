import type { Language } from '../../host/sdk/index.js';
import type { OrderStatus } from './types.js';

/**
 * One word per order status in each language, wherever the server writes one (the payment page and its
 * script, the administrators' notification). The browser apps' `enum.paymentStatus` catalogs carry the same
 * words; test/payment/orders/status-words.test.ts holds them together. FAILED covers closed and timed-out
 * orders too, so its word says both; the payment page adds the reason beneath it.
 */
export const ORDER_STATUS_WORDS: Readonly<Record<Language, Readonly<Record<OrderStatus, string>>>> = {
  'zh-CN': {
    UNPAID: '待支付',
    PAYING: '支付中',
    SUCCESS: '支付成功',
    FAILED: '已关闭或失败',
    UNKNOWN: '结果待确认',
    PARTIALLY_REFUNDED: '已部分退款',
    REFUNDED: '已退款',
  },
  en: {
    UNPAID: 'Awaiting payment',
    PAYING: 'Paying',
    SUCCESS: 'Paid',
    FAILED: 'Closed or failed',
    UNKNOWN: 'Result pending',
    PARTIALLY_REFUNDED: 'Partly refunded',
    REFUNDED: 'Refunded',
  },
};
