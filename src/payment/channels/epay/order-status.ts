import type { PaymentStatus } from '../core/types.js';

/**
 * The `status` of an epay order (query answers) → our status; the one place it is interpreted.
 * 0 unpaid (the trade exists, the payer has not paid), 1 paid, 2 refunded, 3 frozen, 4 pre-authorised.
 * Refunded, frozen and pre-authorised money is neither plainly paid nor plainly failed: a person decides.
 */
export function mapOrderStatus(status: unknown): PaymentStatus {
  switch (String(status ?? '')) {
    case '1':
      return 'SUCCESS';
    case '0':
      return 'PAYING';
    default:
      return 'UNKNOWN';
  }
}

/** The only `trade_status` epay notifies; anything else is acknowledged and ignored. */
export const PAID_TRADE_STATUS = 'TRADE_SUCCESS';
