import { defineKind, type ObjectOf } from '../../host/sdk/index.js';
import { RESOURCE_GROUP, RESOURCE_VERSION } from '../api/api-groups.js';
import type { OrderStatus } from '../orders/types.js';

export type DeliveryPhase = 'PENDING' | 'DELIVERED' | 'GAVE_UP';

/** What an event tells the business system: a status change of the order, or a refund that reached SUCCESS. */
export type NotifyEventType = 'payment.status_changed' | 'payment.refunded';

export interface NotifyDeliverySpec {
  eventId: string;
  paymentId: string;
  orderId: string;
  platform: string;
  eventStatus: OrderStatus;
  /** Absent on records written before refunds existed: those are status changes. */
  eventType?: NotifyEventType;
  /** payment.refunded: the refund (its PaymentRefund name), read fresh at each attempt. */
  refundNo?: string;
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

/** One notifyUrl delivery chain per order event (extensions/payment-notify-delivery.yaml), named by event id. */
export const PaymentNotifyDelivery = defineKind<NotifyDeliverySpec, NotifyDeliveryStatus>({
  group: RESOURCE_GROUP,
  version: RESOURCE_VERSION,
  kind: 'PaymentNotifyDelivery',
  plural: 'paymentnotifydeliveries',
});

/** A stored delivery record; records are always created with their status. */
export type NotifyDelivery = ObjectOf<typeof PaymentNotifyDelivery> & { status: NotifyDeliveryStatus };

/** A read record as a NotifyDelivery: records are created with their status (delivery-records.ts). */
export function withStatus(record: ObjectOf<typeof PaymentNotifyDelivery>): NotifyDelivery {
  if (!record.status) throw new Error(`notify delivery ${record.metadata.name} has no status`);
  return record as NotifyDelivery;
}

/** Headers of a delivery; the signature covers `timestamp + "." + raw body`. */
export const NOTIFY_HEADERS = {
  eventId: 'X-AuthPay-Event-Id',
  timestamp: 'X-AuthPay-Timestamp',
  signature: 'X-AuthPay-Signature',
  algorithm: 'X-AuthPay-Signature-Algorithm',
} as const;
