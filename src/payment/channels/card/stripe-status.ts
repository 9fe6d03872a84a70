import type { PaymentStatus, RefundResult } from '../core/types.js';

/** What a Checkout Session says about the payment: our status and the word logged as the vendor status. */
export interface SessionState {
  status: PaymentStatus;
  vendorStatus: string;
}

/**
 * A Checkout Session (with its PaymentIntent when expanded) as our status. `complete` with
 * `payment_status=unpaid` is a delayed payment method still settling — unless its PaymentIntent went back to
 * `requires_payment_method` or was canceled: then the payment failed (`async_payment_failed`). A session
 * that needed no payment is not what we create (the amount is positive): a person looks at it.
 */
export function sessionState(session: Record<string, unknown>): SessionState {
  const intent = session.payment_intent;
  const intentStatus = typeof intent === 'object' && intent !== null ? (intent as Record<string, unknown>).status : undefined;
  switch (`${String(session.status)}/${String(session.payment_status)}`) {
    case 'open/unpaid':
      return { status: 'PAYING', vendorStatus: 'OPEN' };
    case 'complete/paid':
      return { status: 'SUCCESS', vendorStatus: 'PAID' };
    case 'complete/unpaid':
      return intentStatus === 'requires_payment_method' || intentStatus === 'canceled'
        ? { status: 'FAILED', vendorStatus: 'PAYMENT_FAILED' }
        : { status: 'PAYING', vendorStatus: 'PROCESSING' };
    case 'expired/unpaid':
      return { status: 'FAILED', vendorStatus: 'EXPIRED' };
    default:
      return { status: 'UNKNOWN', vendorStatus: `${String(session.status)}/${String(session.payment_status)}`.toUpperCase() };
  }
}

/** A Refund's `status`: succeeded; failed or canceled; pending or requires_action (waiting on the payer's bank). */
export function refundStatus(status: unknown): RefundResult['status'] {
  switch (status) {
    case 'succeeded':
      return 'SUCCESS';
    case 'failed':
    case 'canceled':
      return 'FAILED';
    default:
      return 'PENDING';
  }
}
