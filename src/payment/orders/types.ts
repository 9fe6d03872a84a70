import type { Resource } from '../../host/sdk/index.js';
import type { PaymentStatus, PaymentType } from '../channels/index.js';

export type { PaymentStatus };

/** Why an order FAILED (or the channel's own error code). */
export type FailureReason = 'CLOSED' | 'TIMEOUT' | 'CHANNEL_FAILED' | (string & {});

/** Spec of a PaymentInfo (extensions/payment-info.yaml); paymentAmount in integer minor units. */
export interface PaymentInfoSpec {
  orderId: string;
  paymentId: string;
  subject: string;
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
  status: PaymentStatus;
  failureReason?: string;
  channelTradeNo?: string;
  paidAt?: string;
  expiresAt?: string;
  settlementName?: string;
  reviewFlag?: string;
}

/** One entry of the status history, written with the status in the same compare-and-set write. */
export interface TransitionRecord {
  from: PaymentStatus;
  to: PaymentStatus;
  at: string;
  /** What moved it: CALLBACK, SYNC, CLOSE, TIMEOUT, ADMIN, INITIATE, PAGE_QUERY. */
  source: string;
  actor?: string;
  reason?: string;
}

export interface PaymentInfoStatus {
  lastSyncedAt?: string;
  transitions?: TransitionRecord[];
  [extra: string]: unknown;
}

export type PaymentInfo = Resource<PaymentInfoSpec, PaymentInfoStatus>;

/** A PaymentInfo as read from the store (spec and resourceVersion always present). */
export type StoredPayment = PaymentInfo & { spec: PaymentInfoSpec; metadata: PaymentInfo['metadata'] & { resourceVersion: string } };
