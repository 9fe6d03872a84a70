import type { RefundResult } from '../core/types.js';

/**
 * WeChat Pay refund `status` (answer, query) and `refund_status` (notification) → ours; the one place they are
 * read. PROCESSING is still on its way. ABNORMAL (the payer's card or account cannot take the money) is not
 * over either: the merchant re-routes it in the WeChat Pay console, after which WeChat Pay reports SUCCESS, so
 * it stays PENDING (vendorStatus ABNORMAL, visible in the console) rather than releasing the amount.
 */
export function mapRefundStatus(status: unknown): RefundResult['status'] {
  switch (status) {
    case 'SUCCESS':
      return 'SUCCESS';
    case 'CLOSED':
      return 'FAILED';
    default:
      return 'PENDING';
  }
}
