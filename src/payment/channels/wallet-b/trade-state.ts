import type { PaymentStatus } from '../core/types.js';

/**
 * WeChat Pay trade_state → our status; the one place vendor states are interpreted. REFUND means the trade
 * was paid and a refund has started (the payment itself succeeded); ACCEPT is "received, deduction pending".
 */
export function mapTradeState(tradeState: string | undefined): PaymentStatus {
  switch (tradeState) {
    case 'SUCCESS':
    case 'REFUND':
      return 'SUCCESS';
    case 'NOTPAY':
    case 'USERPAYING':
    case 'ACCEPT':
      return 'PAYING';
    case 'CLOSED':
    case 'REVOKED':
    case 'PAYERROR':
      return 'FAILED';
    default:
      return 'UNKNOWN';
  }
}
