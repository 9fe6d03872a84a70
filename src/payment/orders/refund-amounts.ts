import { canMove, withTransition } from './state-machine.js';
import type { OrderStatus, PaymentInfo, PaymentInfoSpec } from './types.js';

/**
 * What refunds do to their order, in minor units: `refundPendingAmount` holds what PENDING refunds have
 * reserved, `refundedAmount` what SUCCESS refunds gave back. The refundable rest is what neither holds, so a
 * reservation written by compare-and-set can never let two refunds take the same money.
 */
export function refundableMinor(spec: PaymentInfoSpec): number {
  return spec.paymentAmount - (spec.refundedAmount ?? 0) - (spec.refundPendingAmount ?? 0);
}

/** An order can be refunded once paid and until everything went back. */
export function acceptsRefunds(status: OrderStatus): boolean {
  return status === 'SUCCESS' || status === 'PARTIALLY_REFUNDED';
}

/** The order with `amountMinor` more reserved (the caller checked it fits). */
export function withRefundReserved(order: PaymentInfo, amountMinor: number): PaymentInfo {
  const spec = { ...order.spec, refundPendingAmount: (order.spec.refundPendingAmount ?? 0) + amountMinor };
  return { ...order, spec };
}

/** How a refund's end changes its order. */
export interface RefundSettlement {
  amountMinor: number;
  outcome: 'SUCCESS' | 'FAILED';
  at: string;
  actor?: string;
  /** For the status history: which refund moved the order. */
  reason?: string;
}

/**
 * The order after one of its refunds ended: the reservation is released; a SUCCESS adds to the refunded
 * amount and moves the status to PARTIALLY_REFUNDED, or REFUNDED once everything went back (a history entry
 * when the status changes, source REFUND).
 */
export function withRefundSettled(order: PaymentInfo, settlement: RefundSettlement): PaymentInfo {
  const s = order.spec;
  const spec: PaymentInfoSpec = { ...s, refundPendingAmount: Math.max(0, (s.refundPendingAmount ?? 0) - settlement.amountMinor) };
  if (settlement.outcome === 'FAILED') return { ...order, spec };
  spec.refundedAmount = (s.refundedAmount ?? 0) + settlement.amountMinor;
  const to: OrderStatus = spec.refundedAmount >= s.paymentAmount ? 'REFUNDED' : 'PARTIALLY_REFUNDED';
  if (to === s.status) return { ...order, spec };
  if (!canMove(s.status, to)) throw new Error(`order ${s.paymentId} cannot move from ${s.status} to ${to}`);
  spec.status = to;
  const transitions = withTransition(order, {
    from: s.status,
    to,
    at: settlement.at,
    source: 'REFUND',
    actor: settlement.actor,
    reason: settlement.reason,
  });
  return { ...order, spec, status: { ...(order.status ?? {}), transitions } };
}
