import { defineKind, type ObjectOf } from '../../host/sdk/index.js';
import { RESOURCE_GROUP, RESOURCE_VERSION } from '../api/api-groups.js';
import type { PaymentStatus, PaymentType } from '../channels/index.js';
import type { OrderSubjects } from './order-subject.js';

export type { PaymentStatus };

/**
 * An order's status: the channel's payment statuses, and after SUCCESS the refund statuses, which only the
 * refunds family reaches (a SUCCESS refund moves SUCCESS → PARTIALLY_REFUNDED → REFUNDED).
 */
export type OrderStatus = PaymentStatus | 'PARTIALLY_REFUNDED' | 'REFUNDED';

/** Statuses of an order whose money arrived (refunds keep it paid: the payment happened). */
export const PAID_STATUSES: readonly OrderStatus[] = ['SUCCESS', 'PARTIALLY_REFUNDED', 'REFUNDED'];

export function isPaid(status: OrderStatus): boolean {
  return PAID_STATUSES.includes(status);
}

/** Why an order FAILED (or the channel's own error code). */
export type FailureReason = 'CLOSED' | 'TIMEOUT' | 'CHANNEL_FAILED' | (string & {});

/** Spec of a PaymentInfo (extensions/payment-info.yaml); paymentAmount in integer minor units. */
export interface PaymentInfoSpec {
  orderId: string;
  paymentId: string;
  /** The title the channel gets: the payer's language on orders that have `subjects`. */
  subject: string;
  /** The title in each language, on orders the service composes (order-subject.ts); absent on merchants' orders. */
  subjects?: OrderSubjects;
  body?: string;
  paymentAmount: number;
  currency: string;
  paymentType: PaymentType;
  paymentChannel: string;
  notifyUrl?: string;
  returnUrl?: string;
  platform: string;
  username?: string;
  qrCode?: string;
  payUrl?: string;
  additionalData?: Record<string, unknown>;
  status: OrderStatus;
  failureReason?: string;
  channelTradeNo?: string;
  paidAt?: string;
  expiresAt?: string;
  settlementName?: string;
  reviewFlag?: string;
  /** Minor units refunded (refunds that reached SUCCESS); absent = 0. */
  refundedAmount?: number;
  /** Minor units reserved by PENDING refunds; absent = 0. paymentAmount − refunded − pending is refundable. */
  refundPendingAmount?: number;
}

/** One entry of the status history, written with the status in the same compare-and-set write. */
export interface TransitionRecord {
  from: OrderStatus;
  to: OrderStatus;
  at: string;
  /** What moved it: CALLBACK, SYNC, CLOSE, TIMEOUT, ADMIN, INITIATE, PAGE_QUERY, USER, REFUND. */
  source: string;
  actor?: string;
  reason?: string;
}

export interface PaymentInfoStatus {
  lastSyncedAt?: string;
  transitions?: TransitionRecord[];
  [extra: string]: unknown;
}

/** A payment order (extensions/payment-info.yaml); the resource name is the paymentId. */
export const PaymentInfo = defineKind<PaymentInfoSpec, PaymentInfoStatus>({
  group: RESOURCE_GROUP,
  version: RESOURCE_VERSION,
  kind: 'PaymentInfo',
  plural: 'paymentinfos',
});

/** A PaymentInfo as read from the store (spec and resourceVersion always present). */
export type PaymentInfo = ObjectOf<typeof PaymentInfo>;

/** The platform of the site's own orders (merchant orders carry the merchant's user name instead). */
export const SYSTEM_PLATFORM = 'system';
