import type { PaymentStatus, RefundResult } from '../core/types.js';

/**
 * PayPal order and capture statuses → ours; the one place PayPal's states are interpreted. An order is paid
 * only through a COMPLETED capture: a COMPLETED order whose capture is PENDING (an eCheck, a review) or
 * DECLINED has not paid. An APPROVED order waits for our capture; VOIDED is over.
 */
export function paymentStatusOf(orderStatus: string | undefined, captureStatus: string | undefined): PaymentStatus {
  switch (orderStatus) {
    case 'CREATED':
    case 'SAVED':
    case 'PAYER_ACTION_REQUIRED':
    case 'APPROVED':
      return 'PAYING';
    case 'VOIDED':
      return 'FAILED';
    case 'COMPLETED':
      return captureStatusOf(captureStatus);
    default:
      return 'UNKNOWN';
  }
}

/** A capture's status; refunded captures were paid (refund records track the refunds). */
export function captureStatusOf(captureStatus: string | undefined): PaymentStatus {
  switch (captureStatus) {
    case 'COMPLETED':
    case 'PARTIALLY_REFUNDED':
    case 'REFUNDED':
      return 'SUCCESS';
    case 'PENDING':
      return 'PAYING';
    case 'DECLINED':
    case 'FAILED':
      return 'FAILED';
    default:
      return 'UNKNOWN';
  }
}

/** A refund's status: PENDING until PayPal settles it (an unknown word keeps it pending, to be asked again). */
export function refundStatusOf(refundStatus: string | undefined): RefundResult['status'] {
  switch (refundStatus) {
    case 'COMPLETED':
      return 'SUCCESS';
    case 'FAILED':
    case 'CANCELLED':
      return 'FAILED';
    default:
      return 'PENDING';
  }
}
