import { defineKind, type ObjectOf } from '../../host/sdk/index.js';
import { RESOURCE_GROUP, RESOURCE_VERSION } from '../api/api-groups.js';

/** PENDING until the provider settles it; SUCCESS and FAILED are final. */
export type RefundStatus = 'PENDING' | 'SUCCESS' | 'FAILED';

/** Which door a refund request came through (the merchant platform API will be the second). */
export type RefundSource = 'CONSOLE' | 'PLATFORM_API';

/** Spec of a PaymentRefund (extensions/payment-refund.yaml); amount in integer minor units. */
export interface PaymentRefundSpec {
  /** Our refund number (the resource name): the provider's merchant refund number and idempotency key. */
  refundNo: string;
  /** The caller's refund id, unique per order. */
  refundId: string;
  paymentId: string;
  orderId: string;
  platform: string;
  paymentType: string;
  paymentChannel: string;
  amount: number;
  currency: string;
  reason: string;
  actor?: string;
  source?: RefundSource;
  status: RefundStatus;
  channelRefundNo?: string;
  vendorStatus?: string;
  failureReason?: string;
  reviewFlag?: string;
  requestedAt: string;
  refundedAt?: string;
}

/** One entry of a refund's history. */
export interface RefundTransition {
  from?: RefundStatus;
  to: RefundStatus;
  at: string;
  /** REQUEST, PROVIDER_ANSWER, SYNC, CALLBACK, ADMIN. */
  source: string;
  actor?: string;
  reason?: string;
}

export interface PaymentRefundStatus {
  transitions?: RefundTransition[];
  lastQueriedAt?: string;
  lastError?: string;
}

/** A refund of a payment order (extensions/payment-refund.yaml); the resource name is the refund number. */
export const PaymentRefund = defineKind<PaymentRefundSpec, PaymentRefundStatus>({
  group: RESOURCE_GROUP,
  version: RESOURCE_VERSION,
  kind: 'PaymentRefund',
  plural: 'paymentrefunds',
});

export type PaymentRefund = ObjectOf<typeof PaymentRefund>;
