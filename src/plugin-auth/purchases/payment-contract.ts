import { defineKind, type Language, type ObjectOf } from '../../host/sdk/index.js';

/**
 * The payment service's public resource contract, as plugin authorization uses it: kinds named by group and
 * kind (data the host's client reads and writes), never an import of the payment service's code. Only the
 * fields used here are typed; the CRDs in extensions/ are the contract (docs/checkout.md).
 */
const PAYMENT_GROUP = 'payment.authpay.dev';
const PAYMENT_VERSION = 'v1alpha1';

/** An order's title in each language: every reader sees theirs, the channel gets `subject` (the buyer's). */
export type OrderSubjects = Readonly<Record<Language, string>>;

/** What a checkout asks the payment service for: a system order of `username` (orderId = the request's name). */
export interface CheckoutRequestSpec {
  username: string;
  /** In the buyer's language; the order's `subject`. */
  subject: string;
  /** The title in each language (the order's `subjects`). */
  subjects?: OrderSubjects;
  body?: string;
  amount: string;
  currency: string;
  paymentType: string;
  paymentChannel: string;
  returnUrl?: string;
  requestedBy: string;
  orderLabels?: Record<string, string>;
  orderAnnotations?: Record<string, string>;
  clientIp?: string;
  userAgent?: string;
}

/** The payment service's answer: the order (CREATED), or why there is none (FAILED, with both languages). */
export interface CheckoutRequestStatus {
  phase?: 'PENDING' | 'CREATED' | 'FAILED';
  paymentId?: string;
  payUrl?: string;
  processedAt?: string;
  error?: {
    code: string;
    status: number;
    message: string;
    messageEn: string;
    details?: Array<{ field?: string; message: string; messageEn?: string }>;
  };
}

export const CheckoutRequest = defineKind<CheckoutRequestSpec, CheckoutRequestStatus>({
  group: PAYMENT_GROUP,
  version: PAYMENT_VERSION,
  kind: 'CheckoutRequest',
  plural: 'checkoutrequests',
});
export type CheckoutRequest = ObjectOf<typeof CheckoutRequest>;

/** A payment order's statuses (extensions/payment-info.yaml). */
export type OrderStatus = 'UNPAID' | 'PAYING' | 'SUCCESS' | 'FAILED' | 'UNKNOWN' | 'PARTIALLY_REFUNDED' | 'REFUNDED';

/** The fields of a payment order a purchase reads; amounts in minor units. */
export interface PaymentOrderSpec {
  orderId: string;
  paymentId: string;
  subject: string;
  subjects?: OrderSubjects;
  paymentAmount: number;
  currency: string;
  paymentType: string;
  paymentChannel: string;
  platform: string;
  username?: string;
  status: OrderStatus;
  paidAt?: string;
  expiresAt?: string;
  refundedAmount?: number;
}

/** The payment order kind (`PaymentInfo`), read by plugin authorization as data. */
export const PaymentOrder = defineKind<PaymentOrderSpec>({
  group: PAYMENT_GROUP,
  version: PAYMENT_VERSION,
  kind: 'PaymentInfo',
  plural: 'paymentinfos',
});
export type PaymentOrder = ObjectOf<typeof PaymentOrder>;

/** The platform of the site's own orders: a purchase is always one. */
export const SYSTEM_PLATFORM = 'system';

/** Amount in minor units as decimal text ("9900" → "99.00"); purchases are asked for in CNY (two digits). */
export function amountText(minor: number): string {
  return `${Math.trunc(minor / 100)}.${String(minor % 100).padStart(2, '0')}`;
}
