import { and, eq, inValues, isNull, type Condition } from '../../host/sdk/index.js';
import { SYSTEM_PLATFORM, type PaymentInfo } from '../orders/types.js';

/** Statuses whose money stays (partly) with the merchant: a partly refunded order settles what is left. */
export const SETTLEABLE_STATUSES = ['SUCCESS', 'PARTIALLY_REFUNDED'] as const;

/** Why an order cannot be settled now, or undefined when it can. */
export type Unsettleable = 'SYSTEM_ORDER' | 'NOT_PAID' | 'ALREADY_SETTLED' | 'REFUND_PENDING' | 'NOTHING_LEFT';

/** What the order adds to a settlement: what was paid minus what was refunded before it. */
export function settleableMinor(order: PaymentInfo): number {
  return order.spec.paymentAmount - (order.spec.refundedAmount ?? 0);
}

/**
 * An order settles when it is a merchant's (not the system platform's), paid and not fully refunded, not yet
 * in a settlement, and no refund of it is pending (its outcome would change the amount).
 */
export function whyUnsettleable(order: PaymentInfo): Unsettleable | undefined {
  const s = order.spec;
  if (s.platform === SYSTEM_PLATFORM) return 'SYSTEM_ORDER';
  if (!(SETTLEABLE_STATUSES as readonly string[]).includes(s.status)) return 'NOT_PAID';
  if (s.settlementName) return 'ALREADY_SETTLED';
  if ((s.refundPendingAmount ?? 0) > 0) return 'REFUND_PENDING';
  if (settleableMinor(order) <= 0) return 'NOTHING_LEFT';
  return undefined;
}

/** The store query for a merchant's candidates (index platform+status+settlementName); the rest is checked in code. */
export function candidatesOf(merchant: string): Condition {
  return and(eq('spec.platform', merchant), inValues('spec.status', [...SETTLEABLE_STATUSES]), isNull('spec.settlementName'))!;
}
