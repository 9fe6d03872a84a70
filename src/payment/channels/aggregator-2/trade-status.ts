import type { PaymentStatus } from '../core/types.js';

/**
 * xunhupay order status → ours; the one place its vendor states are interpreted.
 * OD (已支付) is paid, WP (未支付) waits for the payer, CD (已取消) is cancelled.
 */
export function mapXunhupayStatus(status: string | undefined): PaymentStatus {
  switch (status) {
    case 'OD':
      return 'SUCCESS';
    case 'WP':
      return 'PAYING';
    case 'CD':
      return 'FAILED';
    default:
      return 'UNKNOWN';
  }
}
