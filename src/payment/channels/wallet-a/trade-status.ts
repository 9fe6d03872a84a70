import type { PaymentStatus } from '../core/types.js';

/**
 * Alipay trade_status → our status; the one place vendor states are interpreted.
 * Paid means TRADE_SUCCESS (refundable) or TRADE_FINISHED (completed, no longer refundable).
 */
export function mapTradeStatus(tradeStatus: string | undefined): PaymentStatus {
  switch (tradeStatus) {
    case 'TRADE_SUCCESS':
    case 'TRADE_FINISHED':
      return 'SUCCESS';
    case 'WAIT_BUYER_PAY':
      return 'PAYING';
    case 'TRADE_CLOSED':
      return 'FAILED';
    default:
      return 'UNKNOWN';
  }
}
