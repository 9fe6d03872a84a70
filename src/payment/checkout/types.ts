import { defineKind, type ObjectOf } from '../../host/sdk/index.js';
import { RESOURCE_GROUP, RESOURCE_VERSION } from '../api/api-groups.js';
import type { OrderSubjects } from '../orders/order-subject.js';

/** What another service asks for (extensions/checkout-request.yaml): a system order for a signed-in user. */
export interface CheckoutRequestSpec {
  username: string;
  /** In the buyer's language; the order's `subject`. */
  subject: string;
  /** The title in each language (the order's `subjects`). */
  subjects?: OrderSubjects;
  body?: string;
  /** Decimal amount in the currency's units ("99.00"). */
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

/** An error as the requester shows it: the code and both languages, as the envelope would have them. */
export interface CheckoutError {
  code: string;
  status: number;
  message: string;
  messageEn: string;
  details?: Array<{ field?: string; message: string; messageEn?: string }>;
}

export interface CheckoutRequestStatus {
  phase?: 'PENDING' | 'CREATED' | 'FAILED';
  paymentId?: string;
  /** The order's payment page. */
  payUrl?: string;
  processedAt?: string;
  error?: CheckoutError;
}

export const CheckoutRequest = defineKind<CheckoutRequestSpec, CheckoutRequestStatus>({
  group: RESOURCE_GROUP,
  version: RESOURCE_VERSION,
  kind: 'CheckoutRequest',
  plural: 'checkoutrequests',
});
export type CheckoutRequest = ObjectOf<typeof CheckoutRequest>;

/** Processed requests are kept this long (the requester reads the answer at once; the order keeps the references). */
export const CHECKOUT_RETENTION_MS = 24 * 60 * 60_000;
