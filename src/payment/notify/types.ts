import type { Resource } from '../../host/sdk/index.js';
import type { PaymentStatus } from '../orders/types.js';

export type DeliveryPhase = 'PENDING' | 'DELIVERED' | 'GAVE_UP';

export interface NotifyDeliverySpec {
  eventId: string;
  paymentId: string;
  orderId: string;
  platform: string;
  eventStatus: PaymentStatus;
  notifyUrl: string;
  occurredAt: string;
}

export interface NotifyDeliveryStatus {
  phase: DeliveryPhase;
  delivered: boolean;
  attempts: number;
  nextAttemptAt?: string;
  lastAttemptAt?: string;
  lastStatusCode?: number;
  lastError?: string;
  deliveredAt?: string;
  manualResends?: number;
}

/** One notifyUrl delivery chain per order event (extensions/payment-notify-delivery.yaml). */
export type NotifyDelivery = Resource<NotifyDeliverySpec, NotifyDeliveryStatus> & { spec: NotifyDeliverySpec; status: NotifyDeliveryStatus };

/** Headers of a delivery; the signature covers `timestamp + "." + raw body`. */
export const NOTIFY_HEADERS = {
  eventId: 'X-AuthPay-Event-Id',
  timestamp: 'X-AuthPay-Timestamp',
  signature: 'X-AuthPay-Signature',
  algorithm: 'X-AuthPay-Signature-Algorithm',
} as const;
