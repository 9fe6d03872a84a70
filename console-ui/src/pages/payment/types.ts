/** What the payment operations answer, as the pages read it (operations without a response schema answer `unknown`). */
import type { ApiData, ApiItem } from '@shared/api/client.js';
import type { SettingForm } from '@shared/settings/schema.js';

/** An order as listed (listPayments is typed from its response schema). */
export type Order = ApiItem<'listPayments'>;

export interface Transition {
  from: string;
  to: string;
  at: string;
  source?: string;
  actor?: string;
  reason?: string;
}

export interface Delivery {
  name: string;
  eventId?: string;
  eventStatus?: string;
  notifyUrl?: string;
  phase?: string;
  delivered?: boolean;
  attempts?: number;
  nextAttemptAt?: string;
  lastAttemptAt?: string;
  lastStatusCode?: number;
  lastError?: string;
  manualResends?: number;
}

export interface CallbackLog {
  eventId?: string;
  paymentType?: string;
  reportedStatus?: string;
  vendorStatus?: string;
  outcome?: string;
  reason?: string;
  transition?: string;
  receivedAt?: string;
  receivedCount?: number;
}

/** A refund as refundPayment, listPaymentRefunds and getPayment answer it. */
export type Refund = ApiData<'refundPayment'>;

/** getPayment: the order with its history, refunds (the 20 newest), deliveries and callbacks. */
export interface OrderDetails extends Order {
  transitions?: Transition[];
  refunds?: Refund[];
  notifyDeliveries?: Delivery[];
  callbacks?: CallbackLog[];
}

/** listPaymentChannels. */
export interface ChannelOption {
  key: string;
  paymentType: string;
  paymentChannel: string;
  available: boolean;
}

export interface ServiceReadiness {
  paymentType: string;
  enabled: boolean;
  ready: boolean;
  problems: { field: string; reason: string }[];
}

/** getPaymentSettings / updatePaymentSettings: the flat values plus what the page shows beside them. */
export type SettingsView = Record<string, unknown> & {
  availableChannels?: string[];
  services?: ServiceReadiness[];
  forms?: SettingForm[];
  interfacePublicKey?: string;
};
