import { formatMinor } from '../money/index.js';
import type { PaymentRefund, RefundTransition } from './types.js';

/** A refund as the API shows it: the exact decimal amount and the minor units, its history. */
export interface RefundView {
  refundNo: string;
  refundId: string;
  paymentId: string;
  orderId: string;
  platform: string;
  paymentType: string;
  /** Decimal string with all fraction digits ("12.30"). */
  amount: string;
  amountMinor: number;
  currency: string;
  reason: string;
  actor?: string;
  source?: string;
  status: string;
  channelRefundNo?: string;
  vendorStatus?: string;
  failureReason?: string;
  reviewFlag?: string;
  requestedAt: string;
  refundedAt?: string;
  lastQueriedAt?: string;
  lastError?: string;
  transitions: RefundTransition[];
}

export function toRefundView(refund: PaymentRefund): RefundView {
  const s = refund.spec;
  return {
    refundNo: s.refundNo,
    refundId: s.refundId,
    paymentId: s.paymentId,
    orderId: s.orderId,
    platform: s.platform,
    paymentType: s.paymentType,
    amount: formatMinor(s.amount, s.currency),
    amountMinor: s.amount,
    currency: s.currency,
    reason: s.reason,
    actor: s.actor,
    source: s.source,
    status: s.status,
    channelRefundNo: s.channelRefundNo,
    vendorStatus: s.vendorStatus,
    failureReason: s.failureReason,
    reviewFlag: s.reviewFlag,
    requestedAt: s.requestedAt,
    refundedAt: s.refundedAt,
    lastQueriedAt: refund.status?.lastQueriedAt,
    lastError: refund.status?.lastError,
    transitions: refund.status?.transitions ?? [],
  };
}

/** JSON Schema of RefundView for the OpenAPI document. */
export const REFUND_VIEW_SCHEMA = {
  type: 'object',
  properties: {
    refundNo: { type: 'string', description: 'our refund number, sent to the provider (out_refund_no, out_request_no)' },
    refundId: { type: 'string', description: "the caller's refund id (idempotency key, unique per order)" },
    paymentId: { type: 'string' },
    orderId: { type: 'string' },
    platform: { type: 'string' },
    paymentType: { type: 'string' },
    amount: { type: 'string', description: 'decimal amount, e.g. "12.30"' },
    amountMinor: { type: 'integer' },
    currency: { type: 'string' },
    reason: { type: 'string' },
    actor: { type: 'string' },
    source: { type: 'string', enum: ['CONSOLE', 'PLATFORM_API'] },
    status: { type: 'string', enum: ['PENDING', 'SUCCESS', 'FAILED'] },
    channelRefundNo: { type: 'string' },
    vendorStatus: { type: 'string' },
    failureReason: { type: 'string' },
    reviewFlag: { type: 'string' },
    requestedAt: { type: 'string' },
    refundedAt: { type: 'string' },
    lastQueriedAt: { type: 'string' },
    lastError: { type: 'string' },
    transitions: { type: 'array', items: { type: 'object' } },
  },
};
