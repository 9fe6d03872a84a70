import { defineKind, type ObjectOf } from '../../host/sdk/index.js';
import { RESOURCE_GROUP, RESOURCE_VERSION } from '../api/api-groups.js';
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
